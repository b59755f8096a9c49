#include "server/net/http_session.hpp"

#include "server/net/http_routes.hpp"
#include "server/net/origin_check.hpp"
#include "server/net/websocket_session.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/dispatch.hpp>
#include <boost/beast/websocket/rfc6455.hpp>

#include <chrono>
#include <string_view>
#include <variant>

namespace belote::net {

namespace beast = boost::beast;
namespace http = beast::http;

namespace {
constexpr auto request_timeout = std::chrono::seconds(30);
constexpr std::uint32_t header_limit = 8 * 1024;
constexpr std::uint64_t body_limit = 16 * 1024;
}  // namespace

HttpSession::HttpSession(Socket&& socket, std::shared_ptr<const SessionContext> ctx)
    : stream_(std::move(socket)), ctx_(std::move(ctx)) {}

void HttpSession::run() {
    // Start on the connection's strand.
    boost::asio::dispatch(stream_.get_executor(), beast::bind_front_handler(&HttpSession::do_read, shared_from_this()));
}

void HttpSession::do_read() {
    parser_.emplace();
    parser_->header_limit(header_limit);
    parser_->body_limit(body_limit);
    stream_.expires_after(request_timeout);
    http::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
}

void HttpSession::on_read(beast::error_code ec, std::size_t) {
    if (ec == http::error::end_of_stream) return do_shutdown();
    if (ec) {
        if (ec != beast::error::timeout && ec != boost::asio::error::operation_aborted) {
            spdlog::debug("http read: {}", ec.message());
        }
        return;  // the socket closes when this session is destroyed
    }

    const auto& req = parser_->get();
    const std::string_view target = req.target();
    const std::string_view path = target.substr(0, target.find('?'));
    if (beast::websocket::is_upgrade(req) && path == "/ws") {
        const std::string_view origin = req[http::field::origin];
        if (!origin_allowed(origin, req[http::field::host], ctx_->allowed_origins)) return refuse_origin(origin);
        spdlog::debug("http {} /ws (upgrade)", std::string_view(req.method_string()));
        return upgrade_to_websocket();
    }
    auto response = handle_http_request(req, ctx_->web_root);
    // Never the query (a link's `?table=…&invite=…` carries an invitation code), and the path only
    // of what was served: an unknown path may be a mistyped link with a code in it (/join/<t>/<code>).
    const unsigned status = std::visit([](const auto& res) { return res.result_int(); }, response);
    spdlog::debug("http {} {} -> {}", std::string_view(req.method_string()),
                  status < 400 ? path : std::string_view("(path not logged)"), status);
    std::visit([this](auto&& res) { write(std::move(res)); }, std::move(response));
}

void HttpSession::refuse_origin(std::string_view origin) {
    // The origin is a page's scheme, host and port: no secret (the request target is not logged).
    spdlog::warn("websocket upgrade refused: origin '{}' is not allowed", origin.substr(0, 200));
    http::response<http::string_body> res{http::status::forbidden, parser_->get().version()};
    res.set(http::field::server, "belote-server");
    res.set(http::field::content_type, "text/plain; charset=utf-8");
    res.keep_alive(false);
    res.body() =
        "403 Forbidden: WebSocket connections are accepted only from this server's own pages or an origin allowed "
        "with --allowed-origin (docs/operations.md, \"Origin check\").\n";
    res.prepare_payload();
    write(std::move(res));
}

void HttpSession::upgrade_to_websocket() {
    stream_.expires_never();
    std::make_shared<WebSocketSession>(stream_.release_socket(), *ctx_)->run(parser_->release());
}

template <class Response>
void HttpSession::write(Response&& res) {
    const bool keep_alive = res.keep_alive();
    auto owned = std::make_shared<std::decay_t<Response>>(std::forward<Response>(res));
    response_ = owned;
    stream_.expires_after(request_timeout);
    http::async_write(stream_, *owned,
                      beast::bind_front_handler(&HttpSession::on_write, shared_from_this(), keep_alive));
}

void HttpSession::on_write(bool keep_alive, beast::error_code ec, std::size_t) {
    response_.reset();
    if (ec) {
        spdlog::debug("http write: {}", ec.message());
        return;
    }
    if (!keep_alive) return do_shutdown();
    do_read();
}

void HttpSession::do_shutdown() {
    beast::error_code ec;
    stream_.socket().shutdown(boost::asio::ip::tcp::socket::shutdown_send, ec);
}

}  // namespace belote::net
