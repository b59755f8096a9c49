#pragma once
// A player: identity that outlives connections (a page reload comes back with its token).

#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "server/net/connection.hpp"

namespace belote::game {

/// One player. Identity fields are immutable; the bound connection and the set of tables are
/// guarded by a mutex (tables on different strands send to the same player). Thread-safe.
class Player {
public:
    Player(std::string id, std::string nickname, std::string token)
        : id_(std::move(id)), nickname_(std::move(nickname)), token_(std::move(token)) {}

    /// Public id, e.g. "p3".
    const std::string& id() const { return id_; }
    const std::string& nickname() const { return nickname_; }
    /// Secret session token (never sent to anyone but this player).
    const std::string& token() const { return token_; }

    /// The connection the player uses now; null while disconnected.
    std::shared_ptr<net::Connection> connection() const;
    /// Binds `connection`; returns the previously bound one (null if none).
    std::shared_ptr<net::Connection> attach(std::shared_ptr<net::Connection> connection);
    /// Unbinds the connection if it is the one with `connection_id`; returns whether it was.
    bool detach(std::uint64_t connection_id);

    /// Remembers that the player has a seat at `table` (for re-sending snapshots on return).
    void add_table(const std::string& table);
    /// The tables where the player has a seat, in id order.
    std::vector<std::string> tables() const;

private:
    const std::string id_;
    const std::string nickname_;
    const std::string token_;
    mutable std::mutex mutex_;
    std::shared_ptr<net::Connection> connection_;
    std::set<std::string> tables_;
};

}  // namespace belote::game
