#include "server/ops/http_ops.hpp"

#include "server/ops/lifecycle.hpp"
#include "server/ops/metrics.hpp"

namespace belote::ops {

std::optional<OpsResponse> ops_route(std::string_view path) {
    if (path == "/readyz") {
        if (lifecycle().draining()) return OpsResponse{503, "application/json", R"({"status":"draining"})"};
        if (!lifecycle().storage_ok()) return OpsResponse{503, "application/json", R"({"status":"storage"})"};
        return OpsResponse{200, "application/json", R"({"status":"ready"})"};
    }
    if (path == "/metrics") return OpsResponse{200, std::string(metrics_content_type), metrics().serialize()};
    return std::nullopt;
}

}  // namespace belote::ops
