#pragma once

#include "server/net/session_context.hpp"
#include "server/net/socket.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>

#include <memory>
#include <optional>
#include <string_view>

namespace belote::net {

/// One accepted TCP connection speaking HTTP/1.1: answers requests one at a time with
/// handle_http_request (keep-alive supported), and hands the socket over to a WebSocketSession
/// when a request upgrades "/ws". Lives as long as its pending operations (shared_from_this).
///
/// Bounds: 30 s to receive each request, 8 KiB of headers, 16 KiB of body; a request over a bound
/// or malformed ends the connection. An upgrade whose Origin is not allowed (origin_check.hpp) is
/// answered 403 Forbidden.
class HttpSession : public std::enable_shared_from_this<HttpSession> {
public:
    /// `socket` must have been accepted with a strand executor (see Listener).
    HttpSession(Socket&& socket, std::shared_ptr<const SessionContext> ctx);

    /// Starts reading requests. Call once.
    void run();

private:
    void do_read();
    void on_read(boost::beast::error_code ec, std::size_t bytes);
    void upgrade_to_websocket();
    /// Answers an upgrade from a page of `origin` that is not allowed (origin_check.hpp) with 403.
    void refuse_origin(std::string_view origin);
    template <class Response>
    void write(Response&& res);
    void on_write(bool keep_alive, boost::beast::error_code ec, std::size_t bytes);
    void do_shutdown();

    HttpStream stream_;
    boost::beast::flat_buffer buffer_;
    std::optional<boost::beast::http::request_parser<boost::beast::http::string_body>> parser_;
    std::shared_ptr<void> response_;  // keeps the response being written alive
    std::shared_ptr<const SessionContext> ctx_;
};

}  // namespace belote::net
