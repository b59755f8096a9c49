#include "tests/net/test_server.hpp"

#include <boost/asio/connect.hpp>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <unistd.h>

namespace belote::net::testing {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

namespace {

void write_file(const std::filesystem::path& path, const std::string& content) {
    std::ofstream(path, std::ios::binary) << content;
}

}  // namespace

TempWebDir::TempWebDir() {
    static std::atomic<int> counter{0};
    root_ = std::filesystem::temp_directory_path() /
            ("belote-net-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    web_ = root_ / "web";
    std::filesystem::create_directories(web_ / "sub");
    write_file(root_ / "CMakeLists.txt", secret);
    write_file(web_ / "index.html", "<!doctype html><title>belote</title>");
    write_file(web_ / "app.js", "console.log('hi');");
    write_file(web_ / "style.css", "body{}");
    write_file(web_ / "logo.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>");
    write_file(web_ / "icon.png", "\x89PNG");
    write_file(web_ / "data.json", "{}");
    write_file(web_ / "favicon.ico", "ico");
    write_file(web_ / ".hidden", "hidden");
    write_file(web_ / "sub" / "index.html", "<p>sub</p>");
}

TempWebDir::~TempWebDir() {
    std::error_code ec;
    std::filesystem::remove_all(root_, ec);
}

TestServer::TestServer(std::shared_ptr<ConnectionHandler> handler, Config config) : work_(asio::make_work_guard(ioc_)) {
    config.address = "127.0.0.1";
    config.port = 0;
    config.web_dir = web_.web().string();
    server_ = std::make_unique<Server>(ioc_, config, std::move(handler));
    thread_ = std::thread([this] { ioc_.run(); });
}

TestServer::~TestServer() {
    server_->stop();
    work_.reset();
    ioc_.stop();
    thread_.join();
    server_.reset();
}

namespace {

/// Hands one connection's messages to the ScriptedHandler.
class ScriptedSink final : public MessageSink {
public:
    ScriptedSink(std::shared_ptr<ScriptedHandler> handler, std::shared_ptr<Connection> connection)
        : handler_(std::move(handler)), connection_(std::move(connection)) {}
    void on_text(std::string_view text) override { handler_->on_text(connection_, std::string(text)); }
    void on_close() override { handler_->on_close(connection_); }

private:
    std::shared_ptr<ScriptedHandler> handler_;
    std::shared_ptr<Connection> connection_;
};

}  // namespace

std::shared_ptr<MessageSink> ScriptedHandler::on_open(std::shared_ptr<Connection> connection) {
    {
        std::lock_guard lock(mutex_);
        opened_.push_back(connection);
        cv_.notify_all();
    }
    return std::make_shared<ScriptedSink>(shared_from_this(), std::move(connection));
}

void ScriptedHandler::on_text(const std::shared_ptr<Connection>& connection, std::string text) {
    std::istringstream in(text);
    std::string command;
    in >> command;
    if (command == "close") {
        std::uint16_t code = 0;
        std::string reason;
        in >> code;
        std::getline(in >> std::ws, reason);
        connection->close(code, reason);
    } else if (command == "throw") {
        throw std::runtime_error("handler failure");
    } else if (command == "flood") {
        int n = 0;
        in >> n;
        for (int i = 0; i < n; ++i) connection->send("m" + std::to_string(i));
    } else {
        connection->send(std::move(text));
    }
}

void ScriptedHandler::on_close(const std::shared_ptr<Connection>& connection) {
    std::lock_guard lock(mutex_);
    closed_.push_back(connection->id());
    cv_.notify_all();
}

std::shared_ptr<Connection> ScriptedHandler::wait_opened(std::size_t n) {
    std::unique_lock lock(mutex_);
    if (!cv_.wait_for(lock, timeout, [&] { return opened_.size() >= n; })) return nullptr;
    return opened_[n - 1].lock();
}

bool ScriptedHandler::wait_closed(std::size_t n) {
    std::unique_lock lock(mutex_);
    return cv_.wait_for(lock, timeout, [&] { return closed_.size() >= n; });
}

std::size_t ScriptedHandler::close_count(std::uint64_t id) {
    std::lock_guard lock(mutex_);
    return static_cast<std::size_t>(std::count(closed_.begin(), closed_.end(), id));
}

http::response<http::string_body> http_request(unsigned short port, http::verb method, const std::string& target) {
    asio::io_context ioc;
    tcp::socket socket(ioc);
    socket.connect({asio::ip::make_address("127.0.0.1"), port});
    http::request<http::empty_body> req{method, target, 11};
    req.set(http::field::host, "127.0.0.1");
    req.keep_alive(false);
    http::write(socket, req);
    beast::flat_buffer buffer;
    http::response_parser<http::string_body> parser;
    parser.skip(method == http::verb::head);
    http::read(socket, buffer, parser);
    return parser.release();
}

WsClient::WsClient(unsigned short port, const std::string& target) : ws_(ioc_) {
    ws_.next_layer().connect({asio::ip::make_address("127.0.0.1"), port});
    ws_.handshake("127.0.0.1:" + std::to_string(port), target);
}

void WsClient::send_text(const std::string& text) {
    ws_.text(true);
    ws_.write(asio::buffer(text));
}

void WsClient::send_binary(const std::string& data) {
    ws_.binary(true);
    ws_.write(asio::buffer(data));
}

bool WsClient::read(std::string& out, beast::error_code& ec) {
    beast::flat_buffer buffer;
    ws_.read(buffer, ec);
    if (ec) return false;
    out = beast::buffers_to_string(buffer.data());
    return true;
}

std::vector<std::string> WsClient::read_until_closed(beast::error_code& ec) {
    std::vector<std::string> messages;
    std::string message;
    while (read(message, ec)) messages.push_back(message);
    return messages;
}

}  // namespace belote::net::testing
