#include "server/game/player_registry.hpp"

#include "server/game/random_source.hpp"

namespace belote::game {

void PlayerRegistry::open(std::uint64_t connection_id) {
    std::lock_guard lock(mutex_);
    sessions_.emplace(connection_id, nullptr);
}

std::shared_ptr<Player> PlayerRegistry::player_of(std::uint64_t connection_id) const {
    std::lock_guard lock(mutex_);
    auto it = sessions_.find(connection_id);
    return it == sessions_.end() ? nullptr : it->second;
}

std::optional<PlayerRegistry::Login> PlayerRegistry::login(const std::shared_ptr<net::Connection>& connection,
                                                           const std::string& nickname,
                                                           const std::optional<std::string>& token) {
    std::lock_guard lock(mutex_);
    auto& session = sessions_[connection->id()];
    if (session) return std::nullopt;

    Login login;
    if (token) {
        if (auto it = by_token_.find(*token); it != by_token_.end()) {
            login.player = it->second;
            login.resumed = true;
        }
    }
    if (!login.player) {
        std::string fresh = random_token();
        while (by_token_.count(fresh)) fresh = random_token();
        login.player = std::make_shared<Player>("p" + std::to_string(next_player_++), nickname, fresh);
        by_token_.emplace(fresh, login.player);
    }
    session = login.player;
    auto previous = login.player->attach(connection);
    if (previous && previous->id() != connection->id()) {
        login.replaced = previous;
        if (auto it = sessions_.find(previous->id()); it != sessions_.end()) it->second = nullptr;
    }
    return login;
}

std::shared_ptr<Player> PlayerRegistry::close(std::uint64_t connection_id) {
    std::lock_guard lock(mutex_);
    auto it = sessions_.find(connection_id);
    if (it == sessions_.end()) return nullptr;
    auto player = std::move(it->second);
    sessions_.erase(it);
    if (player && player->detach(connection_id)) return player;
    return nullptr;
}

}  // namespace belote::game
