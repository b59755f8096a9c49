#pragma once
// A player in memory: the live side of a store::Account (a page reload, or a login elsewhere,
// comes back to the same Player while it is in memory; the store brings it back otherwise).

#include <cstdint>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "platform/table_commands.hpp"
#include "server/net/connection.hpp"

namespace belote::players {

/// One player. The id is immutable; the name and guest flag (changed by register), the bound
/// connection, the set of tables and the time of the last disconnection are guarded by a mutex
/// (tables on different strands send to the same player). Thread-safe. Holds no session token:
/// a player may have several sessions (one per browser), and only their hashes are stored.
class Player {
public:
    /// Account `id` shown as `nickname`; `guest` until registered.
    Player(std::string id, std::string nickname, bool guest);

    /// Public id (the account id): unguessable, unique across restarts and processes.
    const std::string& id() const { return id_; }
    /// The display name: a guest's nickname, a registered player's username.
    std::string nickname() const;
    /// The display name's name key (protocol::name_key): two players of one key look alike.
    std::string name_key() const;
    /// False once the player registered.
    bool guest() const;
    /// How tables know this player (id and display name at the time of the call).
    platform::PlayerRef ref() const;
    /// The guest registered as `username`: from now on it is shown by that name, not as a guest.
    void registered(std::string username);

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

    /// The IP address of the player's latest sign-in (docs/room.md "Same address"); "" before one.
    std::string address() const;
    void set_address(std::string address);

    /// Remembers that the player sits at or watches `table` (for resynchronising it on return).
    void add_table(const std::string& table);
    /// Those tables, in id order.
    std::vector<std::string> tables() const;

private:
    const std::string id_;
    mutable std::mutex mutex_;
    std::string name_;
    std::string name_key_;
    bool guest_ = true;
    std::shared_ptr<net::Connection> connection_;
    std::int64_t disconnected_at_ = 0;
    std::string address_;
    std::set<std::string> tables_;
};

}  // namespace belote::players
