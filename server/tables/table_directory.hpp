#pragma once
// The tables of this server: creation, lookup, the lobby listing, and forgetting idle tables.

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "platform/table_info.hpp"
#include "platform/table_policy.hpp"
#include "server/tables/remote_tables.hpp"
#include "server/tables/table_actor.hpp"

namespace belote::tables {

/// Thread-safe directory of tables. Table ids are unguessable (RandomSource::id), so an unlisted
/// table cannot be found by trying ids, and stay unique across restarts.
class TableDirectory {
public:
    /// Every table gets `services` (its on_idle removes it from here) and `policy`.
    TableDirectory(TableServices services, platform::TablePolicy policy);
    /// Stops the ownership keeper (stop_ownership).
    ~TableDirectory();
    TableDirectory(const TableDirectory&) = delete;
    TableDirectory& operator=(const TableDirectory&) = delete;

    /// Creates a table for `options` (must be valid) with platform options `settings`, and stores
    /// it: `stored` is called (from the store's writer) once it is durable or failed to be (the
    /// table is then forgotten). The reply to the creator waits for it.
    using Stored = std::function<void(const std::optional<store::CommitError>& error, const std::string& table,
                                      const std::string& invite)>;
    std::shared_ptr<TableActor> create(const MatchOptions& options, const platform::TableSettings& settings,
                                       Stored stored);

    /// Brings back every table the store holds open (start-up; docs/operations.md "Restart"):
    /// the people at them have `grace` to come back. Returns how many came back; a table whose
    /// journal does not replay is logged and left out. Throws store::StoreError.
    /// With ownership (TableServices::ownership): only the tables no other node holds, each claimed
    /// first and read from the store after its claim; then a thread renews this node's leases and
    /// takes over the tables nobody holds every Ownership::renew_every (keep_ownership).
    std::size_t recover(std::chrono::milliseconds grace);

    /// One round of the ownership keeper: writes this node's row in the registry of nodes (alive
    /// until now + the lease), renews the lease of every table this node owns with the lobby row of
    /// each whose row changed since (a table whose lease ended before its renewal, or whose renewal
    /// is refused, is lost: TableActor::lose, after the other nodes' tables were read again so that
    /// its table_moved can say where it went), then claims the open tables nobody holds (a node
    /// died) and brings them back as recover() does, their people having the `grace` of recover()
    /// to come back. Returns how many it took over. Without ownership, does nothing. Throws
    /// store::StoreError when the store cannot be read.
    std::size_t keep_ownership();

    /// Stops the ownership keeper's thread; the leases are left to run out.
    void stop_ownership();

    /// The end of the process (GameService's destructor: a graceful shutdown, not kill -9): stops the
    /// keeper, then releases (ReleaseTable) every table this node
    /// owns, so that another node may claim it at once rather than when its lease ends. Waits for
    /// the releases to be stored; returns how many were. Without ownership, does nothing.
    std::size_t release_all();

    /// The tables brought back by recover() where `player_id` sat or watched.
    std::vector<std::string> recovered_tables_of(const std::string& player_id) const;

    /// The table with id `id`, or null.
    std::shared_ptr<TableActor> find(const std::string& id) const;

    /// The URL of the node that serves `id` when this node does not and another live node does, with
    /// a URL (RemoteTables::url_of: the store is read at most once per second for it); none
    /// otherwise, and without ownership. docs/operations.md "Routing".
    std::optional<std::string> elsewhere(const std::string& id);

    /// The lobby entry of every table, in creation order.
    std::vector<platform::LobbyEntry> entries() const;

    /// What list_tables asks for.
    struct LobbyQuery {
        std::size_t page_size = 50;
        std::uint64_t cursor = 0;  ///< the first creation number to consider
        std::optional<Variant> variant;
        int free_seats = 0;  ///< at least this many empty seats
    };
    /// One page of the lobby.
    struct LobbyPage {
        std::vector<platform::LobbyEntry> tables;
        std::vector<std::string> remote;    ///< rows of other nodes' tables, after `tables`
        std::optional<std::uint64_t> next;  ///< the cursor of the next page; none after the last
    };
    /// The cursors of the other nodes' rows start here (this node's: creation numbers, below it).
    static constexpr std::uint64_t remote_cursor = std::uint64_t{1} << 62;
    /// The listed (public) tables matching `query`: this node's in creation order, from the index kept
    /// up to date as tables change (TableServices::on_entry; no table is asked), then, with
    /// ownership, the other nodes' live tables as they published them (RemoteTables::lobby_rows),
    /// oldest first.
    LobbyPage lobby(const LobbyQuery& query) const;

    /// Number of tables whose first match has not started (public and private).
    std::size_t waiting() const;

    /// Number of tables.
    std::size_t size() const;

private:
    /// A claim this node made: the table's new epoch and the end of its lease (epoch ms).
    struct Claimed {
        std::uint64_t epoch = 0;
        std::int64_t until_ms = 0;
    };
    /// Claims `table` (whose directory entry was `seen`) for this node and waits for the outcome;
    /// none when another node holds it or the claim is refused (logged).
    std::optional<Claimed> claim(const std::string& table, const store::TableLease& seen);
    /// Makes the actor of a table read from the store (`claimed`: how this node holds it) and lists
    /// it; false when its journal does not replay (logged).
    bool bring_back(const store::OpenTable& open, Claimed claimed);
    /// Renews the lease of every table this node owns (with its lobby row when it changed) and
    /// waits for the outcomes (at most Ownership::renew_every: a later one acts by itself, losing its
    /// table at once when refused); returns the tables lost, with why.
    using Lost = std::vector<std::pair<std::shared_ptr<TableActor>, std::string>>;
    Lost renew_leases();
    std::size_t adopt_orphans();
    /// Writes this node's registry row, alive until `until_ms` (0: gone); waits for it when `wait`.
    void announce(std::int64_t until_ms, bool wait);
    /// The lobby row `id` publishes ("" when not listed); called with mutex_ held.
    std::string published_row(const std::string& id) const;
    /// Forgets the table `id` and returns it (null when not listed).
    std::shared_ptr<TableActor> forget(const std::string& id);
    void remove(const std::string& id);
    /// The store writes again: rebuild the tables that lost a change, resume the others.
    void store_recovered();
    void update(const std::string& id, const platform::LobbyEntry& entry);

    TableServices services_;
    platform::TablePolicy policy_;
    struct Listed {
        std::uint64_t order = 0;  ///< creation order
        std::shared_ptr<TableActor> table;
    };
    mutable std::mutex mutex_;
    std::map<std::string, Listed> tables_;
    std::map<std::uint64_t, platform::LobbyEntry> index_;  ///< every table's entry by creation number
    std::size_t waiting_ = 0;                              ///< entries of index_ in state waiting
    std::uint64_t created_ = 0;
    std::map<std::string, std::vector<std::string>> members_;  ///< recovered tables by player id
    std::set<std::string> unpublished_;     ///< owned tables whose lobby row changed since it was published
    std::shared_ptr<RemoteTables> remote_;  ///< with ownership: the other nodes' tables

    std::chrono::milliseconds grace_{0};  ///< of recover(), for the tables taken over
    std::thread keeper_;                  ///< runs keep_ownership() every Ownership::renew_every
    std::mutex keeper_mutex_;
    std::condition_variable keeper_wake_;
    bool keeper_stop_ = false;
};

}  // namespace belote::tables
