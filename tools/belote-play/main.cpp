// belote-play: connects to a belote-server, creates a table, sits in seat 0, puts robots in seats
// 1-3, starts, and plays the first legal action whenever it is seat 0's turn until match_ended.
// Exit status 0 when the match ended normally; 1 on any error, refused request, close or timeout.
// With --wait-close CODE it then stays connected until the server closes the WebSocket, and
// succeeds only if the close code is CODE (e.g. 1012 while the server shuts down).
//
//   belote-play --host 127.0.0.1 --port 8080 [--target 1000] [--timeout-s 300] [--wait-close 1012]

#include <CLI/CLI.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <deque>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>

namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

/// A synchronous-looking WebSocket client whose every operation respects one overall deadline.
class Client {
public:
    Client(const std::string& host, unsigned short port, Clock::time_point deadline) : ws_(ioc_), deadline_(deadline) {
        asio::ip::tcp::resolver resolver(ioc_);
        const auto endpoints = resolver.resolve(host, std::to_string(port));
        beast::get_lowest_layer(ws_).expires_at(deadline_);
        beast::error_code ec;
        run(
            [&](auto done) {
                beast::get_lowest_layer(ws_).async_connect(endpoints, [done](beast::error_code e, auto&&) { done(e); });
            },
            "connect");
        beast::get_lowest_layer(ws_).expires_never();
        run([&](auto done) { ws_.async_handshake(host + ":" + std::to_string(port), "/ws", done); }, "handshake");
        ws_.text(true);
    }

    /// Sends `message` with a fresh id and reads until its reply; other messages are kept for next().
    json request(json message) {
        message["id"] = next_id_++;
        const json id = message["id"];
        send(message);
        for (;;) {
            json m = read();
            const std::string type = m.value("type", "");
            if ((type == "ok" || type == "error") && m["id"] == id) {
                if (type == "error") throw std::runtime_error("request " + message.dump() + " refused: " + m.dump());
                return m;
            }
            pending_.push_back(std::move(m));
        }
    }

    /// Sends without waiting for the reply (replies are then returned by next()).
    void send(const json& message) {
        const std::string text = message.dump();
        run(
            [&](auto done) {
                ws_.async_write(asio::buffer(text), [done](beast::error_code e, std::size_t) { done(e); });
            },
            "write");
    }

    /// The next message (kept ones first).
    json next() {
        if (!pending_.empty()) {
            json m = std::move(pending_.front());
            pending_.pop_front();
            return m;
        }
        return read();
    }

    long next_id() { return next_id_++; }

    /// Reads (and drops) messages until the server closes the connection; returns its close code.
    int wait_closed() {
        for (;;) {
            beast::flat_buffer buffer;
            auto state = std::make_shared<std::pair<bool, beast::error_code>>(false, beast::error_code{});
            ws_.async_read(buffer, [state](beast::error_code e, std::size_t) { *state = {true, e}; });
            ioc_.restart();
            while (!state->first && ioc_.run_one_until(deadline_) > 0) {}
            if (!state->first) throw std::runtime_error("timed out waiting for the server to close");
            if (state->second == websocket::error::closed) return ws_.reason().code;
            if (state->second) throw std::runtime_error("read: " + state->second.message());
        }
    }

private:
    json read() {
        beast::flat_buffer buffer;
        run([&](auto done) { ws_.async_read(buffer, [done](beast::error_code e, std::size_t) { done(e); }); }, "read");
        return json::parse(beast::buffers_to_string(buffer.data()));
    }

    /// Starts an async operation and runs the io_context until it completes or the deadline passes.
    template <class Start>
    void run(Start&& start, const char* what) {
        auto state = std::make_shared<std::pair<bool, beast::error_code>>(false, beast::error_code{});
        start([state](beast::error_code ec) { *state = {true, ec}; });
        ioc_.restart();
        while (!state->first && ioc_.run_one_until(deadline_) > 0) {}
        if (!state->first) throw std::runtime_error(std::string("timed out (") + what + ")");
        if (state->second == websocket::error::closed)
            throw std::runtime_error("the server closed the connection: code " + std::to_string(ws_.reason().code) +
                                     " " + std::string(ws_.reason().reason.c_str()));
        if (state->second) throw std::runtime_error(std::string(what) + ": " + state->second.message());
    }

    asio::io_context ioc_;
    websocket::stream<beast::tcp_stream> ws_;
    Clock::time_point deadline_;
    std::deque<json> pending_;
    long next_id_ = 1;
};

}  // namespace

int main(int argc, char** argv) {
    std::string host = "127.0.0.1";
    unsigned short port = 8080;
    int target = 1000;
    unsigned timeout_s = 300;
    bool quiet = false;
    int wait_close = 0;
    CLI::App app{"belote-play: play one match (seat 0, first legal action) against three robots on a belote-server",
                 "belote-play"};
    app.add_option("--host", host, "Server host")->capture_default_str();
    app.add_option("-p,--port", port, "Server port")->envname("BELOTE_PORT")->capture_default_str();
    app.add_option("--target", target, "Match target (301, 501 or 1000)")->capture_default_str();
    app.add_option("--timeout-s", timeout_s, "Give up after this many seconds")->capture_default_str();
    app.add_flag("-q,--quiet", quiet, "Print only the result line");
    app.add_option("--wait-close", wait_close,
                   "After match_ended, stay connected until the server closes; succeed only with this close code");
    CLI11_PARSE(app, argc, argv);

    const auto started = Clock::now();
    try {
        Client client(host, port, started + std::chrono::seconds(timeout_s));
        client.request({{"type", "hello"}, {"protocol", 1}, {"nickname", "belote-play"}});
        const std::string table =
            client.request({{"type", "create_table"}, {"variant", "classic"}, {"target", target}})["table"];
        client.request({{"type", "sit"}, {"table", table}, {"seat", 0}});
        for (int seat = 1; seat <= 3; ++seat) client.request({{"type", "add_robot"}, {"table", table}, {"seat", seat}});
        client.request({{"type", "start"}, {"table", table}});
        if (!quiet) std::cout << "table " << table << " started" << std::endl;

        long actions = 0, messages = 0, deals = 0;
        for (;;) {
            json m = client.next();
            ++messages;
            const std::string type = m.value("type", "");
            if (type == "error") throw std::runtime_error("refused: " + m.dump());
            if (type == "deal_scored") {
                ++deals;
                if (!quiet) std::cout << "deal " << m["deal"] << " scored, totals " << m["totals"].dump() << std::endl;
            } else if (type == "turn" && m.value("seat", -1) == 0) {
                const json& legal = m.at("legal");
                if (legal.empty()) throw std::runtime_error("turn without legal actions: " + m.dump());
                json action = legal.at(0);
                action["table"] = table;
                action["id"] = client.next_id();
                client.send(action);  // its ok reply arrives as a message like the events
                ++actions;
            } else if (type == "match_ended") {
                const auto secs = std::chrono::duration<double>(Clock::now() - started).count();
                std::cout << "match_ended: table " << table << ", winner team " << m["winner"] << ", totals "
                          << m["totals"].dump() << ", " << deals << " deals, " << actions << " actions, " << messages
                          << " messages, " << secs << " s" << std::endl;
                if (wait_close == 0) return 0;
                const int code = client.wait_closed();
                std::cout << "closed by the server with code " << code << std::endl;
                return code == wait_close ? 0 : 1;
            }
        }
    } catch (const std::exception& e) {
        std::cerr << "belote-play: " << e.what() << std::endl;
        return 1;
    }
}
