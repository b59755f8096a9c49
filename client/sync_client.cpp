#include "client/sync_client.hpp"

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/buffers_to_string.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket.hpp>

#include <memory>

namespace belote::client {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

struct SyncClient::Socket {
    asio::io_context ioc;
    websocket::stream<beast::tcp_stream> ws{ioc};
};

ClosedError::ClosedError(int close_code, std::string close_reason)
    : std::runtime_error("the server closed the connection: code " + std::to_string(close_code) +
                         (close_reason.empty() ? std::string() : " (" + close_reason + ")")),
      code(close_code),
      reason(std::move(close_reason)) {}

SyncClient::SyncClient(const std::string& host, unsigned short port, std::chrono::milliseconds timeout,
                       const std::string& local_address)
    : socket_(std::make_unique<Socket>()), timeout_(timeout) {
    auto& ws = socket_->ws;
    tcp::resolver resolver(socket_->ioc);
    beast::error_code ec;
    const auto endpoints = resolver.resolve(host, std::to_string(port), ec);
    if (ec) throw TransportError("resolve " + host + ": " + ec.message());
    if (!local_address.empty()) {
        const tcp::endpoint to = *endpoints.begin();
        auto& socket = beast::get_lowest_layer(ws).socket();
        socket.open(to.protocol());
        socket.bind(tcp::endpoint(boost::asio::ip::make_address(local_address), 0), ec);
        if (ec) throw TransportError("bind " + local_address + ": " + ec.message());
        run([&](auto done) { beast::get_lowest_layer(ws).async_connect(to, done); }, "connect");
    } else {
        run(
            [&](auto done) {
                beast::get_lowest_layer(ws).async_connect(
                    endpoints, [done](beast::error_code e, const tcp::endpoint&) { done(e); });
            },
            "connect");
    }
    beast::get_lowest_layer(ws).socket().set_option(tcp::no_delay(true));
    run([&](auto done) { ws.async_handshake(host + ":" + std::to_string(port), "/ws", done); }, "handshake");
    ws.text(true);
}

SyncClient::~SyncClient() {
    beast::error_code ec;
    auto& socket = beast::get_lowest_layer(socket_->ws).socket();
    socket.shutdown(tcp::socket::shutdown_both, ec);
    socket.close(ec);
}

/// Starts an async operation with `start(done)` and runs the io_context until `done(ec)` is called
/// or the timeout / deadline passes.
template <class Start>
void SyncClient::run(Start&& start, const char* what) {
    if (broken_) throw TimeoutError(std::string(what) + ": the client timed out earlier");
    struct State {
        bool done = false;
        beast::error_code ec;
    };
    auto state = std::make_shared<State>();
    start([state](beast::error_code ec) {
        state->done = true;
        state->ec = ec;
    });
    auto until = std::chrono::steady_clock::now() + timeout_;
    if (deadline_ && *deadline_ < until) until = *deadline_;
    socket_->ioc.restart();
    while (!state->done && socket_->ioc.run_one_until(until) > 0) {}
    if (!state->done) {
        broken_ = true;
        throw TimeoutError(std::string("timed out (") + what + ")");
    }
    // A close frame was received: also when answering it failed (the server may shut the socket
    // right after its close frame, and Beast's reply then fails with a broken pipe).
    const auto& reason = socket_->ws.reason();
    if (state->ec == websocket::error::closed || (state->ec && reason.code != websocket::close_code::none))
        throw ClosedError(reason.code, std::string(reason.reason));
    if (state->ec) throw TransportError(std::string(what) + ": " + state->ec.message());
}

void SyncClient::send_text(std::string_view text) {
    run(
        [&](auto done) {
            socket_->ws.async_write(asio::buffer(text), [done](beast::error_code e, std::size_t) { done(e); });
        },
        "write");
}

RequestId SyncClient::send(const Request& request) {
    RequestId id = next_id();
    send(request, id);
    return id;
}

void SyncClient::send(const Request& request, const RequestId& id) { send_text(encode(request, id)); }

std::string SyncClient::read_text() {
    beast::flat_buffer buffer;
    run([&](auto done) { socket_->ws.async_read(buffer, [done](beast::error_code e, std::size_t) { done(e); }); },
        "read");
    return beast::buffers_to_string(buffer.data());
}

Message SyncClient::read_message() { return Message::parse(read_text()); }

Message SyncClient::request(const Request& request) {
    const RequestId id = send(request);
    for (;;) {
        Message m = read_message();
        if (m.replies_to(id)) return m;
        pending_.push_back(std::move(m));
    }
}

Message SyncClient::request_json(nlohmann::json message) {
    if (!message.is_object()) throw std::invalid_argument("request_json: not an object");
    if (!message.contains("id")) message["id"] = next_id_++;
    const auto id = id_from_json(message["id"]);
    send_text(message.dump());
    for (;;) {
        Message m = read_message();
        // A request whose id is neither an integer nor a string gets its reply with that id as is.
        if (m.is_reply() && (id ? m.replies_to(*id) : m.body().contains("id") && m.body().at("id") == message["id"]))
            return m;
        pending_.push_back(std::move(m));
    }
}

Message SyncClient::next() {
    if (!pending_.empty()) {
        Message m = std::move(pending_.front());
        pending_.pop_front();
        return m;
    }
    return read_message();
}

Message SyncClient::next_event() {
    for (;;) {
        Message m = next();
        if (m.is_event()) return m;
    }
}

Message SyncClient::next_event_of(std::string_view type) {
    for (;;) {
        Message m = next_event();
        if (m.type() == type) return m;
    }
}

Message SyncClient::hello(const std::string& nickname, const std::string& token) {
    return request(Hello{.nickname = nickname, .token = token});
}

int SyncClient::read_until_closed() {
    for (;;) {
        try {
            read_text();
        } catch (const ClosedError& e) {
            return e.code;
        }
    }
}

void SyncClient::limit_receive_buffer(int bytes) {
    beast::get_lowest_layer(socket_->ws).socket().set_option(asio::socket_base::receive_buffer_size(bytes));
}

void SyncClient::close(int code) {
    run(
        [&](auto done) {
            socket_->ws.async_close(websocket::close_reason(static_cast<websocket::close_code>(code)), done);
        },
        "close");
}

}  // namespace belote::client
