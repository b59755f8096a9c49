// What only the SQLite store does, on real files: refusing a file that is not a database, the
// migration of an old journal, the sweep of closed tables' journals, the online backup, and a disk
// that turns read-only under the running store. What every store does is in store_test.cpp.

#include <gtest/gtest.h>

#include <fstream>
#include <future>

#include "server/store/schema.hpp"
#include "server/store/sqlite_db.hpp"
#include "server/store/sqlite_store.hpp"
#include "tests/store/store_kinds.hpp"
#include "tests/support/read_only_vfs.hpp"
#include "tests/support/server_process.hpp"

namespace belote::store {
namespace sqlite_store_test {

using testing::TempDir;

TEST(SqliteStoreTest, AFileThatIsNotADatabaseIsRefusedWithAClearMessage) {
    TempDir dir("store");
    const auto path = (dir.path() / "belote.db").string();
    std::ofstream(path) << std::string(8192, 'x');
    try {
        SqliteStore store(path, Durability::Normal);
        FAIL() << "garbage was accepted as a database";
    } catch (const StoreError& e) {
        EXPECT_NE(std::string(e.what()).find("is not a database or is corrupt"), std::string::npos) << e.what();
    }
}

TEST(SqliteStoreTest, AJournalOfSchemaVersion2IsMigratedInOrder) {
    TempDir dir("store");
    const auto path = (dir.path() / "belote.db").string();
    {
        Connection db(path);
        db.exec(migrations(Dialect::Sqlite)[0]);
        db.exec(migrations(Dialect::Sqlite)[1]);
        db.exec("CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version VALUES (2)");
        db.exec("INSERT INTO tables (id, created_ms, creation) VALUES ('tb', 1, '{}'), ('ta', 2, '{}')");
        // Written out of order: the old journal's key, not the order of insertion, was its order.
        db.exec("INSERT INTO journal VALUES ('ta', 2, 12, 'a2'), ('tb', 1, 21, 'b1'), ('ta', 1, 11, 'a1')");
    }
    SqliteStore store(path, Durability::Normal);
    auto tables = store.open_tables();
    ASSERT_EQ(tables.size(), 2u);
    EXPECT_EQ(tables[0].table.id, "tb");
    ASSERT_EQ(tables[0].journal.size(), 1u);
    EXPECT_EQ(tables[0].journal[0].event, "b1");
    ASSERT_EQ(tables[1].journal.size(), 2u);
    EXPECT_EQ(tables[1].journal[0].event, "a1");
    EXPECT_EQ(tables[1].journal[1].event, "a2");
    EXPECT_EQ(commit_and_wait(store, {AppendJournal{entry("ta", 3)}}), std::nullopt);
    EXPECT_EQ(store.open_table("ta")->journal.back().seq, 3u);
}

TEST(SqliteStoreTest, ADiskTurnedReadOnlyFailsCommitsUntilItWritesAgainAndKeepsWhatWasCommitted) {
    testing::ReadOnlyVfs vfs;
    TempDir dir("store");
    const auto path = (dir.path() / "belote.db").string();
    {
        SqliteStore store(path, Durability::Normal);
        std::promise<void> recovered;
        store.on_recovered([&] { recovered.set_value(); });
        ASSERT_EQ(commit_and_wait(store, {CreateTable{{"t1", 10, "{}"}}, AppendJournal{entry("t1", 1)}}), std::nullopt);

        vfs.set_read_only(true);
        auto refused = commit_and_wait(store, {AppendJournal{entry("t1", 2)}});
        ASSERT_TRUE(refused);
        EXPECT_EQ(refused->kind, CommitError::Kind::Storage);
        EXPECT_FALSE(store.healthy());
        auto again = commit_and_wait(store, {AppendJournal{entry("t1", 2)}});
        ASSERT_TRUE(again);
        EXPECT_EQ(again->kind, CommitError::Kind::Storage);

        vfs.set_read_only(false);  // the writer's probe (every second) finds the disk writable
        ASSERT_EQ(recovered.get_future().wait_for(std::chrono::seconds(20)), std::future_status::ready);
        EXPECT_TRUE(store.healthy());
        EXPECT_EQ(commit_and_wait(store, {AppendJournal{entry("t1", 2)}}), std::nullopt);
    }
    SqliteStore reopened(path, Durability::Normal);
    const auto table = reopened.open_table("t1");
    ASSERT_TRUE(table);
    ASSERT_EQ(table->journal.size(), 2u);
    EXPECT_EQ(table->journal[1].seq, 2u);
}

/// The journal entries of `table` in the file at `path`.
std::int64_t journal_rows(const std::string& path, const std::string& table) {
    Connection db(path, true);
    Statement count(db.handle(), "SELECT count(*) FROM journal WHERE table_id = ?");
    count.bind(1, table);
    count.step();
    return count.integer(0);
}

TEST(SqliteStoreTest, AClosedTableIsNotBroughtBackAndItsJournalIsSwept) {
    TempDir dir("store");
    const auto path = (dir.path() / "belote.db").string();
    SqliteStore store(path, Durability::Normal);
    // More entries than a step of the sweep takes, interleaved with an open table's.
    std::vector<Write> writes{CreateTable{{"t1", 10, "{}"}}, CreateTable{{"t2", 20, "{}"}}};
    for (std::uint64_t seq = 1; seq <= 600; ++seq) {
        writes.push_back(AppendJournal{entry("t1", seq)});
        if (seq % 3 == 0) writes.push_back(AppendJournal{entry("t2", seq / 3)});
    }
    ASSERT_EQ(commit_and_wait(store, std::move(writes)), std::nullopt);
    ASSERT_EQ(commit_and_wait(store, {CloseTable{"t1"}}), std::nullopt);
    auto open = store.open_tables();
    ASSERT_EQ(open.size(), 1u);
    EXPECT_EQ(open[0].table.id, "t2");
    EXPECT_EQ(open[0].journal.size(), 200u);
    EXPECT_FALSE(store.open_table("t1"));
    store.wait_until_swept();
    EXPECT_EQ(journal_rows(path, "t1"), 0);
    EXPECT_EQ(journal_rows(path, "t2"), 200);
    EXPECT_EQ(commit_and_wait(store, {AppendJournal{entry("t2", 201)}}), std::nullopt);
    EXPECT_EQ(store.open_table("t2")->journal.back().seq, 201u);
}

TEST(SqliteStoreTest, TheOnlineBackupHoldsWhatWasCommitted) {
    TempDir dir("store");
    const auto path = (dir.path() / "belote.db").string();
    const auto copy = (dir.path() / "copy.db").string();
    SqliteStore store(path, Durability::Normal);
    ASSERT_EQ(commit_and_wait(store, {PutAccount{registered("p1", "Ana", "ana")}}), std::nullopt);
    SqliteStore::backup(path, copy);
    SqliteStore restored(copy, Durability::Normal);
    ASSERT_TRUE(restored.account_by_username("ana"));
    EXPECT_EQ(restored.account_by_username("ana")->id, "p1");
}

}  // namespace sqlite_store_test
}  // namespace belote::store
