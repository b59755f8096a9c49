#pragma once
// Players by session token, with the expiry of guests nobody uses any more.

#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "server/players/player.hpp"

namespace belote::players {

/// Thread-safe registry of players.
class PlayerRegistry {
public:
    /// Makes a fresh (token, player id) pair: both unguessable.
    using IdMaker = std::function<std::pair<std::string, std::string>()>;
    explicit PlayerRegistry(IdMaker make_ids) : make_ids_(std::move(make_ids)) {}

    /// Result of login.
    struct Login {
        std::shared_ptr<Player> player;
        bool resumed = false;                       ///< true when a known token was given
        std::shared_ptr<net::Connection> replaced;  ///< the player's previous connection, still open
    };

    /// Binds `connection` to a player (hello, already validated). A known `token` re-binds its player
    /// (keeping id, nickname and tables); otherwise a new player named `nickname` with a fresh token
    /// is made. The player's previous connection, if any, is returned in `replaced`.
    Login login(const std::shared_ptr<net::Connection>& connection, const std::string& nickname,
                const std::optional<std::string>& token);

    /// Forgets every player that has had no connection for `ttl_ms` at `now_ms` and for whom
    /// `still_needed` (e.g. "sits at a table that still exists") is false. Returns how many.
    std::size_t expire(std::int64_t now_ms, std::int64_t ttl_ms,
                       const std::function<bool(const Player&)>& still_needed);

    /// Number of players known.
    std::size_t size() const;

private:
    IdMaker make_ids_;
    mutable std::mutex mutex_;
    std::unordered_map<std::string, std::shared_ptr<Player>> by_token_;
};

}  // namespace belote::players
