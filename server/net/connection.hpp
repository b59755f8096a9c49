#pragma once
// The seam between the networking layer (server/net) and the game service (server/sessions).

#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>

namespace belote::net {

/// An immutable message shared by every recipient it goes to (encoded once, docs/design.md): the
/// characters and their reference count in one allocation. Copies share; cheap to pass by value.
class SharedText {
public:
    SharedText() = default;
    /// A copy of `text`.
    explicit SharedText(std::string_view text)
        : chars_(std::make_shared_for_overwrite<char[]>(text.size())), size_(text.size()) {
        std::memcpy(chars_.get(), text.data(), text.size());
    }
    std::string_view view() const { return {chars_.get(), size_}; }
    const char* data() const { return chars_.get(); }
    std::size_t size() const { return size_; }
    explicit operator bool() const { return chars_ != nullptr; }

private:
    std::shared_ptr<char[]> chars_;
    std::size_t size_ = 0;
};

/// A client connection as the game service sees it. Thread-safe.
///
/// All member functions may be called from any thread. `send` and `close` never block and never
/// throw: they post onto the connection's strand. After the connection is closed (by either
/// side) they do nothing. Release every Connection before the io_context is destroyed.
class Connection {
public:
    virtual ~Connection() = default;

    /// Process-unique id of this connection (never reused while the process runs).
    virtual std::uint64_t id() const = 0;

    /// Queues one text frame. The outbound queue is bounded (Config::max_send_queue); when it is
    /// full the client is disconnected with close code 4008 (protocol/close_codes.hpp).
    virtual void send(SharedText text) = 0;
    /// As above, for a message sent to one recipient only.
    void send(std::string_view text) { send(SharedText(text)); }

    /// Sends the frames already queued, then closes the WebSocket with `code` (1000, or 3000-4999
    /// for application codes) and `reason` (at most 123 bytes of UTF-8; longer is truncated).
    virtual void close(std::uint16_t code, std::string reason) = 0;

    /// Peer address as "ip:port" (for logs).
    virtual std::string remote_address() const = 0;

    /// The client's IP address (docs/room.md "Same address"): the peer's, or behind a trusted
    /// reverse proxy the one X-Forwarded-For names. By default the IP of remote_address().
    virtual std::string client_address() const {
        auto address = remote_address();
        if (auto colon = address.rfind(':'); colon != std::string::npos) address.resize(colon);  // "ip:port"
        return address;
    }
};

/// Receives the messages of one connection. Called from the connection's strand: calls never
/// overlap and arrive in order (on_text zero or more times, then on_close exactly once).
class MessageSink {
public:
    virtual ~MessageSink() = default;
    /// One complete text message arrived (valid UTF-8, at most Config::max_frame_bytes). `text`
    /// is valid only during the call.
    virtual void on_text(std::string_view text) = 0;
    /// The connection is gone (closed by either side, timed out, or failed). Nothing more comes.
    virtual void on_close() = 0;
};

/// Gives every new connection its sink. Called from the connection's strand; calls for different
/// connections may run concurrently, so an implementation must synchronise what it shares.
class ConnectionHandler {
public:
    virtual ~ConnectionHandler() = default;

    /// The WebSocket handshake completed: returns the sink of this connection's messages (kept by
    /// the connection until on_close). May close the connection at once.
    virtual std::shared_ptr<MessageSink> on_open(std::shared_ptr<Connection> connection) = 0;

    /// Waits for the work of the handler's own threads (off the io_context) to end; what that
    /// work completes is queued on the io_context. For an io_context stopped before its handlers
    /// ran out (tests): called once it no longer runs, before it is destroyed, so that no other
    /// thread touches it during its destruction.
    virtual void stop_workers() {}
};

}  // namespace belote::net
