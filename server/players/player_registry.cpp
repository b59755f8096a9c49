#include "server/players/player_registry.hpp"

namespace belote::players {

PlayerRegistry::Attached PlayerRegistry::attach(const std::shared_ptr<net::Connection>& connection,
                                                const store::Account& account) {
    std::lock_guard lock(mutex_);
    Attached out;
    auto& player = by_id_[account.id];
    out.resumed = player != nullptr;
    if (!player)
        player = std::make_shared<Player>(account.id, account.display_name, !account.username);
    else if (account.username && player->guest())  // registered while this copy was not looking
        player->registered(account.display_name);
    out.player = player;
    auto previous = player->attach(connection);
    if (previous && previous->id() != connection->id()) out.replaced = previous;
    return out;
}

std::shared_ptr<Player> PlayerRegistry::find(const std::string& id) const {
    std::lock_guard lock(mutex_);
    auto it = by_id_.find(id);
    return it == by_id_.end() ? nullptr : it->second;
}

std::size_t PlayerRegistry::expire(std::int64_t now_ms, std::int64_t ttl_ms,
                                   const std::function<bool(const Player&)>& still_needed) {
    std::lock_guard lock(mutex_);
    return std::erase_if(by_id_, [&](const auto& entry) {
        const Player& p = *entry.second;
        auto since = p.disconnected_at();
        return since != 0 && now_ms - since >= ttl_ms && !still_needed(p);
    });
}

bool PlayerRegistry::connected_with_key(const std::string& key) const {
    std::lock_guard lock(mutex_);
    for (const auto& [id, player] : by_id_)
        if (player->connection() && player->name_key() == key) return true;
    return false;
}

std::size_t PlayerRegistry::size() const {
    std::lock_guard lock(mutex_);
    return by_id_.size();
}

}  // namespace belote::players
