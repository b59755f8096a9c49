#include "tests/server/game_client.hpp"

#include <boost/asio/connect.hpp>

#include <filesystem>
#include <stdexcept>

#include "server/app.hpp"

namespace belote::testing {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;

GameClient::GameClient(unsigned short port, std::chrono::milliseconds timeout) : ws_(ioc_), timeout_(timeout) {
    asio::ip::tcp::endpoint endpoint(asio::ip::make_address("127.0.0.1"), port);
    ws_.next_layer().connect(endpoint);
    ws_.next_layer().set_option(asio::ip::tcp::no_delay(true));
    ws_.handshake("127.0.0.1:" + std::to_string(port), "/ws");
}

GameClient::~GameClient() {
    beast::error_code ec;
    ws_.next_layer().shutdown(asio::ip::tcp::socket::shutdown_both, ec);
    ws_.next_layer().close(ec);
}

void GameClient::send_text(const std::string& text) {
    ws_.text(true);
    ws_.write(asio::buffer(text));
}

json GameClient::read_one() {
    if (broken_) throw std::runtime_error("client broken by an earlier timeout");
    struct State {
        beast::flat_buffer buffer;
        beast::error_code ec;
        bool done = false;
    };
    auto state = std::make_shared<State>();
    ws_.async_read(state->buffer, [state](beast::error_code ec, std::size_t) {
        state->ec = ec;
        state->done = true;
    });
    ioc_.restart();
    const auto deadline = std::chrono::steady_clock::now() + timeout_;
    while (!state->done && ioc_.run_one_until(deadline) > 0) {}
    if (!state->done) {
        broken_ = true;
        throw std::runtime_error("timed out waiting for a message");
    }
    if (state->ec) throw beast::system_error(state->ec);
    return json::parse(beast::buffers_to_string(state->buffer.data()));
}

json GameClient::next() {
    if (!pending_.empty()) {
        json m = std::move(pending_.front());
        pending_.pop_front();
        return m;
    }
    return read_one();
}

json GameClient::request(json message) {
    if (!message.contains("id")) message["id"] = next_id_++;
    const json id = message["id"];
    send(message);
    for (;;) {
        json m = read_one();
        const auto type = m.value("type", "");
        if ((type == "ok" || type == "error") && m["id"] == id) return m;
        pending_.push_back(std::move(m));
    }
}

json GameClient::next_event() {
    for (;;) {
        json m = next();
        const auto type = m.value("type", "");
        if (type != "ok" && type != "error") return m;
    }
}

json GameClient::next_event_of(const std::string& type) {
    for (;;) {
        json m = next_event();
        if (m.value("type", "") == type) return m;
    }
}

json GameClient::hello(const std::string& nickname, const std::string& token) {
    json m{{"type", "hello"}, {"protocol", 1}, {"nickname", nickname}};
    if (!token.empty()) m["token"] = token;
    return request(m);
}

int GameClient::read_until_closed() {
    for (;;) {
        try {
            read_one();
        } catch (const beast::system_error& e) {
            if (e.code() == websocket::error::closed) return ws_.reason().code;
            throw;
        }
    }
}

Config GameServer::test_config() {
    Config config;
    config.robot_delay_ms = 0;
    return config;
}

GameServer::GameServer(Config config) : work_(asio::make_work_guard(ioc_)) {
    config.address = "127.0.0.1";
    config.port = 0;
    config.web_dir = std::filesystem::temp_directory_path().string();
    server_ = std::make_unique<net::Server>(ioc_, config, make_game_handler(ioc_, config));
    for (int i = 0; i < 2; ++i) threads_.emplace_back([this] { ioc_.run(); });
}

GameServer::~GameServer() {
    server_->stop();
    ioc_.stop();
    for (auto& t : threads_) t.join();
}

}  // namespace belote::testing
