#include "server/game/request_guard.hpp"

#include <algorithm>
#include <utility>

namespace belote::game {

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

RequestGuard::Seen RequestGuard::check(const std::string& key, std::string& reply) {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(key);
    if (it == entries_.end()) {
        entries_.emplace(key, Entry{});
        order_.push_back(key);
        while (order_.size() > remembered_request_ids) {
            entries_.erase(order_.front());
            order_.pop_front();
        }
        return Seen::New;
    }
    if (it->second.reply) {
        reply = *it->second.reply;
        return Seen::Answered;
    }
    ++it->second.waiting;
    return Seen::InFlight;
}

int RequestGuard::record(const std::string& key, const std::string& reply) {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(key);
    if (it == entries_.end()) return 0;  // forgotten meanwhile
    it->second.reply = reply;
    return std::exchange(it->second.waiting, 0);
}

void RecordingConnection::send(std::string text) {
    bool first = false;
    std::call_once(recorded_, [&] { first = true; });
    if (first) {
        int copies = guard_->record(key_, text);
        for (int i = 0; i < copies; ++i) inner_->send(text);
    }
    inner_->send(std::move(text));
}

std::shared_ptr<net::Connection> RecordingConnection::unwrap(const std::shared_ptr<net::Connection>& connection) {
    if (auto* recording = dynamic_cast<RecordingConnection*>(connection.get())) return recording->inner_;
    return connection;
}

}  // namespace belote::game
