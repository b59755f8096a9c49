// What only the SQLite store does, on real files: refusing a file that is not a database, the online
// backup, and a disk that turns read-only under the running store. What every store does is in
// store_test.cpp.

#include <gtest/gtest.h>

#include <fstream>
#include <future>

#include "server/store/sqlite_store.hpp"
#include "tests/store/store_kinds.hpp"
#include "tests/support/read_only_vfs.hpp"
#include "tests/support/server_process.hpp"

namespace belote::store {
namespace {

using testing::TempDir;

Account registered(const std::string& id, const std::string& username, const std::string& key) {
    return {id, username, username, key, "$argon2id$v=19$m=65536,t=2,p=1$x$y", 2000};
}

JournalEntry entry(const std::string& table, std::uint64_t seq) {
    return {table, seq, static_cast<std::int64_t>(1000 + seq), R"({"event":"seat_freed","seat":0})"};
}

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

}  // namespace
}  // namespace belote::store
