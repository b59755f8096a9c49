#pragma once
// PostgreSQL store URLs as given to --store: recognising them, and showing them without secrets.

#include <string>
#include <string_view>

namespace belote::store {

/// True for a URL that selects the PostgreSQL store: "postgres://..." or "postgresql://...".
bool is_postgres_url(std::string_view store);

/// `url` with its password (after "user:", and any `password=` parameter) replaced by "***", for
/// logs and messages: the password never leaves the process.
std::string redacted_url(std::string_view url);

}  // namespace belote::store
