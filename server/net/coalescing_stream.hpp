#pragma once
// The layer between Beast's WebSocket stream and the TCP socket that lets one send() carry many
// WebSocket frames (docs/performance.md, "Coalesced writes").
//
// Beast writes one message per write operation, and each became its own send() syscall (and,
// over loopback, the peer's whole receive path in the same syscall): ~10 frames per game action,
// 41 % of the server's CPU in the kernel. Beast writes into this layer instead; the layer only
// appends the bytes to a buffer. The buffer goes to the socket in one async_write, and whatever
// is appended while that write is in flight goes in the next one.
//
// Rules (everything on the connection's strand):
// - Synchronous writes (write_some, i.e. ws.write()) only append: the owner calls flush() when it
//   has written its batch. They never block, so the owner bounds what it appends (buffered_bytes,
//   queued_messages).
// - Beast's own asynchronous writes (handshake response, pings, pongs, close frame) append, start
//   a flush and complete at once. Each frame is appended whole in one call, so frames written by
//   Beast operations and by the owner never interleave.
// - Once a socket write fails the error is sticky: every later write fails with it.
// - The WebSocket closing handshake's teardown (TCP shutdown) waits until the buffer is written,
//   so a close frame still in the buffer is not cut off.

#include <boost/asio/buffer.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/write.hpp>
#include <boost/beast/core/bind_handler.hpp>
#include <boost/beast/core/error.hpp>
#include <boost/beast/core/role.hpp>
#include <boost/beast/core/tcp_stream.hpp>

