#include "server/net/websocket_session.hpp"

#include "protocol/close_codes.hpp"
#include "server/ops/metrics.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/ip/address.hpp>
#include <boost/asio/post.hpp>

#include <algorithm>
#include <atomic>
#include <exception>
#include <utility>

namespace belote::net {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace close_code = protocol::close_code;

namespace {

std::atomic<std::uint64_t> next_connection_id{1};

/// Bytes the CoalescingStream may hold before messages wait in the session's queue (and count
/// against max_send_queue there): a client that stops reading stops the flow at this point.
constexpr std::size_t stream_buffer_limit = 32 * 1024;

/// Bytes of a message read at a time (most client messages fit in one read).
constexpr std::size_t read_chunk = 256;

std::string describe(const Socket& socket) {
    boost::system::error_code ec;
    const auto ep = socket.remote_endpoint(ec);
    if (ec) return "?";
    const auto addr = ep.address();
    return (addr.is_v6() ? "[" + addr.to_string() + "]" : addr.to_string()) + ":" + std::to_string(ep.port());
}

}  // namespace

std::string client_address_of(const std::string& peer, const std::string& forwarded_for,
                              const std::vector<AddressRange>& trusted_proxies) {
    auto trusted = [&](const std::string& address) {
        boost::system::error_code ec;
        const auto parsed = boost::asio::ip::make_address(address, ec);
        return !ec && std::any_of(trusted_proxies.begin(), trusted_proxies.end(),
                                  [&](const AddressRange& range) { return range.contains(parsed); });
    };
    if (!trusted(peer) || forwarded_for.empty()) return peer;
    // "client, proxy1, proxy2": the rightmost address that is not one of our proxies is the client
    // (what is left of it, the client could have written itself).
    std::string rest = forwarded_for;
    while (!rest.empty()) {
        const auto comma = rest.rfind(',');
        std::string item = comma == std::string::npos ? rest : rest.substr(comma + 1);
        rest.resize(comma == std::string::npos ? 0 : comma);
        const auto first = item.find_first_not_of(" \t");
        const auto last = item.find_last_not_of(" \t");
        if (first == std::string::npos) continue;
        item = item.substr(first, last - first + 1);
        boost::system::error_code ec;
        const auto address = boost::asio::ip::make_address(item, ec);
        if (ec) return peer;  // not an address: the header is not to be believed
        if (!trusted(address.to_string())) return address.to_string();
    }
    return peer;
}

namespace {

/// Close codes a server may send (RFC 6455 §7.4); anything else becomes 1011.
bool sendable_close_code(std::uint16_t code) {
    return (code >= 1000 && code <= 1003) || (code >= 1007 && code <= 1014) || (code >= 3000 && code <= 4999);
}

/// Truncates to at most `max` bytes without splitting a UTF-8 sequence.
std::string truncate_utf8(std::string s, std::size_t max) {
    if (s.size() <= max) return s;
    std::size_t n = max;
    while (n > 0 && (static_cast<unsigned char>(s[n]) & 0xC0) == 0x80) --n;
    s.resize(n);
    return s;
}

}  // namespace

WebSocketSession::WebSocketSession(Socket&& socket, const SessionContext& ctx)
    : ws_(std::move(socket)),
      close_timer_(ws_.get_executor()),
      handler_(ctx.handler),
      max_frame_bytes_(ctx.max_frame_bytes),
      max_send_queue_(ctx.max_send_queue),
      max_send_queue_bytes_(ctx.max_send_queue_bytes),
      close_timeout_(ctx.close_timeout),
      idle_timeout_(ctx.idle_timeout),
      id_(next_connection_id.fetch_add(1, std::memory_order_relaxed)),
      remote_address_(describe(beast::get_lowest_layer(ws_))),
      trusted_proxies_(ctx.trusted_proxies) {
    ws_.next_layer().set_listener(this);
}

WebSocketSession::~WebSocketSession() = default;

void WebSocketSession::run(beast::http::request<beast::http::string_body> upgrade) {
    boost::system::error_code peer_ec;
    const auto peer = beast::get_lowest_layer(ws_).remote_endpoint(peer_ec);
    client_address_ = client_address_of(peer_ec ? std::string() : peer.address().to_string(),
                                        std::string(upgrade["X-Forwarded-For"]), *trusted_proxies_);
    auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
    timeouts.idle_timeout = idle_timeout_;
    ws_.set_option(timeouts);
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& res) { res.set(beast::http::field::server, "belote-server"); }));
    ws_.read_message_max(max_frame_bytes_);
    ws_.text(true);
    // Each message goes out as one frame: Beast's fragmentation path cost ~40 % of a message's
    // framing (docs/performance.md), and our messages are small.
    ws_.auto_fragment(false);
    // Beast gives every stream a 4 KiB write buffer, used only to fragment, mask (clients) or
    // compress, none of which a server frame needs here: the smallest one saves 4 KiB per
    // connection (docs/performance.md, "Memory per connection").
    ws_.write_buffer_bytes(8);
    ws_.async_accept(upgrade, beast::bind_front_handler(&WebSocketSession::on_accept, shared_from_this()));
}

