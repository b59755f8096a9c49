#include "client/async_client.hpp"

#include <boost/asio/buffer.hpp>
#include <boost/beast/websocket.hpp>

namespace belote::client {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;

std::shared_ptr<AsyncClient> AsyncClient::create(asio::any_io_executor executor) {
    return std::shared_ptr<AsyncClient>(new AsyncClient(std::move(executor)));
}

AsyncClient::AsyncClient(asio::any_io_executor executor) : ws_(std::move(executor)) {}

void AsyncClient::connect(const tcp::endpoint& endpoint, std::string host, std::chrono::milliseconds timeout,
                          std::function<void(beast::error_code)> done) {
    auto& tcp_layer = beast::get_lowest_layer(ws_);
    tcp_layer.expires_after(timeout);
    tcp_layer.async_connect(endpoint, [self = shared_from_this(), host = std::move(host),
                                       done = std::move(done)](beast::error_code ec) mutable {
        if (ec) return done(ec);
        beast::get_lowest_layer(self->ws_).socket().set_option(tcp::no_delay(true), ec);
        self->ws_.async_handshake(host, "/ws", [self, done = std::move(done)](beast::error_code ec) {
            if (ec) return done(ec);
            beast::get_lowest_layer(self->ws_).expires_never();
            self->ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
            self->ws_.text(true);
            self->open_ = true;
            self->do_read();
            done({});
        });
    });
}

void AsyncClient::do_read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
        if (ec) {
            // A close frame was received (also when answering it failed: see SyncClient::run).
            const int code = self->ws_.reason().code;
            return self->finish(CloseInfo{ec, code, self->closing_});
        }
        const auto data = self->buffer_.cdata();
        self->dispatch(std::string_view(static_cast<const char*>(data.data()), data.size()));
        self->buffer_.consume(self->buffer_.size());
        if (!self->finished_) self->do_read();
    });
}

void AsyncClient::dispatch(std::string_view text) {
    if (on_frame_) on_frame_(text);
    if (!on_message_ && replies_.empty()) return;
    std::optional<Message> parsed;
    try {
        parsed.emplace(Message::parse(text));
    } catch (const ProtocolError& e) {
        if (on_bad_message_) on_bad_message_(e.what());
        return;
    }
    const Message& m = *parsed;
    if (m.is_reply()) {
        const auto id = m.id();
        if (id && std::holds_alternative<std::int64_t>(*id)) {
            if (auto it = replies_.find(std::get<std::int64_t>(*id)); it != replies_.end()) {
                ReplyHandler handler = std::move(it->second);
                replies_.erase(it);
                handler(m);
                return;
            }
        }
    }
    if (on_message_) on_message_(m);
}

void AsyncClient::send_text(std::string text) {
    if (!open_ || closing_) return;
    queue_.push_back(std::move(text));
    if (queue_.size() == 1) do_write();
}

void AsyncClient::do_write() {
    ws_.async_write(asio::buffer(queue_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
        if (ec) {
            self->queue_.clear();
            return;  // the read side sees the end of the connection
        }
        self->queue_.pop_front();
        if (!self->queue_.empty()) self->do_write();
    });
}

RequestId AsyncClient::request(const Request& request, ReplyHandler on_reply) {
    const std::int64_t id = next_id_++;
    if (open_ && !closing_) replies_.emplace(id, std::move(on_reply));
    send_text(encode(request, RequestId{id}));
    return RequestId{id};
}

RequestId AsyncClient::send(const Request& request) {
    const std::int64_t id = next_id_++;
    send_text(encode(request, RequestId{id}));
    return RequestId{id};
}

void AsyncClient::close() {
    if (!open_ || closing_) return;
    closing_ = true;
    ws_.async_close(websocket::close_code::normal, [self = shared_from_this()](beast::error_code) {});
}

void AsyncClient::finish(const CloseInfo& info) {
    if (finished_) return;
    finished_ = true;
    const bool was_open = open_;
    open_ = false;
    // Drop every handler first: they usually capture the client's owner, and the owner the client.
    auto on_closed = std::move(on_closed_);
    on_message_ = nullptr;
    on_frame_ = nullptr;
    on_bad_message_ = nullptr;
    replies_.clear();  // (the write queue empties itself: a write in flight still uses its front)
    if (was_open && on_closed) on_closed(info);
}

}  // namespace belote::client
