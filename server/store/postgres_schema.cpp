#include "server/store/postgres_schema.hpp"

#include <spdlog/spdlog.h>

#include "server/store/schema.hpp"

namespace belote::store {

namespace {

/// The advisory lock every belote-server takes to migrate (any 64-bit number no other program uses).
constexpr const char* migration_lock = "4207850001";

const PgQuery lock_for_migration{"migration_lock", "SELECT pg_advisory_xact_lock($1::bigint)"};
/// to_regclass: the table in the connection's search_path, or NULL.
const PgQuery schema_version_exists{"schema_version_exists", "SELECT to_regclass('schema_version') IS NOT NULL"};
const PgQuery schema_version{"schema_version", "SELECT version FROM schema_version"};
const PgQuery set_schema_version{"set_schema_version", "UPDATE schema_version SET version = $1"};

/// The version the database is at (0: empty).
int version_of(PgConnection& db) {
    if (db.run(schema_version_exists).text(0, 0) != "t") return 0;
    auto version = db.run(schema_version);
    return version.rows() ? static_cast<int>(version.integer(0, 0)) : 0;
}

}  // namespace

void migrate_postgres(PgConnection& db, const std::string& shown_url) {
    db.exec("BEGIN");
    try {
        db.run(lock_for_migration, {migration_lock});
        const int have = version_of(db);
        const int want = current_schema_version();
        if (have > want)
            throw StoreError("the database " + shown_url + " has schema version " + std::to_string(have) +
                             ", newer than this server's " + std::to_string(want) + ": run a newer belote-server");
        for (int v = have; v < want; ++v) {
            db.exec(migrations(Dialect::Postgres)[v]);
            if (v == 0)
                db.exec(
                    "CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version VALUES (0)");
            db.run(set_schema_version, {v + 1});
        }
        db.exec("COMMIT");
        for (int v = have; v < want; ++v) spdlog::info("store: schema migrated to version {}", v + 1);
    } catch (...) {
        try {
            if (!db.broken()) db.exec("ROLLBACK");
        } catch (const PgError&) {}
        throw;
    }
}

}  // namespace belote::store
