#include "tests/support/test_postgres.hpp"

#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <random>

#include "server/store/pg_connection.hpp"

// Identifiers (the role and schema names) cannot be parameters: they are made here, of lowercase
// letters, digits and '_' only.

namespace belote::testing {

namespace {

/// A name no other test (in this process or another) uses: lowercase letters, digits, '_'.
std::string unique_name() {
    static std::atomic<int> counter{0};
    std::random_device random;
    return "belote_t" + std::to_string(::getpid()) + "_" + std::to_string(++counter) + "_" + std::to_string(random());
}

const store::PgQuery end_connections{
    "end_connections",
    "SELECT pg_terminate_backend(pid, 10000) FROM pg_stat_activity WHERE usename = $1"};  // waits (ms)

/// `url` with `parameters` ("a=1&b=2") added to its query.
std::string with_parameters(const std::string& url, const std::string& parameters) {
    return url + (url.find('?') == std::string::npos ? "?" : "&") + parameters;
}

}  // namespace

std::optional<std::string> test_postgres_url() {
    const char* url = std::getenv("BELOTE_TEST_POSTGRES_URL");
    if (!url || !*url) return std::nullopt;
    return std::string(url);
}

PostgresSchema::PostgresSchema(const std::string& server_url) : server_url_(server_url), name_(unique_name()) {
    store::PgConnection admin(server_url_);
    admin.exec("CREATE ROLE " + name_ + " LOGIN; CREATE SCHEMA " + name_ + " AUTHORIZATION " + name_);
    // options: -c search_path=<name> (percent-encoded '=' and ' ' in a URL).
    url_ = with_parameters(server_url_, "user=" + name_ + "&options=-csearch_path%3D" + name_);
}

PostgresSchema::~PostgresSchema() {
    try {
        store::PgConnection admin(server_url_);
        admin.exec("ALTER ROLE " + name_ + " NOLOGIN");
        admin.run(end_connections, {name_});
        admin.exec("DROP SCHEMA " + name_ + " CASCADE; DROP ROLE " + name_);
    } catch (const store::StoreError&) {
        // the cluster is thrown away at the end of the run anyway
    }
}

void PostgresSchema::exec(const std::string& sql) {
    store::PgConnection admin(with_parameters(server_url_, "options=-csearch_path%3D" + name_));
    admin.exec(sql);
}

void PostgresSchema::disconnect_all() {
    store::PgConnection admin(server_url_);
    admin.run(end_connections, {name_});
}

void PostgresSchema::allow_login(bool allowed) {
    store::PgConnection admin(server_url_);
    admin.exec("ALTER ROLE " + name_ + (allowed ? " LOGIN" : " NOLOGIN"));
}

}  // namespace belote::testing
