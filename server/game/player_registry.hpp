#pragma once
// Players by token, and which player (if any) each open connection is authenticated as.

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "server/game/player.hpp"

namespace belote::game {

/// Thread-safe registry of players and connection sessions.
class PlayerRegistry {
public:
    /// Result of login.
    struct Login {
        std::shared_ptr<Player> player;
        bool resumed = false;                       ///< true when a known token was given
        std::shared_ptr<net::Connection> replaced;  ///< the player's previous connection, still open
    };

    /// A new connection (not authenticated yet).
    void open(std::uint64_t connection_id);

    /// The player `connection_id` is authenticated as; null before hello (or after being replaced).
    std::shared_ptr<Player> player_of(std::uint64_t connection_id) const;

    /// Authenticates `connection` (hello, already validated). A known `token` re-binds its
    /// player (keeping id, nickname and seats); otherwise a new player with a fresh token is made.
    /// The player's previous connection, if any, is de-authenticated and returned in `replaced`.
    /// Returns nullopt when `connection` is already authenticated (already_authenticated).
    std::optional<Login> login(const std::shared_ptr<net::Connection>& connection, const std::string& nickname,
                               const std::optional<std::string>& token);

    /// The connection is gone. Returns its player when it was that player's current connection
    /// (the player is now disconnected), else null.
    std::shared_ptr<Player> close(std::uint64_t connection_id);

private:
    mutable std::mutex mutex_;
    std::unordered_map<std::string, std::shared_ptr<Player>> by_token_;
    std::unordered_map<std::uint64_t, std::shared_ptr<Player>> sessions_;  ///< null = not authenticated
    std::uint64_t next_player_ = 1;
};

}  // namespace belote::game
