#include "server/players/player_registry.hpp"

namespace belote::players {

PlayerRegistry::Login PlayerRegistry::login(const std::shared_ptr<net::Connection>& connection,
                                            const std::string& nickname, const std::optional<std::string>& token) {
    std::lock_guard lock(mutex_);
    Login login;
    if (token) {
        if (auto it = by_token_.find(*token); it != by_token_.end()) {
            login.player = it->second;
            login.resumed = true;
        }
    }
    if (!login.player) {
        auto [fresh, id] = make_ids_();
        while (by_token_.count(fresh)) std::tie(fresh, id) = make_ids_();
        login.player = std::make_shared<Player>(id, nickname, fresh);
        by_token_.emplace(fresh, login.player);
    }
    auto previous = login.player->attach(connection);
    if (previous && previous->id() != connection->id()) login.replaced = previous;
    return login;
}

std::size_t PlayerRegistry::expire(std::int64_t now_ms, std::int64_t ttl_ms,
                                   const std::function<bool(const Player&)>& still_needed) {
    std::lock_guard lock(mutex_);
    return std::erase_if(by_token_, [&](const auto& entry) {
        const Player& p = *entry.second;
        auto since = p.disconnected_at();
        return since != 0 && now_ms - since >= ttl_ms && !still_needed(p);
    });
}

std::size_t PlayerRegistry::size() const {
    std::lock_guard lock(mutex_);
    return by_token_.size();
}

}  // namespace belote::players
