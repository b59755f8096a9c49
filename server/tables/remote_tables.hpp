#pragma once
// What this node knows of the tables other nodes serve (docs/operations.md "Routing"): a copy of
// Store::live_tables, read again at most once per `ttl` when asked, and at every lease-renewal
// round. It routes requests for tables this node does not serve (table_elsewhere, table_moved's
// url) and gives the lobby the other nodes' rows.

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "server/store/store.hpp"
#include "server/tables/clock.hpp"

namespace belote::tables {

/// A cached view of the other nodes' live tables. Thread-safe. Never reads the store more than once
/// per `ttl` on behalf of requests, whatever they name: a table nobody serves costs a look-up in
/// memory.
class RemoteTables {
public:
    /// The tables of nodes other than `self` in `store`.
    RemoteTables(std::shared_ptr<store::Store> store, std::shared_ptr<Clock> clock, std::string self,
                 std::chrono::milliseconds ttl);

    /// Reads the store again now (the renewal round). A store that cannot be read leaves the
    /// previous copy (logged).
    void refresh();

    /// The URL of the node that serves `table`, when another node holds it with a live lease, its
    /// registry row is alive and it advertises a URL. Reads the store first when the copy is older
    /// than the ttl (one caller at a time; the others use the copy they find).
    std::optional<std::string> url_of(const std::string& table);

    /// As url_of, from the copy as it is (never reads the store: for a table's strand).
    std::optional<std::string> cached_url_of(const std::string& table) const;

    /// A published lobby row of another node's table, in creation order (oldest first).
    struct Row {
        std::string table;
        std::string text;  ///< protocol::lobby_row_text
        std::string variant;
        int free_seats = 0;
    };
    /// Every listed row of the other nodes' tables, oldest first (reads the store first when the copy
    /// is older than the ttl, as url_of).
    std::shared_ptr<const std::vector<Row>> lobby_rows();

private:
    /// Reads the store when the copy is older than the ttl and no other thread is reading it.
    void refresh_if_stale();
    void replace(std::vector<store::LiveTable> tables);

    std::shared_ptr<store::Store> store_;
    std::shared_ptr<Clock> clock_;
    std::string self_;
    std::chrono::milliseconds ttl_;
    std::mutex refreshing_;  ///< held by the thread that reads the store
    mutable std::mutex mutex_;
    std::int64_t read_at_ms_ = 0;              ///< when the copy was read (0: never)
    std::map<std::string, std::string> urls_;  ///< by table: its owner's URL (non-empty only)
    std::shared_ptr<const std::vector<Row>> rows_ = std::make_shared<std::vector<Row>>();  ///< listed, oldest first
};

}  // namespace belote::tables
