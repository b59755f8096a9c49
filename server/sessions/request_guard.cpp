#include "server/sessions/request_guard.hpp"

#include <algorithm>
#include <utility>

namespace belote::sessions {

bool RequestGuard::admit(std::int64_t now_ms) {
    std::lock_guard lock(mutex_);
    if (now_ms > last_) {
        tokens_ = std::min(burst_, tokens_ + rate_ * static_cast<double>(now_ms - last_) / 1000.0);
        last_ = now_ms;
    }
    if (tokens_ < 1.0) return false;
    tokens_ -= 1.0;
    return true;
}

namespace {

/// A cheap first comparison of ids (the full comparison only runs when it matches).
std::uint64_t fingerprint_of(const protocol::RequestId& id) {
    if (const auto* n = std::get_if<std::int64_t>(&id)) return static_cast<std::uint64_t>(*n) * 2;
    if (const auto* s = std::get_if<std::string>(&id)) return std::hash<std::string>{}(*s) | 1;
    return 0;
}

}  // namespace

RequestGuard::Entry* RequestGuard::find(const protocol::RequestId& id) {
    const std::uint64_t fingerprint = fingerprint_of(id);
    for (Entry& e : entries_)
        if (e.fingerprint == fingerprint && e.id == id) return &e;
    return nullptr;
}

RequestGuard::Seen RequestGuard::check(const protocol::RequestId& id, net::SharedText& reply) {
    std::lock_guard lock(mutex_);
    if (Entry* e = find(id)) {
        if (e->reply) {
            reply = e->reply;
            return Seen::Answered;
        }
        ++e->waiting;
        return Seen::InFlight;
    }
    if (entries_.size() < remembered_request_ids) {
        entries_.push_back(Entry{fingerprint_of(id), id, {}, 0});
    } else {
        entries_[oldest_] = Entry{fingerprint_of(id), id, {}, 0};
        oldest_ = (oldest_ + 1) % remembered_request_ids;
    }
    return Seen::New;
}

int RequestGuard::record(const protocol::RequestId& id, const net::SharedText& reply) {
    std::lock_guard lock(mutex_);
    Entry* e = find(id);
    if (!e || e->reply) return 0;  // forgotten meanwhile, or a second message for the same id
    e->reply = reply;
    return std::exchange(e->waiting, 0);
}

}  // namespace belote::sessions
