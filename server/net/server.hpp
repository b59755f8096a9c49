#pragma once

#include "server/config.hpp"
#include "server/net/connection.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

#include <memory>

namespace belote::net {

class Listener;

/// The HTTP + WebSocket server: static files from Config::web_dir, GET /healthz, and WebSocket
/// connections on /ws handed to a ConnectionHandler. Runs on the threads that run `ioc`.
///
/// Usable in-process (tests): construct with port 0, read port(), run the io_context.
class Server {
public:
    /// Binds config.address:config.port and starts accepting (connections are served once `ioc`
    /// runs). Uses web_dir, max_frame_bytes and max_send_queue from `config`.
    /// A missing web_dir is logged (every static file is then 404), not fatal. The server keeps
    /// `handler` alive until it is destroyed (connections reference it only weakly).
    /// Throws boost::system::system_error if the address is invalid or cannot be bound.
    Server(boost::asio::io_context& ioc, const Config& config, std::shared_ptr<ConnectionHandler> handler);

    /// Calls stop().
    ~Server();

    Server(const Server&) = delete;
    Server& operator=(const Server&) = delete;

    /// The bound port (the actual one when config.port was 0).
    unsigned short port() const;

    /// The bound address and port.
    boost::asio::ip::tcp::endpoint endpoint() const;

    /// Stops accepting new connections; open ones continue until closed or until the io_context
    /// stops. Thread-safe, idempotent.
    void stop();

private:
    std::shared_ptr<Listener> listener_;
};

}  // namespace belote::net
