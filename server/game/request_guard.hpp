#pragma once
// Per-connection request bounds: the message rate (token bucket, close 4029) and the cache of
// recent request ids with their replies (DESIGN.md invariant 5: a duplicate is answered again,
// never applied twice).

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "server/net/connection.hpp"

namespace belote::game {

/// Close code for a connection that sent messages faster than allowed.
inline constexpr std::uint16_t close_rate_limited = 4029;

/// Request ids remembered per connection (oldest forgotten first).
inline constexpr std::size_t remembered_request_ids = 64;

/// The state of one connection. Thread-safe (replies come from table strands).
class RequestGuard {
public:
    /// `burst` messages at once, refilled at `rate` per second.
    RequestGuard(double burst, double rate, std::int64_t now_ms)
        : burst_(burst), rate_(rate), tokens_(burst), last_(now_ms) {}

    /// Takes one token; false when the connection is over its rate (the caller closes with 4029).
    bool admit(std::int64_t now_ms);

    /// What to do with a request id (its JSON text `key`).
    enum class Seen {
        New,       ///< first time: handle it (the reply is recorded through record())
        Answered,  ///< handled before: `reply` holds the reply to send again
        InFlight,  ///< still being handled: the reply will be sent once more when it is recorded
    };
    Seen check(const std::string& key, std::string& reply);

    /// Records the reply of request `key`; returns how many extra copies to send (duplicates
    /// that arrived while it was in flight).
    int record(const std::string& key, const std::string& reply);

private:
    struct Entry {
        std::optional<std::string> reply;
        int waiting = 0;
    };
    std::mutex mutex_;
    double burst_, rate_, tokens_;
    std::int64_t last_;
    std::map<std::string, Entry> entries_;
    std::deque<std::string> order_;
};

/// A Connection that forwards everything to `inner` and records the first message sent through it
/// (the reply) in `guard` under `key`, sending it again for duplicates that waited for it.
class RecordingConnection final : public net::Connection {
public:
    RecordingConnection(std::shared_ptr<net::Connection> inner, std::shared_ptr<RequestGuard> guard, std::string key)
        : inner_(std::move(inner)), guard_(std::move(guard)), key_(std::move(key)) {}

    std::uint64_t id() const override { return inner_->id(); }
    void send(std::string text) override;
    void close(std::uint16_t code, std::string reason) override { inner_->close(code, std::move(reason)); }
    std::string remote_address() const override { return inner_->remote_address(); }

    /// The real connection behind `connection` (itself when it is not a RecordingConnection).
    static std::shared_ptr<net::Connection> unwrap(const std::shared_ptr<net::Connection>& connection);

private:
    std::shared_ptr<net::Connection> inner_;
    std::shared_ptr<RequestGuard> guard_;
    std::string key_;
    std::once_flag recorded_;
};

}  // namespace belote::game
