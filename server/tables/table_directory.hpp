#pragma once
// The tables of this server: creation, lookup, the lobby listing, and forgetting idle tables.

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

    /// Creates a table for `options` (must be valid) with platform options `settings`.
    std::shared_ptr<TableActor> create(const MatchOptions& options, const platform::TableSettings& settings);

    /// The table with id `id`, or null.
    std::shared_ptr<TableActor> find(const std::string& id) const;

    /// The lobby entry of every table, in creation order.
    std::vector<platform::LobbyEntry> entries() const;

    /// Number of tables.
    std::size_t size() const;

private:
    void remove(const std::string& id);

    TableServices services_;
    platform::TablePolicy policy_;
    struct Listed {
        std::uint64_t order = 0;  ///< creation order
        std::shared_ptr<TableActor> table;
    };
    mutable std::mutex mutex_;
    std::map<std::string, Listed> tables_;
    std::uint64_t created_ = 0;
};

}  // namespace belote::tables
