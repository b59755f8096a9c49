// The SQLite store on real files: schema migrations and what start-up refuses, group-committed
// batches (a conflict rolls back its own batch only), the journal's no-gap rule, history pages,
// the online backup, and a disk that turns read-only under the running store.

#include <gtest/gtest.h>

#include <condition_variable>
#include <fstream>
#include <future>
#include <mutex>

#include "server/store/memory_store.hpp"
#include "server/store/schema.hpp"
#include "server/store/sqlite_db.hpp"
#include "server/store/sqlite_store.hpp"
#include "tests/support/read_only_vfs.hpp"
#include "tests/support/server_process.hpp"

namespace belote::store {
namespace {

using testing::TempDir;

/// Commits `writes` and waits for the outcome.
std::optional<CommitError> commit_and_wait(Store& store, std::vector<Write> writes) {
    std::promise<std::optional<CommitError>> outcome;
    store.commit(std::move(writes), [&](const std::optional<CommitError>& error) { outcome.set_value(error); });
    return outcome.get_future().get();
}

Account guest(const std::string& id, const std::string& name) { return {id, name, {}, {}, {}, 1000}; }

Account registered(const std::string& id, const std::string& username, const std::string& key) {
    return {id, username, username, key, "$argon2id$v=19$m=65536,t=2,p=1$x$y", 2000};
}

JournalEntry entry(const std::string& table, std::uint64_t seq) {
    return {table, seq, static_cast<std::int64_t>(1000 + seq), R"({"event":"seat_freed","seat":0})"};
}

FinishedMatch finished(const std::string& id, const std::string& player, std::int64_t ended) {
    FinishedMatch m;
    m.id = id;
    m.table_id = "t1";
    m.variant = "classic";
    m.started_ms = ended - 100;
    m.ended_ms = ended;
    m.seats = {{0, player, "Ana"}, {1, std::nullopt, "Robot 1"}, {2, "p2", "Bo"}, {3, std::nullopt, "Robot 3"}};
    m.totals = {1012, 580};
    m.winner = 0;
    m.record = R"({"format":1})";
    return m;
}

TEST(SqliteStoreTest, AFreshFileIsMigratedAndWhatWasCommittedIsThereAfterReopening) {
    TempDir dir("store");
    const auto path = (dir.path() / "belote.db").string();
    {
        SqliteStore store(path, Durability::Normal);
        EXPECT_EQ(commit_and_wait(store, {PutAccount{guest("p1", "Ana")}, PutSession{{"h1", "p1", 5000}},
                                          CreateTable{{"t1", 10, "{}"}}, AppendJournal{entry("t1", 1)},
                                          AppendJournal{entry("t1", 2)}}),
                  std::nullopt);
    }
    SqliteStore store(path, Durability::Full);
    ASSERT_TRUE(store.account("p1"));
    EXPECT_EQ(store.account("p1")->display_name, "Ana");
    EXPECT_FALSE(store.account("p1")->username);
    ASSERT_TRUE(store.session("h1"));
    EXPECT_EQ(store.session("h1")->account_id, "p1");
    EXPECT_EQ(store.session("h1")->expires_ms, 5000);
    auto tables = store.open_tables();
    ASSERT_EQ(tables.size(), 1u);
    EXPECT_EQ(tables[0].table.id, "t1");
    ASSERT_EQ(tables[0].journal.size(), 2u);
    EXPECT_EQ(tables[0].journal[1].seq, 2u);
    EXPECT_EQ(tables[0].journal[1].at_ms, 1002);
}

TEST(SqliteStoreTest, ASchemaNewerThanTheServersIsRefusedWithAClearMessage) {
    TempDir dir("store");
    const auto path = (dir.path() / "belote.db").string();
    { SqliteStore store(path, Durability::Normal); }
    {
        Connection db(path);
        db.exec("UPDATE schema_version SET version = 99");
    }
    try {
        SqliteStore store(path, Durability::Normal);
        FAIL() << "a newer schema was accepted";
    } catch (const StoreError& e) {
        EXPECT_NE(std::string(e.what()).find("schema version 99, newer than this server's 4"), std::string::npos)
            << e.what();
    }
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

TEST(SqliteStoreTest, ATakenUsernameRollsBackItsOwnBatchOnly) {
    TempDir dir("store");
    SqliteStore store((dir.path() / "belote.db").string(), Durability::Normal);
    ASSERT_EQ(commit_and_wait(store, {PutAccount{registered("p1", "Ana", "ana")}}), std::nullopt);
    // Both queued together (they may share a transaction): the second one's conflict rolls back its
    // session too, and nothing of the first is lost.
    std::promise<std::optional<CommitError>> first, second;
    store.commit({PutAccount{guest("p2", "Bo")}, PutSession{{"h2", "p2", 1}}},
                 [&](const auto& e) { first.set_value(e); });
    store.commit({PutAccount{registered("p3", "ANA", "ana")}, PutSession{{"h3", "p3", 1}}},
                 [&](const auto& e) { second.set_value(e); });
    EXPECT_EQ(first.get_future().get(), std::nullopt);
    auto conflict = second.get_future().get();
    ASSERT_TRUE(conflict);
    EXPECT_EQ(conflict->kind, CommitError::Kind::Conflict);
    EXPECT_TRUE(store.session("h2"));
    EXPECT_FALSE(store.account("p3"));
    EXPECT_FALSE(store.session("h3"));
    EXPECT_TRUE(store.healthy());
    EXPECT_EQ(store.account_by_username("ana")->id, "p1");
}

// The look-alike key (schema version 4, docs/operations.md "Username keys") is unique too, in both stores.
TEST(SqliteStoreTest, ATakenLookAlikeKeyIsAConflictAndFindsItsAccount) {
    TempDir dir("store");
    SqliteStore sqlite((dir.path() / "belote.db").string(), Durability::Normal);
    MemoryStore memory;
    for (Store* store : {static_cast<Store*>(&sqlite), static_cast<Store*>(&memory)}) {
        auto alice = registered("p1", "alice13", "alice13");
        alice.look_alike_key = "alice13";
        auto twin = registered("p2", "aIice13", "aiice13");  // another name key, the same look-alike key
        twin.look_alike_key = "alice13";
        ASSERT_EQ(commit_and_wait(*store, {PutAccount{alice}}), std::nullopt);
        auto conflict = commit_and_wait(*store, {PutAccount{twin}});
        ASSERT_TRUE(conflict);
        EXPECT_EQ(conflict->kind, CommitError::Kind::Conflict);
        EXPECT_FALSE(store->account("p2"));
        EXPECT_EQ(store->account_by_look_alike_key("alice13")->id, "p1");
        EXPECT_EQ(store->account("p1")->look_alike_key, "alice13");
        EXPECT_FALSE(store->account_by_look_alike_key("aiice13"));
    }
}

TEST(SqliteStoreTest, InOneGroupOnlyTheConflictingBatchesFailAndTheOthersAreCommitted) {
    TempDir dir("store");
    SqliteStore store((dir.path() / "belote.db").string(), Durability::Normal);
    ASSERT_EQ(commit_and_wait(store, {PutAccount{registered("p1", "Ana", "ana")}, CreateTable{{"t1", 10, "{}"}}}),
              std::nullopt);
    // The writer runs completions on its thread: holding the first one makes it take the next four
    // batches together, as one group.
    std::promise<void> release;
    std::promise<std::optional<CommitError>> held;
    store.commit({AppendJournal{entry("t1", 1)}}, [&](const auto& e) {
        held.set_value(e);
        release.get_future().wait();
    });
    std::vector<std::promise<std::optional<CommitError>>> outcomes(4);
    const auto into = [&](std::size_t i) { return [&, i](const auto& e) { outcomes[i].set_value(e); }; };
    store.commit({PutAccount{guest("p2", "Bo")}, AppendJournal{entry("t1", 2)}}, into(0));
    store.commit({PutAccount{registered("p3", "ANA", "ana")}, PutSession{{"h3", "p3", 1}}}, into(1));  // name taken
    store.commit({AppendJournal{entry("t1", 5)}}, into(2));                                            // a gap
    store.commit({AppendJournal{entry("t1", 3)}, PutSession{{"h2", "p2", 1}}}, into(3));
    EXPECT_EQ(held.get_future().get(), std::nullopt);
    release.set_value();

    EXPECT_EQ(outcomes[0].get_future().get(), std::nullopt);
    auto taken = outcomes[1].get_future().get();
    ASSERT_TRUE(taken);
    EXPECT_EQ(taken->kind, CommitError::Kind::Conflict);
    auto gap = outcomes[2].get_future().get();
    ASSERT_TRUE(gap);
    EXPECT_EQ(gap->kind, CommitError::Kind::Conflict);
    EXPECT_EQ(outcomes[3].get_future().get(), std::nullopt);
    EXPECT_TRUE(store.healthy());
    EXPECT_TRUE(store.account("p2"));
    EXPECT_TRUE(store.session("h2"));
    EXPECT_FALSE(store.account("p3"));
    EXPECT_FALSE(store.session("h3"));
    const auto table = store.open_table("t1");
    ASSERT_TRUE(table);
    ASSERT_EQ(table->journal.size(), 3u);
    EXPECT_EQ(table->journal.back().seq, 3u);
}

TEST(SqliteStoreTest, AJournalEntryThatDoesNotFollowTheLastIsRefused) {
    TempDir dir("store");
    SqliteStore store((dir.path() / "belote.db").string(), Durability::Normal);
    ASSERT_EQ(commit_and_wait(store, {CreateTable{{"t1", 10, "{}"}}, AppendJournal{entry("t1", 1)}}), std::nullopt);
    auto gap = commit_and_wait(store, {AppendJournal{entry("t1", 3)}});
    ASSERT_TRUE(gap);
    EXPECT_EQ(gap->kind, CommitError::Kind::Conflict);
    auto again = commit_and_wait(store, {AppendJournal{entry("t1", 1)}});
    ASSERT_TRUE(again);
    EXPECT_EQ(commit_and_wait(store, {AppendJournal{entry("t1", 2)}}), std::nullopt);
    EXPECT_EQ(store.open_table("t1")->journal.size(), 2u);
}

TEST(SqliteStoreTest, TheNoGapRuleHoldsAcrossAReopeningAndARolledBackGroup) {
    TempDir dir("store");
    const auto path = (dir.path() / "belote.db").string();
    {
        SqliteStore store(path, Durability::Normal);
        ASSERT_EQ(commit_and_wait(store, {CreateTable{{"t1", 10, "{}"}}, AppendJournal{entry("t1", 1)},
                                          AppendJournal{entry("t1", 2)}}),
                  std::nullopt);
    }
    SqliteStore store(path, Durability::Normal);  // knows t1's last entry from the file
    EXPECT_EQ(commit_and_wait(store, {AppendJournal{entry("t1", 2)}})->kind, CommitError::Kind::Conflict);
    // Entry 3 with a batch that conflicts after it: rolled back, so 3 is still the next one.
    auto conflict = commit_and_wait(store, {AppendJournal{entry("t1", 3)}, AppendJournal{entry("t1", 5)}});
    ASSERT_TRUE(conflict);
    EXPECT_EQ(conflict->kind, CommitError::Kind::Conflict);
    EXPECT_EQ(commit_and_wait(store, {AppendJournal{entry("t1", 4)}})->kind, CommitError::Kind::Conflict);
    EXPECT_EQ(commit_and_wait(store, {AppendJournal{entry("t1", 3)}}), std::nullopt);
    auto table = store.open_table("t1");
    ASSERT_TRUE(table);
    ASSERT_EQ(table->journal.size(), 3u);
    EXPECT_EQ(table->journal[2].seq, 3u);
}

TEST(SqliteStoreTest, AJournalOfSchemaVersion2IsMigratedInOrder) {
    TempDir dir("store");
    const auto path = (dir.path() / "belote.db").string();
    {
        Connection db(path);
        db.exec(migrations()[0]);
        db.exec(migrations()[1]);
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

/// Both stores page a player's history the same way.
void check_history(Store& store) {
    std::vector<Write> writes;
    for (int i = 1; i <= 5; ++i) writes.push_back(PutMatch{finished("m" + std::to_string(i), "p1", 100 * i)});
    writes.push_back(PutMatch{finished("other", "p9", 900)});
    ASSERT_EQ(commit_and_wait(store, std::move(writes)), std::nullopt);
    auto page = store.history("p1", std::nullopt, 2);
    ASSERT_EQ(page.matches.size(), 2u);
    EXPECT_EQ(page.matches[0].id, "m5");
    EXPECT_EQ(page.matches[1].id, "m4");
    EXPECT_TRUE(page.matches[0].record.empty());
    ASSERT_EQ(page.matches[0].seats.size(), 4u);
    EXPECT_EQ(page.matches[0].seats[2].account_id, "p2");
    EXPECT_EQ(page.matches[0].totals, (std::vector<int>{1012, 580}));
    ASSERT_TRUE(page.next);
    page = store.history("p1", page.next, 2);
    ASSERT_EQ(page.matches.size(), 2u);
    EXPECT_EQ(page.matches[0].id, "m3");
    page = store.history("p1", page.next, 2);
    ASSERT_EQ(page.matches.size(), 1u);
    EXPECT_EQ(page.matches[0].id, "m1");
    EXPECT_FALSE(page.next);
    auto m = store.match("m2");
    ASSERT_TRUE(m);
    EXPECT_EQ(m->record, R"({"format":1})");
    EXPECT_EQ(m->winner, 0);
    EXPECT_FALSE(store.match("m7"));
}

TEST(SqliteStoreTest, HistoryComesNewestFirstInPages) {
    TempDir dir("store");
    SqliteStore store((dir.path() / "belote.db").string(), Durability::Normal);
    check_history(store);
}

TEST(MemoryStoreTest, HistoryComesNewestFirstInPages) {
    MemoryStore store;
    check_history(store);
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
