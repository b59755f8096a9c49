#pragma once
// Plain HTTP routes: GET /healthz and static files. WebSocket upgrades are handled by HttpSession.

#include <boost/beast/http.hpp>

#include <filesystem>
#include <variant>

namespace belote::net {

using HttpRequest = boost::beast::http::request<boost::beast::http::string_body>;

/// A response of one of the body types the routes produce (Beast 1.74 has no message_generator).
using HttpResponse = std::variant<boost::beast::http::response<boost::beast::http::string_body>,
                                  boost::beast::http::response<boost::beast::http::file_body>,
                                  boost::beast::http::response<boost::beast::http::empty_body>>;

/// Builds the response to a non-upgrade request. Never throws for bad input:
///   GET|HEAD /healthz   200 application/json {"status":"ok"}
///   GET|HEAD /readyz, /metrics   see ops::ops_route (server/ops/http_ops.hpp)
///   GET|HEAD /ws        426 (a WebSocket upgrade is required)
///   GET|HEAD /path      the file under `web_root` (see resolve_static_path): 200 with its MIME
///                       type, 301 to "path/" for a directory, 404 if absent, 400 if the path
///                       tries to leave the web root or is malformed
///   other methods       405
/// HEAD responses carry the headers (and Content-Length) of the GET response without a body.
/// The response's version and keep-alive follow the request.
HttpResponse handle_http_request(const HttpRequest& req, const std::filesystem::path& web_root);

}  // namespace belote::net
