// The storage interface (server/store/store.hpp) against every store: in memory, SQLite and
// PostgreSQL (store_kinds.hpp). What one store does, they all do: batches are atomic and a conflict
// refuses its own batch only, a journal never has a gap, closed tables stay closed, history pages,
// ratings and leaderboards. The durable stores keep what was committed across a reopen, refuse a
// newer schema, and group-commit.

#include <gtest/gtest.h>

#include <atomic>
#include <future>

#include "server/store/schema.hpp"
#include "tests/store/store_kinds.hpp"

namespace belote::store {
namespace store_test {

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

TEST_P(StoreTest, WhatWasCommittedReadsBackExactly) {
    ASSERT_EQ(commit_and_wait(store(), {PutAccount{guest("p1", "Ana")}, PutAccount{registered("p2", "Bó", "bo")},
                                        PutSession{{"h1", "p1", 5000}}, CreateTable{{"t1", 10, R"({"x":"é"})"}},
                                        AppendJournal{entry("t1", 1)}, AppendJournal{entry("t1", 2)}}),
              std::nullopt);
    const auto ana = store().account("p1");
    ASSERT_TRUE(ana);
    EXPECT_EQ(ana->display_name, "Ana");
    EXPECT_FALSE(ana->username);
    EXPECT_FALSE(ana->username_key);
    EXPECT_FALSE(ana->password_hash);
    EXPECT_EQ(ana->created_ms, 1000);
    const auto bo = store().account_by_username("bo");
    ASSERT_TRUE(bo);
    EXPECT_EQ(bo->id, "p2");
    EXPECT_EQ(bo->username, "Bó");
    EXPECT_EQ(bo->password_hash, "$argon2id$v=19$m=65536,t=2,p=1$x$y");
    EXPECT_FALSE(store().account("p9"));
    ASSERT_TRUE(store().session("h1"));
    EXPECT_EQ(store().session("h1")->account_id, "p1");
    EXPECT_EQ(store().session("h1")->expires_ms, 5000);
    const auto table = store().open_table("t1");
    ASSERT_TRUE(table);
    EXPECT_EQ(table->table.created_ms, 10);
    EXPECT_EQ(table->table.creation, R"({"x":"é"})");
    ASSERT_EQ(table->journal.size(), 2u);
    EXPECT_EQ(table->journal[1].table_id, "t1");
    EXPECT_EQ(table->journal[1].seq, 2u);
    EXPECT_EQ(table->journal[1].at_ms, 1002);
    EXPECT_EQ(table->journal[1].event, R"({"event":"seat_freed","seat":0})");
}

TEST_P(StoreTest, AnAccountIsReplacedAndASessionRevoked) {
    ASSERT_EQ(commit_and_wait(store(), {PutAccount{guest("p1", "Ana")}, PutSession{{"h1", "p1", 5000}}}), std::nullopt);
    ASSERT_EQ(commit_and_wait(store(), {PutAccount{registered("p1", "Ana", "ana")}, PutSession{{"h1", "p1", 9000}}}),
              std::nullopt);
    EXPECT_EQ(store().account_by_username("ana")->id, "p1");
    EXPECT_EQ(store().session("h1")->expires_ms, 9000);
    ASSERT_EQ(commit_and_wait(store(), {RevokeSession{"h1"}}), std::nullopt);
    EXPECT_FALSE(store().session("h1"));
}

TEST_P(StoreTest, TheRegisteredAccountsComeOldestFirstWithoutTheGuests) {
    EXPECT_TRUE(store().registered_accounts().empty());
    Account late = registered("p1", "Zoe", "zoe");
    late.created_ms = 3000;
    // Created in the same millisecond: by id, byte by byte ("P" before "p", "p10" before "p2").
    ASSERT_EQ(
        commit_and_wait(store(),
                        {PutAccount{late}, PutAccount{guest("p0", "Guest")}, PutAccount{registered("p2", "Bo", "bo")},
                         PutAccount{registered("p10", "Cy", "cy")}, PutAccount{registered("P9", "Di", "di")}}),
        std::nullopt);
    const auto accounts = store().registered_accounts();
    std::vector<std::string> ids;
    for (const auto& a : accounts) ids.push_back(a.id);
    EXPECT_EQ(ids, (std::vector<std::string>{"P9", "p10", "p2", "p1"}));
    ASSERT_EQ(accounts.size(), 4u);
    EXPECT_EQ(accounts[3].username, "Zoe");
    EXPECT_EQ(accounts[3].username_key, "zoe");
    EXPECT_EQ(accounts[3].password_hash, "$argon2id$v=19$m=65536,t=2,p=1$x$y");
    EXPECT_EQ(accounts[3].created_ms, 3000);
}

TEST_P(StoreTest, ATakenUsernameRollsBackItsOwnBatchOnly) {
    ASSERT_EQ(commit_and_wait(store(), {PutAccount{registered("p1", "Ana", "ana")}}), std::nullopt);
    // Both queued together (they may share a transaction): the second one's conflict rolls back its
    // session too, and nothing of the first is lost.
    std::promise<std::optional<CommitError>> first, second;
    store().commit({PutAccount{guest("p2", "Bo")}, PutSession{{"h2", "p2", 1}}},
                   [&](const auto& e) { first.set_value(e); });
    store().commit({PutAccount{registered("p3", "ANA", "ana")}, PutSession{{"h3", "p3", 1}}},
                   [&](const auto& e) { second.set_value(e); });
    EXPECT_EQ(first.get_future().get(), std::nullopt);
    auto conflict = second.get_future().get();
    ASSERT_TRUE(conflict);
    EXPECT_EQ(conflict->kind, CommitError::Kind::Conflict);
    EXPECT_TRUE(store().session("h2"));
    EXPECT_FALSE(store().account("p3"));
    EXPECT_FALSE(store().session("h3"));
    EXPECT_TRUE(store().healthy());
    EXPECT_EQ(store().account_by_username("ana")->id, "p1");
}

// The look-alike key (docs/operations.md "Username keys") is unique too.
TEST_P(StoreTest, ATakenLookAlikeKeyIsAConflictAndFindsItsAccount) {
    auto alice = registered("p1", "alice13", "alice13");
    alice.look_alike_key = "alice13";
    auto twin = registered("p2", "aIice13", "aiice13");  // another name key, the same look-alike key
    twin.look_alike_key = "alice13";
    ASSERT_EQ(commit_and_wait(store(), {PutAccount{alice}}), std::nullopt);
    auto conflict = commit_and_wait(store(), {PutAccount{twin}});
    ASSERT_TRUE(conflict);
    EXPECT_EQ(conflict->kind, CommitError::Kind::Conflict);
    EXPECT_FALSE(store().account("p2"));
    EXPECT_EQ(store().account_by_look_alike_key("alice13")->id, "p1");
    EXPECT_EQ(store().account("p1")->look_alike_key, "alice13");
    EXPECT_FALSE(store().account_by_look_alike_key("aiice13"));
}

TEST_P(StoreTest, AJournalEntryThatDoesNotFollowTheLastIsRefused) {
    ASSERT_EQ(commit_and_wait(store(), {CreateTable{{"t1", 10, "{}"}}, AppendJournal{entry("t1", 1)}}), std::nullopt);
    auto gap = commit_and_wait(store(), {AppendJournal{entry("t1", 3)}});
    ASSERT_TRUE(gap);
    EXPECT_EQ(gap->kind, CommitError::Kind::Conflict);
    auto again = commit_and_wait(store(), {AppendJournal{entry("t1", 1)}});
    ASSERT_TRUE(again);
    EXPECT_EQ(again->kind, CommitError::Kind::Conflict);
    auto nowhere = commit_and_wait(store(), {AppendJournal{entry("t9", 1)}});  // no such table
    ASSERT_TRUE(nowhere);
    EXPECT_EQ(nowhere->kind, CommitError::Kind::Conflict);
    EXPECT_EQ(commit_and_wait(store(), {AppendJournal{entry("t1", 2)}, AppendJournal{entry("t1", 3)}}), std::nullopt);
    const auto table = store().open_table("t1");
    ASSERT_EQ(table->journal.size(), 3u);
    for (std::size_t i = 0; i < 3; ++i) EXPECT_EQ(table->journal[i].seq, i + 1);
    EXPECT_TRUE(store().healthy());
}

TEST_P(StoreTest, ATableIdIsTakenOnce) {
    ASSERT_EQ(commit_and_wait(store(), {CreateTable{{"t1", 10, "{}"}}}), std::nullopt);
    auto taken = commit_and_wait(store(), {CreateTable{{"t1", 20, "{}"}}});
    ASSERT_TRUE(taken);
    EXPECT_EQ(taken->kind, CommitError::Kind::Conflict);
    EXPECT_EQ(store().open_table("t1")->table.created_ms, 10);
}

TEST_P(StoreTest, AClosedTableIsNotBroughtBackAndItsJournalIsDropped) {
    ASSERT_EQ(commit_and_wait(store(), {CreateTable{{"t1", 10, "{}"}}, AppendJournal{entry("t1", 1)},
                                        CreateTable{{"t2", 20, "{}"}}, CreateTable{{"t0", 20, "{}"}},
                                        AppendJournal{entry("t2", 1)}, AppendJournal{entry("t2", 2)}}),
              std::nullopt);
    ASSERT_EQ(commit_and_wait(store(), {CloseTable{"t1"}}), std::nullopt);
    auto open = store().open_tables();
    ASSERT_EQ(open.size(), 2u);
    EXPECT_EQ(open[0].table.id, "t0");  // by creation time, then id
    EXPECT_TRUE(open[0].journal.empty());
    EXPECT_EQ(open[1].table.id, "t2");
    ASSERT_EQ(open[1].journal.size(), 2u);
    EXPECT_EQ(open[1].journal[0].seq, 1u);
    EXPECT_EQ(open[1].journal[1].seq, 2u);
    EXPECT_FALSE(store().open_table("t1"));
}

TEST_P(StoreTest, HistoryComesNewestFirstInPages) {
    std::vector<Write> writes;
    for (int i = 1; i <= 5; ++i) writes.push_back(PutMatch{finished("m" + std::to_string(i), "p1", 100 * i)});
    writes.push_back(PutMatch{finished("other", "p9", 900)});
    ASSERT_EQ(commit_and_wait(store(), std::move(writes)), std::nullopt);
    auto page = store().history("p1", std::nullopt, 2);
    ASSERT_EQ(page.matches.size(), 2u);
    EXPECT_EQ(page.matches[0].id, "m5");
    EXPECT_EQ(page.matches[1].id, "m4");
    EXPECT_TRUE(page.matches[0].record.empty());
    ASSERT_EQ(page.matches[0].seats.size(), 4u);
    EXPECT_EQ(page.matches[0].seats[2].account_id, "p2");
    EXPECT_EQ(page.matches[0].seats[1].account_id, std::nullopt);
    EXPECT_EQ(page.matches[0].seats[1].name, "Robot 1");
    EXPECT_EQ(page.matches[0].totals, (std::vector<int>{1012, 580}));
    EXPECT_EQ(page.matches[0].started_ms, 400);
    EXPECT_EQ(page.matches[0].ended_ms, 500);
    ASSERT_TRUE(page.next);
    page = store().history("p1", page.next, 2);
    ASSERT_EQ(page.matches.size(), 2u);
    EXPECT_EQ(page.matches[0].id, "m3");
    page = store().history("p1", page.next, 2);
    ASSERT_EQ(page.matches.size(), 1u);
    EXPECT_EQ(page.matches[0].id, "m1");
    EXPECT_FALSE(page.next);
    auto m = store().match("m2");
    ASSERT_TRUE(m);
    EXPECT_EQ(m->record, R"({"format":1})");
    EXPECT_EQ(m->winner, 0);
    EXPECT_FALSE(m->cancelled);
    EXPECT_FALSE(store().match("m7"));
}

TEST_P(StoreTest, ACancelledPrivateMatchHasNoWinner) {
    FinishedMatch m = finished("m1", "p1", 100);
    m.cancelled = true;
    m.private_table = true;
    m.winner.reset();
    ASSERT_EQ(commit_and_wait(store(), {PutMatch{m}}), std::nullopt);
    const auto read = store().match("m1");
    ASSERT_TRUE(read);
    EXPECT_TRUE(read->cancelled);
    EXPECT_TRUE(read->private_table);
    EXPECT_EQ(read->winner, std::nullopt);
    auto again = commit_and_wait(store(), {PutMatch{m}});  // a match id is stored once
    ASSERT_TRUE(again);
    EXPECT_EQ(again->kind, CommitError::Kind::Conflict);
}

TEST_P(StoreTest, ARatingMovesOncePerKeyAndLeaderboardsRankBestFirstThenById) {
    ASSERT_EQ(commit_and_wait(store(), {PutAccount{guest("pa", "Ana")}, PutAccount{guest("pb", "Bo")},
                                        PutAccount{guest("pc", "Cy")}}),
              std::nullopt);
    const RatingEntry first{"m1:0:rating", "pa", "classic", 1612.345678901234, 201.5, 0.0599931, 1, 1000};
    const RatingEntry replayed{"m1:0:rating", "pa", "classic", 1.0, 1.0, 1.0, 9, 9000};  // the same key again
    const RatingEntry bo{"m1:1:rating", "pb", "classic", 1612.345678901234, 190, 0.06, 1, 2000};
    const RatingEntry coinche{"m2:2:rating", "pc", "coinche", 1700, 150, 0.06, 3, 3000};
    ASSERT_EQ(commit_and_wait(store(), {PostRating{first}, PostRating{replayed}, PostRating{bo}, PostRating{coinche}}),
              std::nullopt);
    const auto ratings = store().ratings("pa");
    ASSERT_EQ(ratings.size(), 1u);
    const auto& classic = ratings.at("classic");
    EXPECT_EQ(classic.key, "m1:0:rating");
    EXPECT_EQ(classic.account_id, "pa");
    EXPECT_EQ(classic.rating, 1612.345678901234);  // exactly: floats round-trip
    EXPECT_EQ(classic.rd, 201.5);
    EXPECT_EQ(classic.volatility, 0.0599931);
    EXPECT_EQ(classic.games, 1);
    EXPECT_EQ(classic.at_ms, 1000);

    auto rows = store().leaderboard({LeaderKind::Rating, "classic", 0, 0, 10});
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].account_id, "pa");  // a tie: by id
    EXPECT_EQ(rows[0].name, "Ana");
    EXPECT_EQ(rows[0].value, 1612.345678901234);
    EXPECT_EQ(rows[1].account_id, "pb");
    rows = store().leaderboard({LeaderKind::Rating, "classic", 1500, 0, 10});  // rated since 1500 ms
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].account_id, "pb");
    rows = store().leaderboard({LeaderKind::Rating, "classic", 0, 1, 10});  // the second page
    ASSERT_EQ(rows.size(), 1u);
    EXPECT_EQ(rows[0].account_id, "pb");

    ASSERT_EQ(commit_and_wait(store(), {PostProgress{{"m1:0:progress", "pa", "m1", "classic", 30, 1, 1, 0, 1000}},
                                        PostProgress{{"m1:1:progress", "pb", "m1", "classic", 40, 1, 0, 0, 1000}},
                                        PostProgress{{"m2:1:progress", "pb", "m2", "coinche", 5, 1, 1, 0, 4000}},
                                        PostProgress{{"m2:2:progress", "pc", "m2", "coinche", 0, 1, 0, 1, 4000}},
                                        PostProgress{{"m3:0:progress", "pa", "m3", "classic", 15, 1, 0, 0, 5000}}}),
              std::nullopt);
    rows = store().leaderboard({LeaderKind::Xp, "", 0, 0, 10});
    ASSERT_EQ(rows.size(), 2u);  // pc earned nothing
    EXPECT_EQ(rows[0].account_id, "pa");
    EXPECT_EQ(rows[0].value, 45);
    EXPECT_EQ(rows[0].games, 2);
    EXPECT_EQ(rows[1].account_id, "pb");
    EXPECT_EQ(rows[1].value, 45);
    EXPECT_EQ(rows[1].name, "Bo");
    rows = store().leaderboard({LeaderKind::Xp, "", 3000, 0, 10});
    ASSERT_EQ(rows.size(), 2u);
    EXPECT_EQ(rows[0].account_id, "pa");
    EXPECT_EQ(rows[0].value, 15);
    EXPECT_EQ(rows[1].account_id, "pb");
    EXPECT_EQ(rows[1].value, 5);
    EXPECT_EQ(store().leaderboard({LeaderKind::Xp, "", 0, 1, 1}).at(0).account_id, "pb");
}

