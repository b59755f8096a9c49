#pragma once
// The players in memory, by account id: the cache of live players in front of the store, with the
// expiry of those nobody uses any more (their account stays in the store).

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "server/players/player.hpp"
#include "server/store/store.hpp"

namespace belote::players {

/// Thread-safe registry of players.
class PlayerRegistry {
public:
    /// Result of attach.
    struct Attached {
        std::shared_ptr<Player> player;
        bool resumed = false;                       ///< true when the player was already in memory
        std::shared_ptr<net::Connection> replaced;  ///< the player's previous connection, still open
    };

    /// Binds `connection` to the player of `account` (a session was opened or resumed for it): the
    /// one in memory (keeping its tables), or a new one made from the account (id, display name,
    /// guest when it has no username). The player's previous connection, if any, is returned in
    /// `replaced`.
    Attached attach(const std::shared_ptr<net::Connection>& connection, const store::Account& account);

    /// The player with account id `id` in memory, or null.
    std::shared_ptr<Player> find(const std::string& id) const;

    /// Forgets every player that has had no connection for `ttl_ms` at `now_ms` and for whom
    /// `still_needed` (e.g. "sits at a table that still exists") is false. Returns how many.
    std::size_t expire(std::int64_t now_ms, std::int64_t ttl_ms,
                       const std::function<bool(const Player&)>& still_needed);

    /// True when a player connected now is shown by a name of `key` (protocol::name_key).
    bool connected_with_key(const std::string& key) const;

    /// Number of players in memory.
    std::size_t size() const;

private:
    mutable std::mutex mutex_;
    std::unordered_map<std::string, std::shared_ptr<Player>> by_id_;
};

}  // namespace belote::players
