#pragma once
// Per-connection request bounds: the message rate (token bucket, close 4029) and the replies to
// recent request ids (docs/design.md invariant 5: a duplicate is answered again, never applied twice).

#include <cstdint>
#include <mutex>
#include <optional>
#include <vector>

#include "protocol/request_id.hpp"
#include "server/net/connection.hpp"

namespace belote::sessions {

/// Request ids remembered per connection (oldest forgotten first).
inline constexpr std::size_t remembered_request_ids = 64;

/// The bounds of one connection. Thread-safe (replies are recorded from table strands). Holds
/// nothing on the heap until its first request with an id.
class RequestGuard {
public:
    /// `burst` messages at once, refilled at `rate` per second.
    RequestGuard(double burst, double rate, std::int64_t now_ms)
        : burst_(burst), rate_(rate), tokens_(burst), last_(now_ms) {}

    /// Takes one token; false when the connection is over its rate (the caller closes with 4029).
    bool admit(std::int64_t now_ms);

    /// What to do with a request id.
    enum class Seen {
        New,       ///< first time: handle it (its reply is recorded through record())
        Answered,  ///< handled before: `reply` holds the reply to send again
        InFlight,  ///< still being handled: the reply will be sent once more when it is recorded
    };
    Seen check(const protocol::RequestId& id, net::SharedText& reply);

    /// Records the reply of request `id`; returns how many extra copies to send (duplicates that
    /// arrived while it was in flight).
    int record(const protocol::RequestId& id, const net::SharedText& reply);

private:
    struct Entry {
        std::uint64_t fingerprint = 0;  ///< compared before `id`
        protocol::RequestId id;
        net::SharedText reply;  ///< null while in flight
        int waiting = 0;
    };
    Entry* find(const protocol::RequestId& id);

    std::mutex mutex_;
    double burst_, rate_, tokens_;
    std::int64_t last_;
    std::vector<Entry> entries_;  ///< a ring of at most remembered_request_ids
    std::size_t oldest_ = 0;
};

}  // namespace belote::sessions