void WebSocketSession::on_accept(beast::error_code ec) {
    if (ec) {
        spdlog::debug("ws {} handshake failed: {}", remote_address_, ec.message());
        return;
    }
    open_ = true;
    spdlog::debug("ws #{} open from {}", id_, remote_address_);
    guarded("on_open", [&] {
        if (auto handler = handler_.lock()) sink_ = handler->on_open(shared_from_this());
    });
    do_read();
}

void WebSocketSession::do_read() {
    // A message is read `read_chunk` bytes at a time: a waiting read reserves only that much (a
    // whole-message read reserved 1.5 KiB per idle connection), and client messages are small.
    ws_.async_read_some(buffer_, read_chunk, beast::bind_front_handler(&WebSocketSession::on_read, shared_from_this()));
}

void WebSocketSession::on_read(beast::error_code ec, std::size_t) {
    if (ec) return finish(ec);
    if (!ws_.is_message_done()) return do_read();  // the rest of a longer message
    if (!ws_.got_text()) {
        buffer_.consume(buffer_.size());
        begin_close(close_code::unsupported_data, "text frames only", false);
    } else if (closing_) {
        buffer_.consume(buffer_.size());  // closing: further input is ignored
    } else {
        ops::metrics().message_received();
        const auto data = buffer_.data();  // a flat_buffer: one contiguous block
        const std::string_view text(static_cast<const char*>(data.data()), data.size());
        if (sink_) guarded("on_text", [&] { sink_->on_text(text); });
        buffer_.consume(buffer_.size());
    }
    if (buffer_.capacity() > 2 * read_chunk) buffer_.shrink_to_fit();  // after a long message
    do_read();  // keep reading until the close handshake (or an error) ends the connection
}

void WebSocketSession::send(SharedText text) {
    bool post = false;
    {
        std::lock_guard lock(inbox_mutex_);
        inbox_.push_back(std::move(text));
        post = !std::exchange(drain_posted_, true);
    }
    if (post) {
        boost::asio::post(ws_.get_executor(), [self = shared_from_this()] {
            self->drain_inbox();
            self->pump();
        });
    }
}

void WebSocketSession::close(std::uint16_t code, std::string reason) {
    boost::asio::post(ws_.get_executor(), [self = shared_from_this(), code, reason = std::move(reason)]() mutable {
        self->drain_inbox();  // messages sent before close() go first
        self->pump();
        self->begin_close(code, std::move(reason), false);
    });
}

void WebSocketSession::drain_inbox() {
    {
        std::lock_guard lock(inbox_mutex_);
        drained_.swap(inbox_);  // both keep their capacity: no allocation per batch
        drain_posted_ = false;
    }
    for (auto& text : drained_) enqueue(std::move(text));
    drained_.clear();
}

void WebSocketSession::enqueue(SharedText text) {
    if (!open_ || closing_) return;
    const std::size_t waiting = (queue_.size() - queue_head_) + ws_.next_layer().queued_messages();
    const std::size_t bytes = queued_bytes_ + ws_.next_layer().buffered_bytes();
    if (waiting >= max_send_queue_ || bytes + text.size() > max_send_queue_bytes_) {
        spdlog::warn("ws #{} {}: send queue full ({} messages, {} bytes), disconnecting", id_, remote_address_, waiting,
                     bytes);
        ops::metrics().send_queue_overflow();
        return begin_close(close_code::send_queue_full, "send queue full", true);
    }
    queued_bytes_ += text.size();
    queue_.push_back(std::move(text));
    ops::metrics().message_sent();
}

