#pragma once
// The seam between the networking layer (server/net) and the game layer (server/game).

#include <cstdint>
#include <memory>
#include <string>

namespace belote::net {

/// A client connection as seen by the game layer. Thread-safe.
///
/// All member functions may be called from any thread. `send` and `close` never block and never
/// throw: they post onto the connection's strand. After the connection is closed (by either
/// side) they do nothing. Release every Connection before the io_context is destroyed (best:
/// in on_close); a Connection destroyed after its io_context is undefined behaviour.
class Connection {
public:
    virtual ~Connection() = default;

    /// Process-unique id of this connection (never reused while the process runs).
    virtual std::uint64_t id() const = 0;

    /// Queues one text frame. The outbound queue is bounded (Config::max_send_queue); when it is
    /// full the client is disconnected with close code 4008 "send queue full" (see close_codes.hpp).
    virtual void send(std::string text) = 0;

    /// Sends the frames already queued, then closes the WebSocket with `code` (1000, or 3000-4999
    /// for application codes) and `reason` (at most 123 bytes of UTF-8; longer is truncated).
    virtual void close(std::uint16_t code, std::string reason) = 0;

    /// Peer address as "ip:port" (for logs).
    virtual std::string remote_address() const = 0;
};

/// Receives connection lifecycle and text frames. Called from the connection's strand.
///
/// Calls for one connection never overlap and arrive in order: on_open, then on_text zero or more
/// times, then on_close exactly once. Calls for different connections may run concurrently on
/// different threads, so an implementation shared by all connections must synchronise its own
/// state (e.g. by posting to a table's strand). Handlers must not block.
class ConnectionHandler {
public:
    virtual ~ConnectionHandler() = default;

    /// The WebSocket handshake completed; the connection may be used from now on.
    virtual void on_open(std::shared_ptr<Connection>) = 0;

    /// One complete text message arrived (valid UTF-8, at most Config::max_frame_bytes).
    virtual void on_text(const std::shared_ptr<Connection>&, std::string text) = 0;

    /// The connection is gone (closed by either side, timed out, or failed). Nothing more will
    /// be delivered for it; sends are ignored.
    virtual void on_close(const std::shared_ptr<Connection>&) = 0;
};

}  // namespace belote::net
