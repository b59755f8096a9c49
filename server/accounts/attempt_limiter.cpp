#include "server/accounts/attempt_limiter.hpp"

#include <algorithm>

namespace belote::accounts {

void AttemptLimiter::refill(Bucket& b, std::int64_t now_ms) const {
    if (now_ms > b.last_ms) b.credit_ms = std::min(full(), b.credit_ms + (now_ms - b.last_ms));
    b.last_ms = std::max(b.last_ms, now_ms);
}

void AttemptLimiter::make_room(std::int64_t now_ms) {
    if (buckets_.size() < max_keys_) return;
    for (auto it = buckets_.begin(); it != buckets_.end();) {
        refill(it->second, now_ms);
        it = it->second.credit_ms >= full() ? buckets_.erase(it) : std::next(it);
    }
    while (buckets_.size() >= max_keys_) buckets_.erase(buckets_.begin());
}

std::int64_t AttemptLimiter::take(const std::string& key, std::int64_t now_ms) {
    std::lock_guard lock(mutex_);
    auto it = buckets_.find(key);
    if (it == buckets_.end()) {
        make_room(now_ms);
        it = buckets_.emplace(key, Bucket{full(), now_ms}).first;
    }
    Bucket& b = it->second;
    refill(b, now_ms);
    if (b.credit_ms >= limits_.refill_ms) {
        b.credit_ms -= limits_.refill_ms;
        return 0;
    }
    return limits_.refill_ms - b.credit_ms;
}

std::size_t AttemptLimiter::size() const {
    std::lock_guard lock(mutex_);
    return buckets_.size();
}

}  // namespace belote::accounts