INSTANTIATE_TEST_SUITE_P(Stores, StoreTest,
                         ::testing::Values(StoreKind::Memory, StoreKind::Sqlite, StoreKind::Postgres), KindName{});

/// The stores that keep their data in a database and commit on a writer thread.
using DurableStoreTest = store::StoreTest;

TEST_P(DurableStoreTest, WhatWasCommittedIsThereAfterReopening) {
    ASSERT_EQ(commit_and_wait(store(), {PutAccount{guest("p1", "Ana")}, PutSession{{"h1", "p1", 5000}},
                                        CreateTable{{"t1", 10, "{}"}}, AppendJournal{entry("t1", 1)},
                                        AppendJournal{entry("t1", 2)}}),
              std::nullopt);
    subject().reopen();
    ASSERT_TRUE(store().account("p1"));
    EXPECT_EQ(store().account("p1")->display_name, "Ana");
    EXPECT_EQ(store().session("h1")->expires_ms, 5000);
    auto tables = store().open_tables();
    ASSERT_EQ(tables.size(), 1u);
    EXPECT_EQ(tables[0].table.id, "t1");
    ASSERT_EQ(tables[0].journal.size(), 2u);
    EXPECT_EQ(tables[0].journal[1].seq, 2u);
    EXPECT_EQ(commit_and_wait(store(), {AppendJournal{entry("t1", 3)}}), std::nullopt);
}

