#pragma once
// A blocking protocol client over one WebSocket, for tests and command-line tools. Every operation
// (connect, handshake, write, read, close) waits at most a timeout and then throws TimeoutError,
// so a missing message fails a test instead of hanging it. Not thread-safe: one thread per client.

#include <nlohmann/json.hpp>

#include <chrono>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "client/message.hpp"
#include "client/request.hpp"

namespace belote::client {

/// An operation did not complete before its timeout or the client's deadline. The connection is
/// unusable afterwards (every later operation throws again).
class TimeoutError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// The server closed the WebSocket (a close frame): `code` and `reason` are its close code and reason.
class ClosedError : public std::runtime_error {
public:
    ClosedError(int code, std::string reason);
    int code;
    std::string reason;
};

/// The connection failed at the transport level (refused, reset, handshake refused, ...).
class TransportError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// A synchronous client of one belote-server WebSocket (`ws://host:port/ws`).
class SyncClient {
public:
    /// Connects and handshakes (within `timeout`), from `local_address` when not empty (tests play
    /// distinct players from 127.0.0.2, 127.0.0.3, ...). Throws TimeoutError or TransportError.
    SyncClient(const std::string& host, unsigned short port,
               std::chrono::milliseconds timeout = std::chrono::seconds(10), const std::string& local_address = "");
    /// Closes the TCP connection at once, without a WebSocket close handshake (what a vanished
    /// client looks like to the server); close() first for a clean close.
    ~SyncClient();

    SyncClient(const SyncClient&) = delete;
    SyncClient& operator=(const SyncClient&) = delete;

    /// The longest any one operation waits from now on.
    void set_timeout(std::chrono::milliseconds timeout) { timeout_ = timeout; }
    /// No operation waits past `deadline` (in addition to the per-operation timeout).
    void set_deadline(std::chrono::steady_clock::time_point deadline) { deadline_ = deadline; }

    /// Sends one text frame as it is (any text, valid JSON or not).
    void send_text(std::string_view text);
    /// Sends `request` with a fresh integer id and returns that id (the reply arrives via next()).
    RequestId send(const Request& request);
    /// Sends `request` with the id `id`.
    void send(const Request& request, const RequestId& id);

    /// Sends `request` with a fresh id and reads until its reply, which it returns (ok or error).
    /// Other messages read meanwhile are kept, in order, for next().
    Message request(const Request& request);
    /// The same for a request given as JSON (an integer "id" is added when it has none): for
    /// requests this library does not type, or malformed ones.
    Message request_json(nlohmann::json message);

    /// The next message: the oldest kept one, else the next frame read.
    Message next();
    /// The next message that is an event (replies are skipped and dropped).
    Message next_event();
    /// Skips events until one of `type` arrives and returns it (the skipped ones are dropped).
    Message next_event_of(std::string_view type);

    /// hello with `nickname` (and `token` when not empty); returns the reply.
    Message hello(const std::string& nickname, const std::string& token = {});

    /// Messages read while waiting for a reply and not consumed yet, oldest first.
    std::deque<Message>& pending() { return pending_; }

    /// Reads (and drops) messages until the server closes the WebSocket; returns its close code.
    int read_until_closed();

    /// Sends a close frame with `code` and waits for the server's (within the timeout).
    void close(int code = 1000);

    /// Fixes the socket's receive buffer at `bytes` (SO_RCVBUF, which also stops the kernel from
    /// growing it), so that a client that stops reading holds back the server soon, whatever the
    /// host's net.ipv4.tcp_rmem allows.
    void limit_receive_buffer(int bytes);

    /// A fresh request id (what send() and request() use).
    RequestId next_id() { return RequestId{next_id_++}; }

private:
    /// The io_context and the Beast WebSocket stream, kept out of this header so that the many
    /// files that include it do not compile Beast's templates.
    struct Socket;

    template <class Start>
    void run(Start&& start, const char* what);
    std::string read_text();
    Message read_message();

    std::unique_ptr<Socket> socket_;
    std::chrono::milliseconds timeout_;
    std::optional<std::chrono::steady_clock::time_point> deadline_;
    std::deque<Message> pending_;
    std::int64_t next_id_ = 1000;
    bool broken_ = false;
};

}  // namespace belote::client