void WebSocketSession::pump() {
    auto& stream = ws_.next_layer();
    while (queue_head_ < queue_.size() && stream.buffered_bytes() < stream_buffer_limit) {
        if (!ws_.is_open()) {  // the client's close frame arrived: Beast answers it, nothing may follow
            drop_queued();
            return;
        }
        beast::error_code ec;
        ws_.write(boost::asio::buffer(queue_[queue_head_].data(), queue_[queue_head_].size()),
                  ec);  // appends to the stream's buffer
        if (ec) return write_failed(ec);
        stream.count_message();
        queued_bytes_ -= queue_[queue_head_].size();
        ++queue_head_;
    }
    if (queue_head_ == queue_.size()) {
        drop_queued();
        if (queue_.capacity() > 16) std::vector<SharedText>().swap(queue_);
    }
    stream.flush();
    if (close_reason_ && !close_sent_ && queue_.empty()) do_close();
}

void WebSocketSession::on_flushed(beast::error_code ec) {
    if (ec) return write_failed(ec);
    if (!queue_.empty()) pump();
}

void WebSocketSession::drop_queued() {
    queue_.clear();
    queued_bytes_ = 0;
    queue_head_ = 0;
}

void WebSocketSession::write_failed(beast::error_code ec) {
    if (!open_) return;
    if (ec != boost::asio::error::operation_aborted) spdlog::debug("ws #{} write failed: {}", id_, ec.message());
    drop_queued();
    drop_connection();  // the pending read then fails and finishes the session
}

void WebSocketSession::begin_close(std::uint16_t code, std::string reason, bool discard_queue) {
    if (!open_ || closing_) return;
    closing_ = true;
    if (!sendable_close_code(code)) {
        spdlog::warn("ws #{}: close code {} is not sendable, using 1011", id_, code);
        code = close_code::internal_error;
    }
    const std::string truncated = truncate_utf8(std::move(reason), 123);  // RFC 6455 limit
    close_reason_.emplace(static_cast<websocket::close_code>(code), std::string_view(truncated));
    if (discard_queue) {  // what the stream already holds still goes out, before the close frame
        drop_queued();
    }
    close_timer_.expires_after(close_timeout_);
    close_timer_.async_wait(beast::bind_front_handler(&WebSocketSession::on_close_timeout, shared_from_this()));
    if (queue_.empty()) do_close();  // otherwise pump() closes once the queue is in the stream
}

void WebSocketSession::do_close() {
    close_sent_ = true;
    spdlog::debug("ws #{} closing: {} {}", id_, close_reason_->code,
                  std::string_view(close_reason_->reason.data(), close_reason_->reason.size()));
    ws_.async_close(*close_reason_, beast::bind_front_handler(&WebSocketSession::on_close_sent, shared_from_this()));
}

void WebSocketSession::on_close_sent(beast::error_code ec) {
    // The pending async_read completes with error::closed (or another error) and finishes.
    if (ec && ec != boost::asio::error::operation_aborted) {
        spdlog::debug("ws #{} close: {}", id_, ec.message());
    }
}

void WebSocketSession::on_close_timeout(beast::error_code ec) {
    if (ec || !open_) return;  // cancelled: the session finished in time
    spdlog::debug("ws #{} close timed out, dropping the connection", id_);
    drop_connection();
}

void WebSocketSession::drop_connection() {
    boost::system::error_code ec;
    beast::get_lowest_layer(ws_).close(ec);  // cancels pending operations
}

void WebSocketSession::finish(beast::error_code ec) {
    if (!open_) return;
    open_ = false;
    closing_ = true;
    drop_queued();
    close_timer_.cancel();
    if (ec == websocket::error::closed) {
        const auto& reason = ws_.reason();
        spdlog::debug("ws #{} closed: {} {}", id_, reason.code,
                      std::string_view(reason.reason.data(), reason.reason.size()));
    } else {
        spdlog::debug("ws #{} ended: {}", id_, ec.message());
    }
    if (auto sink = std::move(sink_)) guarded("on_close", [&] { sink->on_close(); });
}

template <class F>
void WebSocketSession::guarded(const char* what, F&& f) {
    try {
        std::forward<F>(f)();
    } catch (const std::exception& e) {
        spdlog::error("ws #{}: {} threw: {}", id_, what, e.what());
        begin_close(close_code::internal_error, "internal error", true);
    } catch (...) {
        spdlog::error("ws #{}: {} threw an unknown exception", id_, what);
        begin_close(close_code::internal_error, "internal error", true);
    }
}

}  // namespace belote::net