TEST_P(DurableStoreTest, ASchemaNewerThanTheServersIsRefusedWithAClearMessage) {
    subject().close();
    subject().exec_sql("UPDATE schema_version SET version = 99");
    try {
        subject().open();
        FAIL() << "a newer schema was accepted";
    } catch (const StoreError& e) {
        EXPECT_NE(std::string(e.what()).find("schema version 99, newer than this server's " +
                                             std::to_string(current_schema_version()) + ": run a newer belote-server"),
                  std::string::npos)
            << e.what();
    }
}

TEST_P(DurableStoreTest, InOneGroupOnlyTheConflictingBatchesFailAndTheOthersAreCommitted) {
    ASSERT_EQ(commit_and_wait(store(), {PutAccount{registered("p1", "Ana", "ana")}, CreateTable{{"t1", 10, "{}"}}}),
              std::nullopt);
    // The writer runs completions on its thread: holding the first one makes it take the next four
    // batches together, as one group.
    std::promise<void> release;
    std::promise<std::optional<CommitError>> held;
    store().commit({AppendJournal{entry("t1", 1)}}, [&](const auto& e) {
        held.set_value(e);
        release.get_future().wait();
    });
    std::vector<std::promise<std::optional<CommitError>>> outcomes(4);
    const auto into = [&](std::size_t i) { return [&, i](const auto& e) { outcomes[i].set_value(e); }; };
    store().commit({PutAccount{guest("p2", "Bo")}, AppendJournal{entry("t1", 2)}}, into(0));
    store().commit({PutAccount{registered("p3", "ANA", "ana")}, PutSession{{"h3", "p3", 1}}}, into(1));  // name taken
    store().commit({AppendJournal{entry("t1", 5)}}, into(2));                                            // a gap
    store().commit({AppendJournal{entry("t1", 3)}, PutSession{{"h2", "p2", 1}}}, into(3));
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
    EXPECT_TRUE(store().healthy());
    EXPECT_TRUE(store().account("p2"));
    EXPECT_TRUE(store().session("h2"));
    EXPECT_FALSE(store().account("p3"));
    EXPECT_FALSE(store().session("h3"));
    const auto table = store().open_table("t1");
    ASSERT_TRUE(table);
    ASSERT_EQ(table->journal.size(), 3u);
    EXPECT_EQ(table->journal.back().seq, 3u);
}

