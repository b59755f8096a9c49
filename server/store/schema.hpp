#pragma once
// The store's schema, as versioned migrations (docs/operations.md "Schema"). The SQL is portable
// (no SQLite-only types or functions), so the PostgreSQL store can run the same migrations.

#include <string>
#include <vector>

namespace belote::store {

/// Migration i (from 0) takes the schema from version i to i + 1.
const std::vector<std::string>& migrations();

/// The schema version this server writes: migrations().size().
int current_schema_version();

}  // namespace belote::store
