#pragma once

#include "server/net/session_context.hpp"
#include "server/net/socket.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/error.hpp>

#include <memory>

namespace belote::net {

/// Accepts TCP connections and starts an HttpSession for each, every socket on its own strand.
class Listener : public std::enable_shared_from_this<Listener> {
public:
    /// Opens, binds (port 0 picks a free port) and listens on `endpoint`.
    /// Throws boost::system::system_error if that fails (e.g. address in use).
    Listener(boost::asio::io_context& ioc, const boost::asio::ip::tcp::endpoint& endpoint,
             std::shared_ptr<const SessionContext> ctx);

    /// Starts accepting. Call once.
    void run();

    /// Stops accepting (existing sessions continue). Thread-safe, idempotent.
    void stop();

    /// The bound address and port.
    const boost::asio::ip::tcp::endpoint& local_endpoint() const { return local_endpoint_; }

private:
    void do_accept();
    void on_accept(boost::beast::error_code ec, Socket socket);

    boost::asio::io_context& ioc_;
    boost::asio::ip::tcp::acceptor acceptor_;  // on its own strand
    boost::asio::steady_timer retry_timer_;    // back-off after accept errors (e.g. EMFILE)
    boost::asio::ip::tcp::endpoint local_endpoint_;
    std::shared_ptr<const SessionContext> ctx_;
};

}  // namespace belote::net
