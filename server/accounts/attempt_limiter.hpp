#pragma once
// Rate limiting of login and register attempts (docs/protocol.md "Accounts"): a token bucket per
// key (an IP address, or a username key), with a bounded number of keys.

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <unordered_map>

namespace belote::accounts {

/// A bucket's size: `burst` attempts at once, then one more every `refill_ms`.
struct AttemptLimits {
    std::int64_t burst = 5;
    std::int64_t refill_ms = 60'000;
};

/// Token buckets by key. Thread-safe. Holds at most `max_keys` keys: past it, the keys whose bucket
/// is full again are forgotten first, then the others (a flood of new keys can only make the
/// limiter forget, never refuse a key it has not seen).
class AttemptLimiter {
public:
    explicit AttemptLimiter(AttemptLimits limits, std::size_t max_keys = 100'000)
        : limits_(limits), max_keys_(max_keys) {}

    /// Takes one attempt for `key` at `now_ms`: 0 when allowed, else the milliseconds until the
    /// next attempt will be (nothing is taken then).
    std::int64_t take(const std::string& key, std::int64_t now_ms);

    /// Keys held (tests).
    std::size_t size() const;

private:
    /// A bucket in milliseconds of credit (exact: no rounding): an attempt costs refill_ms, the
    /// credit grows by one per millisecond up to burst * refill_ms.
    struct Bucket {
        std::int64_t credit_ms = 0;
        std::int64_t last_ms = 0;
    };
    std::int64_t full() const { return limits_.burst * limits_.refill_ms; }
    /// `b` refilled up to `now_ms`.
    void refill(Bucket& b, std::int64_t now_ms) const;
    /// Forgets keys until there is room for one more.
    void make_room(std::int64_t now_ms);

    AttemptLimits limits_;
    std::size_t max_keys_;
    mutable std::mutex mutex_;
    std::unordered_map<std::string, Bucket> buckets_;
};

}  // namespace belote::accounts
