// What only the PostgreSQL store does (what every store does is in store_test.cpp): its URL shown
// without the password, the migrations in its dialect, two servers migrating one database at once,
// a database that ends the store's connections and refuses new ones for a while, and two nodes on
// one database where the one that lost a table can no longer append to it.

#include <gtest/gtest.h>

#include <future>
#include <thread>

#include "server/store/pg_connection.hpp"
#include "server/store/postgres_store.hpp"
#include "server/store/postgres_url.hpp"
#include "server/store/schema.hpp"
#include "tests/store/store_kinds.hpp"

namespace belote::store {
namespace postgres_store_test {

TEST(PostgresUrlTest, OnlyPostgresSchemesSelectThePostgresStore) {
    EXPECT_TRUE(is_postgres_url("postgres://db.example.org/belote"));
    EXPECT_TRUE(is_postgres_url("postgresql://u@127.0.0.1:5432/belote"));
    EXPECT_FALSE(is_postgres_url("sqlite"));
    EXPECT_FALSE(is_postgres_url("memory"));
    EXPECT_FALSE(is_postgres_url("mysql://u@h/db"));
    EXPECT_FALSE(is_postgres_url("host=localhost dbname=belote"));
}

TEST(PostgresUrlTest, ThePasswordIsNeverShown) {
    EXPECT_EQ(redacted_url("postgres://belote:s3cret@db:5432/belote"), "postgres://belote:***@db:5432/belote");
    EXPECT_EQ(redacted_url("postgresql://belote@db/belote?sslmode=require&password=s3cret&connect_timeout=5"),
              "postgresql://belote@db/belote?sslmode=require&password=***&connect_timeout=5");
    EXPECT_EQ(redacted_url("postgres://db.example.org/belote"), "postgres://db.example.org/belote");
    // A password holding '@', '/' or '?' (as libpq reads it up to the last '@') is hidden whole.
    EXPECT_EQ(redacted_url("postgres://u:a@b/c?d@db/belote"), "postgres://u:***@db/belote");
    EXPECT_EQ(redacted_url("no scheme:s3cret"), "***");
}

TEST(PostgresSchemaTest, TheMigrationsAreTheSameSqlInEachDialectWithTheirOwnWords) {
    const auto& sqlite = migrations(Dialect::Sqlite);
    const auto& postgres = migrations(Dialect::Postgres);
    ASSERT_EQ(sqlite.size(), static_cast<std::size_t>(current_schema_version()));
    ASSERT_EQ(postgres.size(), sqlite.size());
    for (std::size_t i = 0; i < sqlite.size(); ++i) {
        EXPECT_EQ(sqlite[i].find('{'), std::string::npos) << "a placeholder is left in SQLite migration " << i + 1;
        EXPECT_EQ(postgres[i].find('{'), std::string::npos)
            << "a placeholder is left in PostgreSQL migration " << i + 1;
    }
    EXPECT_NE(sqlite[0].find("number INTEGER PRIMARY KEY,"), std::string::npos);  // as SQLite files were made
    EXPECT_NE(postgres[0].find("number BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,"), std::string::npos);
    EXPECT_EQ(postgres[0].find("number INTEGER PRIMARY KEY"), std::string::npos);
    // The journal's index by table is PostgreSQL's only (SQLite's writer keeps the last entries).
    EXPECT_NE(postgres[2].find("CREATE UNIQUE INDEX journal_by_table ON journal (table_id, seq);"), std::string::npos);
    EXPECT_EQ(sqlite[2].find("INDEX"), std::string::npos);
}

TEST(PostgresStoreTest, AServerThatCannotBeReachedIsReportedWithoutThePassword) {
    // Port 1 on the loopback: nobody listens, the connection is refused at once.
    try {
        PostgresStore store("postgresql://belote:s3cret@127.0.0.1:1/belote?connect_timeout=5");
        FAIL() << "a store without a server";
    } catch (const StoreError& e) {
        const std::string message = e.what();
        EXPECT_NE(message.find("the database postgresql://belote:***@127.0.0.1:1/belote?connect_timeout=5 cannot be "
                               "used: "),
                  std::string::npos)
            << message;
        EXPECT_EQ(message.find("s3cret"), std::string::npos) << message;
    }
}

/// Each test on a schema of its own in the test PostgreSQL.
class PostgresStoreOnServerTest : public ::testing::Test {
protected:
    void SetUp() override {
        if (!testing::test_postgres_url()) GTEST_SKIP() << testing::no_test_postgres;
        subject_ = std::make_unique<StoreUnderTest>(StoreKind::Postgres);
    }
    StoreUnderTest& subject() { return *subject_; }
    Store& store() { return subject_->store(); }

private:
    std::unique_ptr<StoreUnderTest> subject_;
};

TEST_F(PostgresStoreOnServerTest, ServersStartingTogetherMigrateTheDatabaseOnce) {
    testing::PostgresSchema empty(*testing::test_postgres_url());
    constexpr int servers = 4;
    std::vector<std::future<std::unique_ptr<Store>>> opened;
    for (int i = 0; i < servers; ++i)
        opened.push_back(std::async(std::launch::async, [&]() -> std::unique_ptr<Store> {
            return std::make_unique<PostgresStore>(empty.url());
        }));
    std::vector<std::unique_ptr<Store>> stores;
    for (auto& f : opened) ASSERT_NO_THROW(stores.push_back(f.get()));  // without the lock, CREATE TABLE races
    ASSERT_EQ(commit_and_wait(*stores[0], {CreateTable{{"t1", 10, "{}"}}}), std::nullopt);
    EXPECT_TRUE(stores[3]->open_table("t1"));
    PgConnection db(empty.url());
    EXPECT_EQ(db.run({"version", "SELECT version FROM schema_version"}).integer(0, 0), current_schema_version());
    EXPECT_EQ(db.run({"rows", "SELECT count(*) FROM schema_version"}).integer(0, 0), 1);
}

TEST_F(PostgresStoreOnServerTest, ReadsComeBackAfterTheServerEndedTheirConnections) {
    ASSERT_EQ(commit_and_wait(store(), {CreateTable{{"t1", 10, "{}"}}, AppendJournal{entry("t1", 1)}}), std::nullopt);
    ASSERT_TRUE(store().open_table("t1"));
    subject().postgres().disconnect_all();
    const auto table = store().open_table("t1");  // on a connection made again
    ASSERT_TRUE(table);
    EXPECT_EQ(table->journal.size(), 1u);
}

TEST_F(PostgresStoreOnServerTest, ALostDatabaseFailsCommitsUntilItIsBackAndKeepsWhatWasCommitted) {
    std::promise<void> recovered;
    store().on_recovered([&] { recovered.set_value(); });
    ASSERT_EQ(commit_and_wait(store(), {CreateTable{{"t1", 10, "{}"}}, AppendJournal{entry("t1", 1)}}), std::nullopt);

    // The server ends the store's connections and refuses new ones (as while it restarts).
    subject().postgres().allow_login(false);
    subject().postgres().disconnect_all();
    auto refused = commit_and_wait(store(), {AppendJournal{entry("t1", 2)}});
    ASSERT_TRUE(refused);
    EXPECT_EQ(refused->kind, CommitError::Kind::Storage);
    EXPECT_FALSE(store().healthy());
    auto again = commit_and_wait(store(), {AppendJournal{entry("t1", 2)}});
    ASSERT_TRUE(again);
    EXPECT_EQ(again->kind, CommitError::Kind::Storage);
    EXPECT_THROW(store().open_table("t1"), StoreError);

    subject().postgres().allow_login(true);  // the writer's probe (every second) connects again
    ASSERT_EQ(recovered.get_future().wait_for(std::chrono::seconds(20)), std::future_status::ready);
    EXPECT_TRUE(store().healthy());
    EXPECT_EQ(commit_and_wait(store(), {AppendJournal{entry("t1", 2)}}), std::nullopt);
    subject().reopen();
    const auto table = store().open_table("t1");
    ASSERT_TRUE(table);
    ASSERT_EQ(table->journal.size(), 2u);
    EXPECT_EQ(table->journal[1].seq, 2u);
}

TEST_F(PostgresStoreOnServerTest, TwoNodesOnOneDatabaseAStaleOwnersAppendIsRefused) {
    // Two servers (nodes a and b), each with its own store on the same database.
    auto b = subject().open();
    auto& a = store();
    const auto append = [](std::uint64_t seq, std::uint64_t epoch) { return AppendJournal{entry("t1", seq), epoch}; };
    ASSERT_EQ(commit_and_wait(a, {CreateTable{{"t1", 10, "{}"}}, ClaimTable{"t1", "a", 0, 1000, 11000}, append(1, 1)}),
              std::nullopt);
    auto held = commit_and_wait(*b, {ClaimTable{"t1", "b", 1, 5000, 15000}});
    ASSERT_TRUE(held);
    EXPECT_EQ(held->kind, CommitError::Kind::LeaseHeld);
    // a stops renewing (paused, cut off); once its lease ended, b claims the table and goes on.
    ASSERT_EQ(commit_and_wait(*b, {ClaimTable{"t1", "b", 1, 11000, 21000}}), std::nullopt);
    ASSERT_EQ(commit_and_wait(*b, {append(2, 2)}), std::nullopt);
    auto stale = commit_and_wait(a, {append(2, 1)});  // a wakes up and writes what it had
    ASSERT_TRUE(stale);
    EXPECT_EQ(stale->kind, CommitError::Kind::StaleEpoch);
    stale = commit_and_wait(a, {append(3, 1)});
    ASSERT_TRUE(stale);
    EXPECT_EQ(stale->kind, CommitError::Kind::StaleEpoch);
    auto renewal = commit_and_wait(a, {RenewLease{"t1", "a", 1, 31000}});
    ASSERT_TRUE(renewal);
    EXPECT_EQ(renewal->kind, CommitError::Kind::StaleEpoch);
    EXPECT_TRUE(a.healthy());
    for (Store* node : {&a, b.get()}) {
        EXPECT_EQ(node->table_lease("t1"), (TableLease{"b", 21000, 2}));
        const auto table = node->open_table("t1");
        ASSERT_TRUE(table);
        ASSERT_EQ(table->journal.size(), 2u);
        EXPECT_EQ(table->journal[1].seq, 2u);
    }
}

}  // namespace postgres_store_test
}  // namespace belote::store
