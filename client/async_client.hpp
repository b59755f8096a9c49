#pragma once
// An asynchronous protocol client over one WebSocket, for programs that hold many connections on
// one io_context (the load generator). Each client reads continuously, writes one frame at a time
// from a queue, and matches replies to the handlers given with request(). Every member function
// and every handler runs on the io_context's thread: a client is not thread-safe (run each
// io_context on one thread, or give each client a strand as its executor).

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/websocket/stream.hpp>

#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>

#include "client/message.hpp"
#include "client/request.hpp"

namespace belote::client {

/// How an AsyncClient's connection ended.
struct CloseInfo {
    boost::system::error_code error;  ///< websocket::error::closed after a close frame, else the read error
    int code = 0;                     ///< the peer's close code when it sent a close frame, else 0
    bool by_us = false;               ///< close() was called first
};

/// One asynchronous WebSocket connection to a belote-server (or any text WebSocket server).
class AsyncClient : public std::enable_shared_from_this<AsyncClient> {
public:
    /// Called with a reply to a request().
    using ReplyHandler = std::function<void(const Message&)>;
    /// Called with every other message (events, replies without a handler).
    using MessageHandler = std::function<void(const Message&)>;
    /// Called with the text of every frame received, before it is parsed.
    using FrameHandler = std::function<void(std::string_view)>;
    /// Called once when the connection ends (after the handlers were cleared: it may drop its owner).
    using CloseHandler = std::function<void(const CloseInfo&)>;
    /// Called when a frame is not a server message (bad JSON, no type).
    using BadMessageHandler = std::function<void(const std::string& what)>;

    /// A client whose operations run on `executor`.
    static std::shared_ptr<AsyncClient> create(boost::asio::any_io_executor executor);

    /// Connects to `endpoint`, handshakes for `/ws` (Host: `host`), and calls `done` with the
    /// outcome (no error: the client is open and reading). Both steps together get `timeout`.
    void connect(const boost::asio::ip::tcp::endpoint& endpoint, std::string host, std::chrono::milliseconds timeout,
                 std::function<void(boost::system::error_code)> done);

    /// Queues one text frame (dropped when the client is not open or is closing).
    void send_text(std::string text);
    /// Sends `request` with a fresh integer id; its reply goes to `on_reply` (once). Returns the id.
    RequestId request(const Request& request, ReplyHandler on_reply);
    /// Sends `request` with a fresh integer id; its reply goes to the message handler.
    RequestId send(const Request& request);

    /// Sends a close frame (normal closure); the close handler runs when the connection has ended.
    void close();
    /// True between a successful connect and the end of the connection (or close()).
    bool is_open() const { return open_ && !closing_; }
    /// Requests sent with request() whose reply has not arrived.
    std::size_t awaiting_replies() const { return replies_.size(); }

    /// Sets the handler of messages other than awaited replies. Without one (and without awaited
    /// replies), frames are not parsed at all.
    void on_message(MessageHandler handler) { on_message_ = std::move(handler); }
    /// Sets the handler that sees every frame's text first.
    void on_frame(FrameHandler handler) { on_frame_ = std::move(handler); }
    /// Sets the handler of the connection's end.
    void on_closed(CloseHandler handler) { on_closed_ = std::move(handler); }
    /// Sets the handler of frames that are not server messages (default: ignored).
    void on_bad_message(BadMessageHandler handler) { on_bad_message_ = std::move(handler); }

private:
    explicit AsyncClient(boost::asio::any_io_executor executor);
    void do_read();
    void do_write();
    void dispatch(std::string_view text);
    void finish(const CloseInfo& info);

    boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
    boost::beast::flat_buffer buffer_;
    std::deque<std::string> queue_;
    std::unordered_map<std::int64_t, ReplyHandler> replies_;
    std::int64_t next_id_ = 1;
    bool open_ = false;
    bool closing_ = false;
    bool finished_ = false;
    MessageHandler on_message_;
    FrameHandler on_frame_;
    CloseHandler on_closed_;
    BadMessageHandler on_bad_message_;
};

}  // namespace belote::client
