#pragma once
// The stores the storage interface tests run against: in memory, SQLite and PostgreSQL (the last
// skipped, with a message, when no test PostgreSQL is set: tests/support/test_postgres.hpp), and the
// records they write.

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <ostream>
#include <string>

#include "server/store/store.hpp"
#include "tests/support/commit_and_wait.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/test_postgres.hpp"

namespace belote::store {

enum class StoreKind { Memory, Sqlite, Postgres };

/// "Memory", "Sqlite", "Postgres": the suffix of a test's name.
std::string kind_name(StoreKind kind);

/// Prints a kind by its name in test failures (GoogleTest's hook).
inline void PrintTo(StoreKind kind, std::ostream* out) { *out << kind_name(kind); }

/// One store of a kind on data of its own: a temporary directory (SQLite), a schema (PostgreSQL).
class StoreUnderTest {
public:
    explicit StoreUnderTest(StoreKind kind);
    StoreUnderTest(const StoreUnderTest&) = delete;
    StoreUnderTest& operator=(const StoreUnderTest&) = delete;

    Store& store() { return *store_; }
    StoreKind kind() const { return kind_; }
    /// Closes the store (waiting for its writer).
    void close() { store_.reset(); }
    /// Opens another store on the same data (SQLite, PostgreSQL). Throws StoreError.
    std::unique_ptr<Store> open() const;
    /// close(), then a store on the same data again. Throws StoreError.
    void reopen();
    /// Runs `sql` on the database directly, not through the store (SQLite, PostgreSQL).
    void exec_sql(const std::string& sql);
    /// The schema of a PostgreSQL store.
    testing::PostgresSchema& postgres() { return *schema_; }

private:
    StoreKind kind_;
    testing::TempDir dir_{"store"};
    std::unique_ptr<testing::PostgresSchema> schema_;
    std::unique_ptr<Store> store_;
};

/// A test over one kind of store (the parameter), with a fresh store each.
class StoreTest : public ::testing::TestWithParam<StoreKind> {
protected:
    void SetUp() override;
    Store& store() { return subject_->store(); }
    StoreUnderTest& subject() { return *subject_; }

private:
    std::unique_ptr<StoreUnderTest> subject_;
};

/// The test name suffix of a parameter: the kind's name.
struct KindName {
    std::string operator()(const ::testing::TestParamInfo<StoreKind>& info) const { return kind_name(info.param); }
};

/// The records the store tests write: a guest, a registered player whose username key is `key`
/// (the look-alike key unset), and a journal entry `seq` of `table`.
inline Account guest(const std::string& id, const std::string& name) {
    return {id, name, std::nullopt, std::nullopt, std::nullopt, 1000, std::nullopt};
}

inline Account registered(const std::string& id, const std::string& username, const std::string& key) {
    return {id, username, username, key, "$argon2id$v=19$m=65536,t=2,p=1$x$y", 2000, std::nullopt};
}

inline JournalEntry entry(const std::string& table, std::uint64_t seq) {
    return {table, seq, static_cast<std::int64_t>(1000 + seq), R"({"event":"seat_freed","seat":0})"};
}

}  // namespace belote::store
