#include "server/net/http_session.hpp"

#include "server/net/http_routes.hpp"
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
    spdlog::debug("http {} {}", std::string_view(req.method_string()), std::string_view(req.target()));
    if (beast::websocket::is_upgrade(req)) {
        const std::string_view target = req.target();
        if (target.substr(0, target.find('?')) == "/ws") return upgrade_to_websocket();
    }
    std::visit([this](auto&& res) { write(std::move(res)); }, handle_http_request(req, ctx_->web_root));
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
