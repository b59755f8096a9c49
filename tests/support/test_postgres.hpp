#pragma once
// The PostgreSQL server of the tests: its URL comes from BELOTE_TEST_POSTGRES_URL (scripts/test.sh
// starts a throw-away cluster with scripts/postgres.sh and sets it). Each test gets a schema and a
// role of its own, dropped at its end, so tests share the server but never each other's data.

#include <optional>
#include <string>

namespace belote::testing {

/// BELOTE_TEST_POSTGRES_URL, or none when it is unset or empty (then the PostgreSQL tests skip).
std::optional<std::string> test_postgres_url();

/// The message a PostgreSQL test skips with when there is no test server.
constexpr const char* no_test_postgres =
    "BELOTE_TEST_POSTGRES_URL is not set (scripts/test.sh starts a PostgreSQL for the tests: "
    "eval \"$(scripts/postgres.sh start)\" does it by hand)";

/// A fresh schema owned by a fresh login role of the same name, in the database of `server_url`.
/// url() connects as that role with the schema as its search_path: what the store creates goes
/// there. The destructor drops both (and ends the role's connections).
class PostgresSchema {
public:
    /// Throws store::StoreError when the server cannot be reached.
    explicit PostgresSchema(const std::string& server_url);
    ~PostgresSchema();
    PostgresSchema(const PostgresSchema&) = delete;
    PostgresSchema& operator=(const PostgresSchema&) = delete;

    const std::string& name() const { return name_; }
    /// The URL a store opens: the server's, as this role, in this schema.
    const std::string& url() const { return url_; }
    /// Runs `sql` as the server URL's user (a superuser in the test cluster), in this schema.
    void exec(const std::string& sql);
    /// Ends every connection of this role (as when the server restarts).
    void disconnect_all();
    /// Lets this role connect, or refuses it (as while the server is down).
    void allow_login(bool allowed);

private:
    std::string server_url_;
    std::string name_;
    std::string url_;
};

}  // namespace belote::testing
