#pragma once
// The tables of this server: creation, lookup, the lobby listing, and forgetting idle tables.

#include <chrono>
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "platform/table_info.hpp"
#include "platform/table_policy.hpp"
#include "server/tables/table_actor.hpp"

namespace belote::tables {

/// Thread-safe directory of tables. Table ids are unguessable (RandomSource::id), so an unlisted
/// table cannot be found by trying ids, and stay unique across restarts.
class TableDirectory {
public:
    /// Every table gets `services` (its on_idle removes it from here) and `policy`.
    TableDirectory(TableServices services, platform::TablePolicy policy);

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
    std::size_t recover(std::chrono::milliseconds grace);

    /// The tables brought back by recover() where `player_id` sat or watched.
    std::vector<std::string> recovered_tables_of(const std::string& player_id) const;

    /// The table with id `id`, or null.
    std::shared_ptr<TableActor> find(const std::string& id) const;

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
        std::optional<std::uint64_t> next;  ///< the cursor of the next page; none after the last
    };
    /// The listed (public) tables matching `query`, in creation order, from the index kept up to
    /// date as tables change (TableServices::on_entry): no table is asked.
    LobbyPage lobby(const LobbyQuery& query) const;

    /// Number of tables whose first match has not started (public and private).
    std::size_t waiting() const;

    /// Number of tables.
    std::size_t size() const;

private:
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
};

}  // namespace belote::tables
