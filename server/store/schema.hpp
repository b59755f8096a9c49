#pragma once
// The store's schema, as versioned migrations (docs/operations.md "Schema"). The SQL is portable
// (no SQLite-only types or functions), so the PostgreSQL store runs the same migrations. Where the
// two dialects need different words, a migration holds a placeholder in braces that migrations()
// replaces with the dialect's words (schema.cpp lists them): `{auto_number}` is a row number in
// insertion order (SQLite's INTEGER PRIMARY KEY rowid alias, PostgreSQL's identity column), and
// `{journal_index}` the journal's index by table and entry (PostgreSQL only).

#include <string>
#include <vector>

namespace belote::store {

/// The SQL dialects the store speaks.
enum class Dialect { Sqlite, Postgres };

/// Migration i (from 0) takes the schema from version i to i + 1, in `dialect` (placeholders replaced).
const std::vector<std::string>& migrations(Dialect dialect);

/// The schema version this server writes: migrations().size().
int current_schema_version();

}  // namespace belote::store
