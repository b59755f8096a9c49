#pragma once
// The operations HTTP endpoints besides /healthz (which server/net answers itself).

#include <optional>
#include <string>
#include <string_view>

namespace belote::ops {

/// A response computed by ops_route.
struct OpsResponse {
    unsigned status;           ///< HTTP status code
    std::string content_type;  ///< Content-Type header
    std::string body;
};

/// Answers the operations routes (GET/HEAD; `path` without the query string):
///   /readyz   200 {"status":"ready"} while accepting new tables, 503 {"status":"draining"} during
///             a graceful shutdown (Lifecycle::draining)
///   /metrics  200 Prometheus text format (Metrics::serialize)
/// Returns nullopt for any other path.
std::optional<OpsResponse> ops_route(std::string_view path);

}  // namespace belote::ops
