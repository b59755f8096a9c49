#include "server/net/http_routes.hpp"

#include "server/net/static_files.hpp"
#include "server/ops/http_ops.hpp"

#include <string>
#include <string_view>

namespace belote::net {

namespace http = boost::beast::http;

namespace {

constexpr std::string_view server_name = "belote-server";

template <class Body>
void set_common(http::response<Body>& res, const HttpRequest& req) {
    res.version(req.version());
    res.keep_alive(req.keep_alive());
    res.set(http::field::server, server_name);
    res.set("X-Content-Type-Options", "nosniff");
}

/// A response with an in-memory body (headers only for HEAD).
HttpResponse text_response(const HttpRequest& req, http::status status, std::string_view content_type,
                           std::string body) {
    if (req.method() == http::verb::head) {
        http::response<http::empty_body> res{status, req.version()};
        set_common(res, req);
        res.set(http::field::content_type, content_type);
        res.content_length(body.size());
        return res;
    }
    http::response<http::string_body> res{status, req.version()};
    set_common(res, req);
    res.set(http::field::content_type, content_type);
    res.body() = std::move(body);
    res.prepare_payload();
    return res;
}

HttpResponse error_response(const HttpRequest& req, http::status status, std::string_view what) {
    return text_response(req, status, "text/plain; charset=utf-8", std::string(what) + "\n");
}

HttpResponse file_response(const HttpRequest& req, const std::filesystem::path& path) {
    boost::beast::error_code ec;
    http::file_body::value_type body;
    body.open(path.c_str(), boost::beast::file_mode::scan, ec);
    if (ec) return error_response(req, http::status::not_found, "Not found");

    const auto size = body.size();
    const auto type = mime_type(path.filename().native());
    if (req.method() == http::verb::head) {
        http::response<http::empty_body> res{http::status::ok, req.version()};
        set_common(res, req);
        res.set(http::field::content_type, type);
        res.set(http::field::cache_control, "no-cache");
        res.content_length(size);
        return res;
    }
    http::response<http::file_body> res{std::piecewise_construct, std::make_tuple(std::move(body)),
                                        std::make_tuple(http::status::ok, req.version())};
    set_common(res, req);
    res.set(http::field::content_type, type);
    res.set(http::field::cache_control, "no-cache");
    res.content_length(size);
    return res;
}

}  // namespace

HttpResponse handle_http_request(const HttpRequest& req, const std::filesystem::path& web_root) {
    if (req.method() != http::verb::get && req.method() != http::verb::head) {
        auto res = error_response(req, http::status::method_not_allowed, "Method not allowed");
        std::visit([](auto& r) { r.set(http::field::allow, "GET, HEAD"); }, res);
        return res;
    }

    const std::string_view target = req.target();
    const auto query_at = target.find('?');
    const std::string_view path = target.substr(0, query_at);
    const std::string_view query = query_at == std::string_view::npos ? std::string_view{} : target.substr(query_at);

    if (path == "/healthz") {
        auto res = text_response(req, http::status::ok, "application/json", R"({"status":"ok"})");
        std::visit([](auto& r) { r.set(http::field::cache_control, "no-store"); }, res);
        return res;
    }
    if (auto route = ops::ops_route(path)) {  // /readyz, /metrics
        auto res =
            text_response(req, static_cast<http::status>(route->status), route->content_type, std::move(route->body));
        std::visit([](auto& r) { r.set(http::field::cache_control, "no-store"); }, res);
        return res;
    }
    if (path == "/ws") {
        auto res = error_response(req, http::status::upgrade_required, "WebSocket upgrade required");
        std::visit([](auto& r) { r.set(http::field::upgrade, "websocket"); }, res);
        return res;
    }

    const auto resolved = resolve_static_path(web_root, path);
    switch (resolved.kind) {
        case StaticPath::Kind::file: return file_response(req, resolved.path);
        case StaticPath::Kind::directory: {
            auto res = error_response(req, http::status::moved_permanently, "Moved");
            std::visit([&](auto& r) { r.set(http::field::location, std::string(path) + "/" + std::string(query)); },
                       res);
            return res;
        }
        case StaticPath::Kind::forbidden:
            return error_response(req, http::status::bad_request, "Illegal request target");
        case StaticPath::Kind::not_found: break;
    }
    return error_response(req, http::status::not_found, "Not found");
}

}  // namespace belote::net
