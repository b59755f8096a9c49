#pragma once
// The store a server runs with, from its configuration (--store, --data-dir, --durability).

#include <memory>

#include "server/config.hpp"
#include "server/store/store.hpp"

namespace belote::store {

/// The file of the SQLite store in `data_dir`.
std::string database_path(const std::string& data_dir);

/// config.store "memory": a MemoryStore; "sqlite": the SqliteStore at database_path(config.data_dir)
/// with config.durability; a postgres:// or postgresql:// URL: a PostgresStore on that database.
/// Throws StoreError (corrupt file, newer schema, cannot open or connect).
std::shared_ptr<Store> open_store(const Config& config);

/// --backup: copies the SQLite store of config.data_dir to config.backup with SQLite's online
/// backup (the server may be running). Returns the exit code: 0, or 1 with the reason logged (also
/// for a PostgreSQL store: pg_dump backs it up).
int run_backup(const Config& config);

}  // namespace belote::store
