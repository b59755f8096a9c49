#include "server/store/open_store.hpp"

#include <spdlog/spdlog.h>

#include "server/store/memory_store.hpp"
#include "server/store/postgres_store.hpp"
#include "server/store/postgres_url.hpp"
#include "server/store/sqlite_store.hpp"

namespace belote::store {

std::string database_path(const std::string& data_dir) { return data_dir + "/belote.db"; }

std::shared_ptr<Store> open_store(const Config& config) {
    if (config.store == "memory") {
        spdlog::warn("store: in memory (--store memory): nothing survives a restart");
        return std::make_shared<MemoryStore>();
    }
    if (is_postgres_url(config.store)) {
        auto store = std::make_shared<PostgresStore>(config.store);
        spdlog::info("store: {} (PostgreSQL)", redacted_url(config.store));
        return store;
    }
    const auto path = database_path(config.data_dir);
    auto durability = config.durability == "full" ? Durability::Full : Durability::Normal;
    auto store = std::make_shared<SqliteStore>(path, durability);
    spdlog::info("store: {} (SQLite, WAL, durability {})", path, config.durability);
    return store;
}

int run_backup(const Config& config) {
    if (is_postgres_url(config.store)) {
        spdlog::critical("--backup copies the SQLite store; back a PostgreSQL store up with pg_dump");
        return 1;
    }
    const auto path = database_path(config.data_dir);
    try {
        SqliteStore::backup(path, config.backup);
    } catch (const StoreError& e) {
        spdlog::critical("backup of {} failed: {}", path, e.what());
        return 1;
    }
    spdlog::info("backup of {} written to {}", path, config.backup);
    return 0;
}

}  // namespace belote::store
