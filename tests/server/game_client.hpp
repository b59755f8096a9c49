#pragma once
// Test helpers for the game layer: a WebSocket client speaking docs/protocol.md with timeouts,
// and an in-process game server (real handler, real Server) on port 0.

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <nlohmann/json.hpp>

#include <chrono>
#include <deque>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "client/sync_client.hpp"
#include "server/config.hpp"
#include "server/net/server.hpp"

namespace belote::testing {

using nlohmann::json;
using namespace std::chrono_literals;

/// "ok" for a reply that is not an error, else the error's code (docs/protocol.md "Error codes").
inline std::string code(const json& reply) {
    return reply.value("type", "") == "error" ? reply.value("code", "") : "ok";
}

/// The error code of `reply` as JSON, or "<ok>" for a success (what the server tests compare).
inline json error_code_of(const json& reply) {
    return reply.value("type", "") == "error" ? reply["code"] : json("<ok>");
}

/// A WebSocket client for tests, in the JSON the tests write: client::SyncClient (belote_client)
/// with requests given and messages returned as nlohmann::json. Every read waits at most a
/// timeout (then throws), so a missing message fails the test instead of hanging it.
class GameClient {
public:
    /// Connects to ws://127.0.0.1:`port`/ws, from `local_address` when not empty. Throws on failure.
    explicit GameClient(unsigned short port, std::chrono::milliseconds timeout = 10s,
                        const std::string& local_address = "");

    /// Sends one text frame.
    void send_text(const std::string& text) { client_.send_text(text); }
    void send(const json& message) { send_text(message.dump()); }

    /// The next message in arrival order (buffered events first). Throws on timeout or close.
    json next() { return std::move(client_.next()).take_body(); }

    /// Sends `message` (an "id" is added when missing), then reads until the reply with that id.
    /// Events read meanwhile are kept, in order, for next()/next_event(). Returns the reply.
    json request(json message) { return client_.request_json(std::move(message)).take_body(); }

    /// The next buffered or incoming message that is not a reply (an event).
    json next_event() { return std::move(client_.next_event()).take_body(); }

    /// Skips events until one of `type` arrives and returns it (skipped events are dropped).
    json next_event_of(const std::string& type) { return std::move(client_.next_event_of(type)).take_body(); }

    /// hello with `nickname` (and `token` when not empty); returns the reply.
    json hello(const std::string& nickname, const std::string& token = "") {
        return std::move(client_.hello(nickname, token)).take_body();
    }

    /// Messages buffered by request() and not yet consumed.
    std::deque<client::Message>& pending() { return client_.pending(); }

    /// Reads until the server closes the connection; returns the close code (throws on timeout).
    int read_until_closed() { return client_.read_until_closed(); }

    /// The typed client underneath.
    client::SyncClient& typed() { return client_; }

private:
    client::SyncClient client_;
};

/// The real game handler behind a real Server on 127.0.0.1:0, on two io_context threads.
class GameServer {
public:
    /// `config.port`/`address`/`web_dir` are overridden; robot_delay_ms defaults to 0 here.
    explicit GameServer(Config config = test_config());
    ~GameServer();

    unsigned short port() const { return server_->port(); }
    static Config test_config();

private:
    boost::asio::io_context ioc_;
    boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_;
    std::shared_ptr<net::ConnectionHandler> handler_;
    std::unique_ptr<net::Server> server_;
    std::vector<std::thread> threads_;
};

}  // namespace belote::testing
