#include "server/ops/lifecycle.hpp"

#include "server/ops/metrics.hpp"

#include <vector>

namespace belote::ops {

void Lifecycle::set_storage_check(std::function<bool()> writable) {
    std::lock_guard lock(mutex_);
    storage_check_ = std::move(writable);
}

bool Lifecycle::storage_ok() const {
    std::function<bool()> check;
    {
        std::lock_guard lock(mutex_);
        check = storage_check_;
    }
    return !check || check();
}

void Lifecycle::track(const std::shared_ptr<net::Connection>& connection) {
    bool added;
    {
        std::lock_guard lock(mutex_);
        added = connections_.emplace(connection->id(), connection).second;
    }
    if (added) metrics().connection_opened();
}

void Lifecycle::untrack(std::uint64_t connection_id) {
    bool removed;
    {
        std::lock_guard lock(mutex_);
        removed = connections_.erase(connection_id) > 0;
    }
    if (removed) metrics().connection_closed();
}

std::size_t Lifecycle::close_all(std::uint16_t code, const std::string& reason) {
    std::vector<std::shared_ptr<net::Connection>> open;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, weak] : connections_)
            if (auto connection = weak.lock()) open.push_back(std::move(connection));
    }
    // Outside the lock: close() only posts to the connection's strand.
    for (const auto& connection : open) connection->close(code, reason);
    return open.size();
}

std::size_t Lifecycle::open_connections() const {
    std::lock_guard lock(mutex_);
    return connections_.size();
}

Lifecycle& lifecycle() {
    static Lifecycle* instance = new Lifecycle();  // never destroyed: usable until exit
    return *instance;
}

}  // namespace belote::ops
