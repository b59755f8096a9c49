#pragma once
// The PostgreSQL store's schema at start-up: the migrations of schema.cpp in the PostgreSQL dialect.

#include <string>

#include "server/store/pg_connection.hpp"

namespace belote::store {

/// Brings the database of `db` to current_schema_version(), in one transaction that holds an
/// advisory lock (two servers starting together migrate one after the other). Throws StoreError
/// when the schema is newer than this server's (naming `shown_url`, the URL without its password),
/// or PgError when a migration fails (nothing of it stays).
void migrate_postgres(PgConnection& db, const std::string& shown_url);

}  // namespace belote::store
