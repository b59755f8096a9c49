#pragma once
// A player: an identity that outlives connections (a page reload comes back with its token).

#include <cstdint>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "platform/table_commands.hpp"
#include "server/net/connection.hpp"

namespace belote::players {

/// One player. Identity fields are immutable; the bound connection, the set of tables and the
/// time of the last disconnection are guarded by a mutex (tables on different strands send to the
/// same player). Thread-safe.
class Player {
public:
    Player(std::string id, std::string nickname, std::string token)
        : ref_{std::move(id), std::move(nickname)}, token_(std::move(token)) {}

    /// Public id: unguessable, unique across restarts and processes.
    const std::string& id() const { return ref_.id; }
    const std::string& nickname() const { return ref_.name; }
    /// How tables know this player.
    const platform::PlayerRef& ref() const { return ref_; }
    /// Secret session token (never sent to anyone but this player).
    const std::string& token() const { return token_; }

    /// The connection the player uses now; null while disconnected.
    std::shared_ptr<net::Connection> connection() const;
    /// True when the player's current connection is the one with `connection_id`.
    bool bound_to(std::uint64_t connection_id) const;
    /// Binds `connection`; returns the previously bound one (null if none).
    std::shared_ptr<net::Connection> attach(std::shared_ptr<net::Connection> connection);
    /// Unbinds the connection if it is the one with `connection_id` (at `now_ms`); returns whether
    /// it was.
    bool detach(std::uint64_t connection_id, std::int64_t now_ms);
    /// When the player lost its last connection (epoch ms); 0 while connected.
    std::int64_t disconnected_at() const;

    /// Remembers that the player sits at or watches `table` (for resynchronising it on return).
    void add_table(const std::string& table);
    /// Those tables, in id order.
    std::vector<std::string> tables() const;

private:
    const platform::PlayerRef ref_;
    const std::string token_;
    mutable std::mutex mutex_;
    std::shared_ptr<net::Connection> connection_;
    std::int64_t disconnected_at_ = 0;
    std::set<std::string> tables_;
};

}  // namespace belote::players
