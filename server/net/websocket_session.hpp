#pragma once

#include "server/net/coalescing_stream.hpp"
#include "server/net/connection.hpp"
#include "server/net/session_context.hpp"

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

namespace belote::net {

/// A WebSocket connection (server side), the Connection the game layer talks to.
///
/// Everything runs on the socket's strand; the public Connection functions post onto it.
/// - Text frames only: a binary message closes with 1003. Incoming messages are limited to
///   SessionContext::max_frame_bytes (Beast's read_message_max; over it Beast closes with 1009).
/// - Outbound messages: send() appends to an inbox (any thread) and posts one drain for all the
///   messages that arrive before it runs. The drain frames them (Beast, synchronously) into the
///   CoalescingStream, which writes them to the socket together: one send() per batch instead of
///   one per message. At most SessionContext::max_send_queue messages, and
///   SessionContext::max_send_queue_bytes bytes, may be waiting (not yet written to the socket);
///   one more drops the waiting ones and closes with 4008.
/// - Idle/keep-alive: Beast's suggested server timeouts (30 s handshake, keep-alive pings) with
///   SessionContext::idle_timeout (default 30 s; a ping after half of it).
/// - A server-initiated close that has not finished after SessionContext::close_timeout drops
///   the TCP connection (so a client that stopped reading cannot hold it open).
/// The handler's on_open runs after the handshake; its sink then gets on_text per message and
/// on_close once.
/// The session holds the handler weakly (no ownership cycle with a handler that keeps its
/// connections): whoever runs the server keeps the handler alive (Server does).
/// The client's IP address of a connection from `peer` (an IP): the rightmost address of
/// `forwarded_for` (X-Forwarded-For) that is not a trusted proxy, when `peer` is in one of
/// `trusted_proxies`; else `peer`. A header that does not parse is ignored.
std::string client_address_of(const std::string& peer, const std::string& forwarded_for,
                              const std::vector<AddressRange>& trusted_proxies);

class WebSocketSession final : public Connection,
                               public FlushListener,
                               public std::enable_shared_from_this<WebSocketSession> {
public:
    /// `socket`'s executor must be a strand (see Listener).
    WebSocketSession(Socket&& socket, const SessionContext& ctx);
    ~WebSocketSession() override;

    /// Answers the HTTP upgrade request `upgrade`, then serves the connection. Call once.
    void run(boost::beast::http::request<boost::beast::http::string_body> upgrade);

    std::uint64_t id() const override { return id_; }
    using Connection::send;
    void send(SharedText text) override;
    void close(std::uint16_t code, std::string reason) override;
    std::string remote_address() const override { return remote_address_; }
    std::string client_address() const override { return client_address_; }

private:
    void on_accept(boost::beast::error_code ec);
    void do_read();
    void on_read(boost::beast::error_code ec, std::size_t bytes);
    std::shared_ptr<void> keepalive() override { return shared_from_this(); }
    void on_flushed(boost::beast::error_code ec) override;
    void drain_inbox();
    void enqueue(SharedText text);
    void pump();
    /// Drops the messages not yet handed to the stream.
    void drop_queued();
    void write_failed(boost::beast::error_code ec);
    void begin_close(std::uint16_t code, std::string reason, bool discard_queue);
    void do_close();
    void on_close_sent(boost::beast::error_code ec);
    void on_close_timeout(boost::beast::error_code ec);
    void drop_connection();
    void finish(boost::beast::error_code ec);

    /// Runs `f()` (a call into the handler or the sink); an exception from it is logged and closes
    /// the connection (1011).
    template <class F>
    void guarded(const char* what, F&& f);

    boost::beast::websocket::stream<CoalescingStream> ws_;
    boost::asio::steady_timer close_timer_;
    boost::beast::flat_buffer buffer_;
    const std::weak_ptr<ConnectionHandler> handler_;
    std::shared_ptr<MessageSink> sink_;  ///< from on_open until on_close
    const std::size_t max_frame_bytes_;
    const std::size_t max_send_queue_;
    const std::size_t max_send_queue_bytes_;
    const std::chrono::steady_clock::duration close_timeout_;
    const std::chrono::steady_clock::duration idle_timeout_;
    const std::uint64_t id_;
    const std::string remote_address_;
    std::string client_address_;  ///< set from the upgrade request, before the handler hears of it
    const std::shared_ptr<const std::vector<AddressRange>> trusted_proxies_;

    std::mutex inbox_mutex_;
    std::vector<SharedText> inbox_;    // guarded by inbox_mutex_, like drain_posted_
    std::vector<SharedText> drained_;  // the last batch taken from the inbox (strand only)
    bool drain_posted_ = false;

    // State below is touched only on the strand.
    std::vector<SharedText> queue_;  // waiting for room in the stream's buffer (queue_head_ on)
    std::size_t queue_head_ = 0;
    std::size_t queued_bytes_ = 0;  // of the messages in queue_ from queue_head_ on
    bool open_ = false;             // handshake done, on_close not yet delivered
    bool closing_ = false;          // a server-side close was requested; sends are dropped
    bool close_sent_ = false;       // do_close ran
    std::optional<boost::beast::websocket::close_reason> close_reason_;
};

}  // namespace belote::net
