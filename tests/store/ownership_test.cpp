// Table ownership in the store (issue 16, docs/operations.md "Table ownership"), against every
// store: a claim takes an unowned table or one whose lease ended and raises its epoch; the holder
// renews and releases it; a journal append carries its writer's epoch, and one from a node that
// lost the table (a stale epoch) is refused with CommitError::Kind::StaleEpoch while the new
// owner's entries go in.

#include <gtest/gtest.h>

#include <future>

#include "tests/store/store_kinds.hpp"

namespace belote::store {
namespace ownership_test {

AppendJournal append(const std::string& table, std::uint64_t seq, std::uint64_t epoch) {
    return AppendJournal{{table, seq, static_cast<std::int64_t>(1000 + seq), R"({"event":"seat_freed","seat":0})"},
                         epoch};
}

ClaimTable claim(const std::string& table, const std::string& node, std::uint64_t seen, std::int64_t now,
                 std::int64_t until) {
    return ClaimTable{table, node, seen, now, until};
}

using OwnershipTest = StoreTest;

TEST_P(OwnershipTest, AClaimRaisesTheEpochAndAStaleOwnersAppendIsRefused) {
    ASSERT_EQ(commit_and_wait(store(), {CreateTable{{"t1", 10, "{}"}}}), std::nullopt);
    EXPECT_EQ(store().table_lease("t1"), (TableLease{"", 0, 0}));  // never claimed
    EXPECT_EQ(store().table_lease("t9"), std::nullopt);
    ASSERT_EQ(commit_and_wait(store(), {claim("t1", "a", 0, 1000, 11000)}), std::nullopt);
    EXPECT_EQ(store().table_lease("t1"), (TableLease{"a", 11000, 1}));
    ASSERT_EQ(commit_and_wait(store(), {append("t1", 1, 1)}), std::nullopt);

    // b may not take it while a's lease runs, nor with an epoch it did not see.
    auto held = commit_and_wait(store(), {claim("t1", "b", 1, 5000, 15000)});
    ASSERT_TRUE(held);
    EXPECT_EQ(held->kind, CommitError::Kind::LeaseHeld);
    auto unseen = commit_and_wait(store(), {claim("t1", "b", 0, 12000, 22000)});
    ASSERT_TRUE(unseen);
    EXPECT_EQ(unseen->kind, CommitError::Kind::StaleEpoch);
    // a's lease ran out (a paused past it): b claims the table in epoch 2.
    ASSERT_EQ(commit_and_wait(store(), {claim("t1", "b", 1, 12000, 22000)}), std::nullopt);
    EXPECT_EQ(store().table_lease("t1"), (TableLease{"b", 22000, 2}));

    // a wakes up: its next entry, its renewal and its release are refused; b's entry goes in.
    auto stale = commit_and_wait(store(), {append("t1", 2, 1)});
    ASSERT_TRUE(stale);
    EXPECT_EQ(stale->kind, CommitError::Kind::StaleEpoch);
    EXPECT_NE(stale->message.find("epoch"), std::string::npos) << stale->message;
    auto renewal = commit_and_wait(store(), {RenewLease{"t1", "a", 1, 30000}});
    ASSERT_TRUE(renewal);
    EXPECT_EQ(renewal->kind, CommitError::Kind::StaleEpoch);
    auto release = commit_and_wait(store(), {ReleaseTable{"t1", "a", 1}});
    ASSERT_TRUE(release);
    EXPECT_EQ(release->kind, CommitError::Kind::StaleEpoch);
    ASSERT_EQ(commit_and_wait(store(), {append("t1", 2, 2)}), std::nullopt);

    const auto table = store().open_table("t1");
    ASSERT_TRUE(table);
    ASSERT_EQ(table->journal.size(), 2u);
    EXPECT_EQ(table->journal[0].seq, 1u);
    EXPECT_EQ(table->journal[1].seq, 2u);
    EXPECT_EQ(store().table_lease("t1"), (TableLease{"b", 22000, 2}));
    EXPECT_TRUE(store().healthy());
}

TEST_P(OwnershipTest, TheHolderRenewsAndReleasesAndTheNextClaimRaisesTheEpochAgain) {
    ASSERT_EQ(commit_and_wait(store(), {CreateTable{{"t1", 10, "{}"}}, claim("t1", "a", 0, 1000, 11000)}),
              std::nullopt);
    ASSERT_EQ(commit_and_wait(store(), {RenewLease{"t1", "a", 1, 16000}}), std::nullopt);
    EXPECT_EQ(store().table_lease("t1"), (TableLease{"a", 16000, 1}));
    auto held = commit_and_wait(store(), {claim("t1", "b", 1, 12000, 22000)});  // renewed: still a's
    ASSERT_TRUE(held);
    EXPECT_EQ(held->kind, CommitError::Kind::LeaseHeld);
    ASSERT_EQ(commit_and_wait(store(), {ReleaseTable{"t1", "a", 1}}), std::nullopt);  // a hands it over
    EXPECT_EQ(store().table_lease("t1"), (TableLease{"", 0, 1}));
    ASSERT_EQ(commit_and_wait(store(), {claim("t1", "b", 1, 12000, 22000)}), std::nullopt);
    EXPECT_EQ(store().table_lease("t1"), (TableLease{"b", 22000, 2}));
}

TEST_P(OwnershipTest, AStaleAppendFailsItsOwnBatchOnlyAndANeverClaimedTableTakesEpochZero) {
    ASSERT_EQ(commit_and_wait(store(), {CreateTable{{"t1", 10, "{}"}}, CreateTable{{"t2", 10, "{}"}},
                                        claim("t1", "a", 0, 1000, 2000), claim("t1", "b", 1, 3000, 9000)}),
              std::nullopt);
    // A single node never claims: its tables stay in epoch 0, and their entries carry 0.
    std::promise<std::optional<CommitError>> first, second, third;
    store().commit({append("t2", 1, 0)}, [&](const auto& e) { first.set_value(e); });
    store().commit({append("t1", 1, 1), append("t2", 2, 0)}, [&](const auto& e) { second.set_value(e); });
    store().commit({append("t1", 1, 2), append("t2", 2, 0)}, [&](const auto& e) { third.set_value(e); });
    EXPECT_EQ(first.get_future().get(), std::nullopt);
    auto stale = second.get_future().get();
    ASSERT_TRUE(stale);
    EXPECT_EQ(stale->kind, CommitError::Kind::StaleEpoch);
    EXPECT_EQ(third.get_future().get(), std::nullopt);
    EXPECT_EQ(store().open_table("t1")->journal.size(), 1u);
    EXPECT_EQ(store().open_table("t2")->journal.size(), 2u);
}

TEST_P(OwnershipTest, TheHolderRestartedClaimsAgainWhileItsLeaseRunsAndItsOldEpochIsRefused) {
    ASSERT_EQ(commit_and_wait(store(), {CreateTable{{"t1", 10, "{}"}}, claim("t1", "a", 0, 1000, 11000)}),
              std::nullopt);
    // Node a, restarted with its id, takes its table back at once, in the next epoch.
    ASSERT_EQ(commit_and_wait(store(), {claim("t1", "a", 1, 2000, 12000)}), std::nullopt);
    EXPECT_EQ(store().table_lease("t1"), (TableLease{"a", 12000, 2}));
    auto old = commit_and_wait(store(), {append("t1", 1, 1)});  // what the process before wrote late
    ASSERT_TRUE(old);
    EXPECT_EQ(old->kind, CommitError::Kind::StaleEpoch);
    ASSERT_EQ(commit_and_wait(store(), {append("t1", 1, 2)}), std::nullopt);
    auto other = commit_and_wait(store(), {claim("t1", "b", 2, 3000, 13000)});
    ASSERT_TRUE(other);
    EXPECT_EQ(other->kind, CommitError::Kind::LeaseHeld);
}

TEST_P(OwnershipTest, ExpiredLeasesListsTheOpenTablesNobodyHoldsOldestFirst) {
    ASSERT_EQ(commit_and_wait(
                  store(), {CreateTable{{"t4", 40, "{}"}}, CreateTable{{"t2", 20, "{}"}}, CreateTable{{"t1", 10, "{}"}},
                            CreateTable{{"t3", 30, "{}"}}, CreateTable{{"t5", 50, "{}"}}}),
              std::nullopt);
    ASSERT_EQ(commit_and_wait(store(), {claim("t2", "a", 0, 1000, 5000), claim("t3", "b", 0, 1000, 20000),
                                        claim("t4", "a", 0, 1000, 5000), ReleaseTable{"t4", "a", 1}, CloseTable{"t5"}}),
              std::nullopt);

    // t2's lease runs at 4999 and ends at 5000; t3 is held; t5 is closed.
    EXPECT_EQ(store().expired_leases(4999, 10), (std::vector<LeasedTable>{{"t1", {"", 0, 0}}, {"t4", {"", 0, 1}}}));
    EXPECT_EQ(store().expired_leases(5000, 10),
              (std::vector<LeasedTable>{{"t1", {"", 0, 0}}, {"t2", {"a", 5000, 1}}, {"t4", {"", 0, 1}}}));
    EXPECT_EQ(store().expired_leases(5000, 2), (std::vector<LeasedTable>{{"t1", {"", 0, 0}}, {"t2", {"a", 5000, 1}}}));
    EXPECT_EQ(store().expired_leases(20000, 10),
              (std::vector<LeasedTable>{
                  {"t1", {"", 0, 0}}, {"t2", {"a", 5000, 1}}, {"t3", {"b", 20000, 1}}, {"t4", {"", 0, 1}}}));
    // A claim takes a table off the list until its lease ends.
    ASSERT_EQ(commit_and_wait(store(), {claim("t1", "b", 0, 5000, 9000)}), std::nullopt);
    EXPECT_EQ(store().expired_leases(8999, 10), (std::vector<LeasedTable>{{"t2", {"a", 5000, 1}}, {"t4", {"", 0, 1}}}));
}

TEST_P(OwnershipTest, LiveTablesAreTheLeasedOnesOfLiveNodesWithTheirUrlsAndTheRowsTheirHoldersPublished) {
    ASSERT_EQ(commit_and_wait(store(),
                              {PutNode{{"a", "wss://a.example.org/ws", 20000}}, PutNode{{"b", "/node/b/ws", 20000}}}),
              std::nullopt);
    ASSERT_EQ(commit_and_wait(store(), {CreateTable{{"t1", 10, "{}"}}, claim("t1", "a", 0, 1000, 11000),
                                        PublishLobby{"t1", "a", 1, R"({"table":"t1"})"}}),
              std::nullopt);
    ASSERT_EQ(commit_and_wait(store(), {CreateTable{{"t2", 20, "{}"}}, claim("t2", "b", 0, 1000, 30000)}),
              std::nullopt);
    ASSERT_EQ(commit_and_wait(store(), {CreateTable{{"t3", 30, "{}"}}}), std::nullopt);  // nobody's
    EXPECT_EQ(store().nodes(),
              (std::vector<NodeEntry>{{"a", "wss://a.example.org/ws", 20000}, {"b", "/node/b/ws", 20000}}));
    EXPECT_EQ(store().live_tables(5000),
              (std::vector<LiveTable>{{"t1", "a", "wss://a.example.org/ws", 10, R"({"table":"t1"})"},
                                      {"t2", "b", "/node/b/ws", 20, ""}}));
    // Only the holder in its epoch publishes.
    auto stale = commit_and_wait(store(), {PublishLobby{"t1", "b", 1, "{}"}});
    ASSERT_TRUE(stale);
    EXPECT_EQ(stale->kind, CommitError::Kind::StaleEpoch);
    // t1's lease ended at 11000; b's registry row at 20000 (its lease would run to 30000).
    EXPECT_EQ(store().live_tables(12000), (std::vector<LiveTable>{{"t2", "b", "/node/b/ws", 20, ""}}));
    EXPECT_EQ(store().live_tables(25000), std::vector<LiveTable>{});
    // A node marked gone (a graceful stop) holds nothing live; a closed table is no longer listed.
    ASSERT_EQ(commit_and_wait(store(), {PutNode{{"a", "wss://a.example.org/ws", 0}}, RenewLease{"t1", "a", 1, 40000},
                                        PutNode{{"b", "/node/b/ws", 40000}}, CloseTable{"t2"}}),
              std::nullopt);
    EXPECT_EQ(store().live_tables(5000), std::vector<LiveTable>{});
}

INSTANTIATE_TEST_SUITE_P(Stores, OwnershipTest,
                         ::testing::Values(StoreKind::Memory, StoreKind::Sqlite, StoreKind::Postgres), KindName{});

/// The stores that keep their data: the directory of tables outlives the process.
using DurableOwnershipTest = StoreTest;

TEST_P(DurableOwnershipTest, TheEpochsAreKeptAcrossAReopening) {
    ASSERT_EQ(commit_and_wait(store(), {CreateTable{{"t1", 10, "{}"}}, claim("t1", "a", 0, 1000, 2000),
                                        claim("t1", "b", 1, 3000, 9000), append("t1", 1, 2)}),
              std::nullopt);
    subject().reopen();
    EXPECT_EQ(store().table_lease("t1"), (TableLease{"b", 9000, 2}));
    auto stale = commit_and_wait(store(), {append("t1", 2, 1)});
    ASSERT_TRUE(stale);
    EXPECT_EQ(stale->kind, CommitError::Kind::StaleEpoch);
    EXPECT_EQ(commit_and_wait(store(), {append("t1", 2, 2)}), std::nullopt);
    ASSERT_EQ(commit_and_wait(store(), {CloseTable{"t1"}}), std::nullopt);
    EXPECT_EQ(store().table_lease("t1"), std::nullopt);
}

INSTANTIATE_TEST_SUITE_P(Stores, DurableOwnershipTest, ::testing::Values(StoreKind::Sqlite, StoreKind::Postgres),
                         KindName{});

}  // namespace ownership_test
}  // namespace belote::store