#include <boost/beast/websocket/teardown.hpp>
#include <boost/system/system_error.hpp>
#include "server/net/socket.hpp"

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace belote::net {

/// Told by a CoalescingStream when a socket write completes; implemented by its owner.
class FlushListener {
public:
    /// Keeps the owner (and so the stream inside it) alive while a socket write is in flight.
    virtual std::shared_ptr<void> keepalive() = 0;
    /// A socket write completed (`ec` set: it failed; the error is sticky). Called on the strand.
    virtual void on_flushed(boost::beast::error_code ec) = 0;

protected:
    ~FlushListener() = default;
};

class CoalescingStream {
public:
    using next_layer_type = Socket;
    using executor_type = next_layer_type::executor_type;

    explicit CoalescingStream(Socket&& socket) : next_(std::move(socket)) {}
    CoalescingStream(const CoalescingStream&) = delete;
    CoalescingStream& operator=(const CoalescingStream&) = delete;

    executor_type get_executor() noexcept { return next_.get_executor(); }
    next_layer_type& next_layer() noexcept { return next_; }
    const next_layer_type& next_layer() const noexcept { return next_; }

    /// Must be set before the first write; `listener` must outlive the stream's pending writes
    /// (it does: keepalive() holds it).
    void set_listener(FlushListener* listener) noexcept { listener_ = listener; }

    /// Bytes appended and not yet written to the socket (including the write in flight).
    std::size_t buffered_bytes() const noexcept { return pending_.size() + inflight_.size(); }
    /// Messages the owner counted (count_message) that are not written to the socket yet.
    std::size_t queued_messages() const noexcept { return pending_messages_ + inflight_messages_; }
    /// Counts one owner message as appended (for queued_messages).
    void count_message() noexcept { ++pending_messages_; }

    /// Starts writing the appended bytes unless a write is in flight (it then continues with them).
    void flush() {
        if (flushing_ || pending_.empty() || error_) return;
        flushing_ = true;
        inflight_.swap(pending_);
        inflight_messages_ = std::exchange(pending_messages_, 0);
        // The handler keeps the owner (and so this stream) alive until the write completes.
        boost::asio::async_write(next_, boost::asio::buffer(inflight_),
                                 [this, owner = listener_ ? listener_->keepalive() : nullptr](
                                     boost::beast::error_code ec, std::size_t) { on_flush(ec); });
    }

    // SyncWriteStream: appends only (see above).
    template <class ConstBufferSequence>
    std::size_t write_some(const ConstBufferSequence& buffers, boost::beast::error_code& ec) {
        if (error_) {
            ec = error_;
            return 0;
        }
        ec = {};
        return append(buffers);
    }
    template <class ConstBufferSequence>
    std::size_t write_some(const ConstBufferSequence& buffers) {
        boost::beast::error_code ec;
        const std::size_t n = write_some(buffers, ec);
        if (ec) throw boost::system::system_error(ec);
        return n;
    }

    // SyncReadStream (required by Beast's synchronous write; the session reads asynchronously).
    template <class MutableBufferSequence>
    std::size_t read_some(const MutableBufferSequence& buffers, boost::beast::error_code& ec) {
        return next_.read_some(buffers, ec);
    }
    template <class MutableBufferSequence>
    std::size_t read_some(const MutableBufferSequence& buffers) {
        return next_.read_some(buffers);
    }

    // AsyncReadStream: straight to the socket.
    template <class MutableBufferSequence, class ReadHandler>
    BOOST_ASIO_INITFN_RESULT_TYPE(ReadHandler, void(boost::beast::error_code, std::size_t))
    async_read_some(const MutableBufferSequence& buffers, ReadHandler&& handler) {
        return next_.async_read_some(buffers, std::forward<ReadHandler>(handler));
    }

    // AsyncWriteStream: append, start a flush, complete at once (posted).
    template <class ConstBufferSequence, class WriteHandler>
    BOOST_ASIO_INITFN_RESULT_TYPE(WriteHandler, void(boost::beast::error_code, std::size_t))
    async_write_some(const ConstBufferSequence& buffers, WriteHandler&& handler) {
        return boost::asio::async_initiate<WriteHandler, void(boost::beast::error_code, std::size_t)>(
            [this](auto&& h, const ConstBufferSequence& b) {
                boost::beast::error_code ec = error_;
                std::size_t n = 0;
                if (!ec) {
                    n = append(b);
                    flush();
                }
                boost::asio::post(next_.get_executor(),
                                  boost::beast::bind_handler(std::forward<decltype(h)>(h), ec, n));
            },
            handler, buffers);
    }

    /// The WebSocket teardown (see async_teardown below): once the buffer is written, Beast's
    /// TCP teardown (shutdown, read to EOF, close).
    template <class TeardownHandler>
    void teardown_after_flush(boost::beast::role_type role, TeardownHandler&& handler) {
        flush();
        if (!flushing_) return tcp_teardown(role, std::forward<TeardownHandler>(handler));
        auto h = std::make_shared<std::decay_t<TeardownHandler>>(std::forward<TeardownHandler>(handler));
        // Runs once the write in flight completes (with or without error), which also ends the
        // reference the handler holds to the session.
        teardown_ = [this, role, h](boost::beast::error_code ec) {
            if (ec) {
                boost::asio::post(next_.get_executor(), boost::beast::bind_handler(std::move(*h), ec));
            } else {
                tcp_teardown(role, std::move(*h));
            }
        };
    }

private:
    /// Buffers of finished writes kept by this thread for the next batches (no allocation per batch),
    /// so that an idle connection still holds no buffer (docs/performance.md, scenario 3).
    static std::vector<std::string>& spare_buffers() {
        thread_local std::vector<std::string> spare;
        return spare;
    }
    static constexpr std::size_t max_spare_buffers = 64;

    template <class ConstBufferSequence>
    std::size_t append(const ConstBufferSequence& buffers) {
        const std::size_t n = boost::asio::buffer_size(buffers);
        if (pending_.capacity() < small_block) {
            auto& spare = spare_buffers();
            if (!spare.empty() && pending_.empty()) {
                pending_.swap(spare.back());
                spare.pop_back();
            } else if (pending_.size() + n <= small_block) {
                // A first block that usually holds a whole batch and stays in glibc's small bins (a
                // request of 1 KiB or more makes malloc consolidate its fast bins first).
                pending_.reserve(small_block);
            }
        }
        for (auto it = boost::asio::buffer_sequence_begin(buffers); it != boost::asio::buffer_sequence_end(buffers);
             ++it) {
            const boost::asio::const_buffer b(*it);
            pending_.append(static_cast<const char*>(b.data()), b.size());
        }
        return n;
    }

    void on_flush(boost::beast::error_code ec) {
        flushing_ = false;
        inflight_messages_ = 0;
        if (ec && !error_) error_ = ec;
        inflight_.clear();
        if (pending_.empty()) {  // an idle connection keeps no buffer: it goes back to the thread's spares
            auto& spare = spare_buffers();
            if (spare.size() < max_spare_buffers && inflight_.capacity() <= 4 * small_block)
                spare.push_back(std::move(inflight_));
            std::string().swap(inflight_);
        }
        flush();  // what was appended meanwhile
        if (teardown_ && !flushing_)
            std::exchange(teardown_, nullptr)(error_);  // else: the close frame may be in this write
        if (listener_) listener_->on_flushed(error_);
    }

    template <class TeardownHandler>
    void tcp_teardown(boost::beast::role_type role, TeardownHandler&& handler) {
        using boost::beast::websocket::async_teardown;
        async_teardown(role, next_, std::forward<TeardownHandler>(handler));
    }

    static constexpr std::size_t small_block = 960;

    next_layer_type next_;
    FlushListener* listener_ = nullptr;
    std::string pending_;   // appended, not handed to the socket yet
    std::string inflight_;  // being written (while flushing_)
    std::size_t pending_messages_ = 0;
    std::size_t inflight_messages_ = 0;
    std::function<void(boost::beast::error_code)> teardown_;  // waiting for the write in flight
    boost::beast::error_code error_;
    bool flushing_ = false;
};

// Beast's customisation points for the WebSocket closing handshake (found by ADL).
template <class TeardownHandler>
void async_teardown(boost::beast::role_type role, CoalescingStream& stream, TeardownHandler&& handler) {
    stream.teardown_after_flush(role, std::forward<TeardownHandler>(handler));
}

inline void teardown(boost::beast::role_type role, CoalescingStream& stream, boost::beast::error_code& ec) {
    using boost::beast::websocket::teardown;
    teardown(role, stream.next_layer(), ec);  // synchronous close is not used by the server
}

}  // namespace belote::net