TEST_P(DurableStoreTest, TheNoGapRuleHoldsAcrossAReopeningAndARolledBackGroup) {
    ASSERT_EQ(commit_and_wait(store(), {CreateTable{{"t1", 10, "{}"}}, AppendJournal{entry("t1", 1)},
                                        AppendJournal{entry("t1", 2)}}),
              std::nullopt);
    subject().reopen();  // knows t1's last entry from the database
    const auto refused = [&](std::vector<Write> writes) {
        const auto error = commit_and_wait(store(), std::move(writes));
        return error && error->kind == CommitError::Kind::Conflict;
    };
    EXPECT_TRUE(refused({AppendJournal{entry("t1", 2)}}));
    // Entry 3 with a batch that conflicts after it: rolled back, so 3 is still the next one.
    EXPECT_TRUE(refused({AppendJournal{entry("t1", 3)}, AppendJournal{entry("t1", 5)}}));
    EXPECT_TRUE(refused({AppendJournal{entry("t1", 4)}}));
    EXPECT_EQ(commit_and_wait(store(), {AppendJournal{entry("t1", 3)}}), std::nullopt);
    auto table = store().open_table("t1");
    ASSERT_TRUE(table);
    ASSERT_EQ(table->journal.size(), 3u);
    EXPECT_EQ(table->journal[2].seq, 3u);
}

TEST_P(DurableStoreTest, FlushWaitsForEverythingQueued) {
    ASSERT_EQ(commit_and_wait(store(), {CreateTable{{"t1", 10, "{}"}}}), std::nullopt);
    std::atomic<int> done{0};
    for (std::uint64_t seq = 1; seq <= 50; ++seq)
        store().commit({AppendJournal{entry("t1", seq)}}, [&](const auto& e) {
            EXPECT_EQ(e, std::nullopt);
            ++done;
        });
    store().flush();
    EXPECT_EQ(done.load(), 50);
    EXPECT_EQ(store().open_table("t1")->journal.size(), 50u);
}

INSTANTIATE_TEST_SUITE_P(Stores, DurableStoreTest, ::testing::Values(StoreKind::Sqlite, StoreKind::Postgres),
                         KindName{});

}  // namespace store_test
}  // namespace belote::store
