#pragma once
// In-process server on port 0 for integration tests, plus small synchronous Beast clients.

#include "server/config.hpp"
#include "server/net/connection.hpp"
#include "server/net/server.hpp"

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace belote::net::testing {

/// A temporary directory tree: <root>/web (the web dir, with a few files) and
/// <root>/CMakeLists.txt (a "secret" outside the web dir). Removed on destruction.
class TempWebDir {
public:
    TempWebDir();
    ~TempWebDir();
    const std::filesystem::path& web() const { return web_; }
    static constexpr const char* secret = "SECRET-OUTSIDE-WEB-ROOT";

private:
    std::filesystem::path root_;
    std::filesystem::path web_;
};

/// Runs a Server on 127.0.0.1:0 on a background thread; stops and joins on destruction.
class TestServer {
public:
    /// `config.address`, `config.port` and `config.web_dir` are overridden.
    explicit TestServer(std::shared_ptr<ConnectionHandler> handler, Config config = {});
    ~TestServer();

    unsigned short port() const { return server_->port(); }
    const std::filesystem::path& web_dir() const { return web_.web(); }

private:
    TempWebDir web_;
    boost::asio::io_context ioc_;
    boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_;
    std::unique_ptr<Server> server_;
    std::thread thread_;
};

/// A handler for tests. Text commands: "close <code> <reason>" closes the connection,
/// "flood <n>" sends n messages "m0".."m<n-1>", "throw" throws; anything else is echoed. Records the
/// connections (weakly: a Connection must not outlive the io_context) and lets the test wait
/// for events (condition variable, bounded wait).
class ScriptedHandler final : public ConnectionHandler, public std::enable_shared_from_this<ScriptedHandler> {
public:
    std::shared_ptr<MessageSink> on_open(std::shared_ptr<Connection> connection) override;
    void on_text(const std::shared_ptr<Connection>& connection, std::string text);
    void on_close(const std::shared_ptr<Connection>& connection);

    /// Waits until `n` connections were opened; returns the n-th (nullptr on timeout or if it
    /// no longer exists).
    std::shared_ptr<Connection> wait_opened(std::size_t n);
    /// Waits until `n` on_close calls happened; false on timeout.
    bool wait_closed(std::size_t n);
    /// Number of on_close calls per connection id so far (for exactly-once checks).
    std::size_t close_count(std::uint64_t id);

private:
    static constexpr auto timeout = std::chrono::seconds(20);
    std::mutex mutex_;
    std::condition_variable cv_;
    std::vector<std::weak_ptr<Connection>> opened_;
    std::vector<std::uint64_t> closed_;
};

/// Sends one HTTP/1.1 request to 127.0.0.1:`port` and returns the response (Connection: close).
boost::beast::http::response<boost::beast::http::string_body> http_request(unsigned short port,
                                                                           boost::beast::http::verb method,
                                                                           const std::string& target);

/// A connected, handshaken synchronous WebSocket client.
class WsClient {
public:
    /// Connects to 127.0.0.1:`port` and performs the handshake for `target`.
    /// Throws boost::system::system_error on failure.
    explicit WsClient(unsigned short port, const std::string& target = "/ws");

    void send_text(const std::string& text);
    void send_binary(const std::string& data);
    /// Reads one message; returns false (and sets `ec`) when the connection ended.
    bool read(std::string& out, boost::beast::error_code& ec);
    /// Reads messages until the connection ends; returns them. The close reason is in reason().
    std::vector<std::string> read_until_closed(boost::beast::error_code& ec);
    boost::beast::websocket::close_reason reason() const { return ws_.reason(); }
    /// Client-initiated close: sends a close frame, reads (and drops) messages until the server's
    /// close frame, then shuts the TCP connection down.
    void close(boost::beast::websocket::close_code code, boost::beast::error_code& ec) { ws_.close(code, ec); }
    /// Sends a ping (its pong is consumed by the next read).
    void ping() { ws_.ping({}); }

private:
    boost::asio::io_context ioc_;
    boost::beast::websocket::stream<boost::asio::ip::tcp::socket> ws_;
};

}  // namespace belote::net::testing
