// belote-echo: the smallest Beast WebSocket server that sends every text message back, with the
// same transport settings as belote-server (one io_context run by --threads threads, a strand per
// connection, 64 KiB message limit, one write at a time from a queue). belote-loadgen drives it
// in the same run as belote-server, so the game server's throughput can be read as a fraction of
// what the transport alone does on the same machine at the same moment (docs/performance.md).
//
//   belote-echo --port 9001 --threads 2

#include <CLI/CLI.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <cstdio>
#include <deque>
#include <memory>
#include <string>
#include <thread>
#include <vector>

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {

/// One echo connection: reads a message, queues it, writes the queue in order.
class EchoSession : public std::enable_shared_from_this<EchoSession> {
public:
    explicit EchoSession(tcp::socket&& socket) : ws_(std::move(socket)) {}

    void run() {
        ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
        ws_.read_message_max(64 * 1024);
        ws_.text(true);
        ws_.async_accept(beast::bind_front_handler(&EchoSession::on_accept, shared_from_this()));
    }

private:
    void on_accept(beast::error_code ec) {
        if (!ec) do_read();
    }
    void do_read() { ws_.async_read(buffer_, beast::bind_front_handler(&EchoSession::on_read, shared_from_this())); }
    void on_read(beast::error_code ec, std::size_t) {
        if (ec) return;
        queue_.push_back(beast::buffers_to_string(buffer_.data()));
        buffer_.consume(buffer_.size());
        if (queue_.size() == 1) do_write();
        do_read();
    }
    void do_write() {
        ws_.async_write(asio::buffer(queue_.front()),
                        beast::bind_front_handler(&EchoSession::on_write, shared_from_this()));
    }
    void on_write(beast::error_code ec, std::size_t) {
        if (ec) return;
        queue_.pop_front();
        if (!queue_.empty()) do_write();
    }

    websocket::stream<beast::tcp_stream> ws_;
    beast::flat_buffer buffer_;
    std::deque<std::string> queue_;
};

/// Accepts connections, each on its own strand.
class Listener : public std::enable_shared_from_this<Listener> {
public:
    Listener(asio::io_context& ioc, const tcp::endpoint& endpoint) : ioc_(ioc), acceptor_(asio::make_strand(ioc)) {
        acceptor_.open(endpoint.protocol());
        acceptor_.set_option(asio::socket_base::reuse_address(true));
        acceptor_.bind(endpoint);
        acceptor_.listen(asio::socket_base::max_listen_connections);
    }
    void run() { do_accept(); }

private:
    void do_accept() {
        acceptor_.async_accept(asio::make_strand(ioc_),
                               beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
    }
    void on_accept(beast::error_code ec, tcp::socket socket) {
        if (!ec) std::make_shared<EchoSession>(std::move(socket))->run();
        do_accept();
    }
    asio::io_context& ioc_;
    tcp::acceptor acceptor_;
};

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"belote-echo: WebSocket echo server (transport baseline for belote-loadgen)"};
    std::string address = "127.0.0.1";
    unsigned short port = 9001;
    unsigned threads = 2;
    app.add_option("--address", address, "address to bind")->capture_default_str();
    app.add_option("--port", port, "port to bind")->capture_default_str();
    app.add_option("--threads", threads, "io_context threads")->capture_default_str()->check(CLI::Range(1, 64));
    CLI11_PARSE(app, argc, argv);

    asio::io_context ioc{static_cast<int>(threads)};
    std::make_shared<Listener>(ioc, tcp::endpoint{asio::ip::make_address(address), port})->run();
    asio::signal_set signals(ioc, SIGINT, SIGTERM);
    signals.async_wait([&](beast::error_code, int) { ioc.stop(); });
    std::vector<std::thread> pool;
    for (unsigned i = 1; i < threads; ++i) pool.emplace_back([&] { ioc.run(); });
    ioc.run();
    for (auto& t : pool) t.join();
    return 0;
}
