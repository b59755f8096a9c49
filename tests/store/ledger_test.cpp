// The chip ledger and the progress entries in every store (docs/room.md "Ledger"): double entry,
// idempotency keys (a settlement posted twice changes nothing), no balance below zero (the whole
// batch, journal entry included, is refused), progress totals, and why a match moved nothing.

#include <gtest/gtest.h>

#include <future>

#include "tests/store/store_kinds.hpp"

namespace belote::store {
namespace ledger_test {

PostTransfer transfer(const std::string& key, const std::string& from, const std::string& to, std::int64_t amount,
                      const std::string& match = "") {
    return PostTransfer{{key, from, to, amount, match, 1000}};
}

using LedgerTest = StoreTest;

TEST_P(LedgerTest, ATransferMovesChipsBetweenTwoAccountsAndIsPostedOncePerKey) {
    ASSERT_EQ(commit_and_wait(store(), {transfer("start:pa", "source:start", "wallet:pa", 1000)}), std::nullopt);
    EXPECT_EQ(store().balance("wallet:pa"), 1000);
    EXPECT_EQ(store().balance("source:start"), -1000);
    EXPECT_EQ(store().balance("wallet:pb"), std::nullopt);
    // The same key again (a retry, a settlement after a crash): nothing changes, and it is no error.
    ASSERT_EQ(commit_and_wait(store(), {transfer("start:pa", "source:start", "wallet:pa", 1000)}), std::nullopt);
    EXPECT_EQ(store().balance("wallet:pa"), 1000);
    ASSERT_EQ(commit_and_wait(store(), {transfer("m1:0:stake", "wallet:pa", "escrow:m1", 300, "m1"),
                                        transfer("m1:0:stake", "wallet:pa", "escrow:m1", 300, "m1")}),
              std::nullopt);
    EXPECT_EQ(store().balance("wallet:pa"), 700);
    EXPECT_EQ(store().balance("escrow:m1"), 300);
    auto entries = store().ledger();
    ASSERT_EQ(entries.size(), 2u);
    EXPECT_EQ(entries[1].key, "m1:0:stake");
    EXPECT_EQ(entries[1].from, "wallet:pa");
    EXPECT_EQ(entries[1].to, "escrow:m1");
    EXPECT_EQ(entries[1].amount, 300);
    EXPECT_EQ(entries[1].match_id, "m1");
    std::int64_t sum = 0;
    for (const auto& [account, balance] : store().balances()) sum += balance;
    EXPECT_EQ(sum, 0);  // double entry
}

TEST_P(LedgerTest, NoWalletGoesBelowZeroAndTheWholeBatchIsRefused) {
    ASSERT_EQ(commit_and_wait(store(),
                              {transfer("start:pa", "source:start", "wallet:pa", 100), CreateTable{{"t1", 10, "{}"}}}),
              std::nullopt);
    auto error = commit_and_wait(
        store(), {AppendJournal{{"t1", 1, 20, "{}"}}, transfer("m1:0:stake", "wallet:pa", "escrow:m1", 101, "m1")});
    ASSERT_TRUE(error);
    EXPECT_EQ(error->kind, CommitError::Kind::Conflict);
    // The conflict says which account the batch would have overdrawn, and what it holds.
    ASSERT_TRUE(error->overdrawn);
    EXPECT_EQ(error->overdrawn->account, "wallet:pa");
    EXPECT_EQ(error->overdrawn->balance, 100);
    EXPECT_EQ(store().balance("wallet:pa"), 100);
    EXPECT_EQ(store().balance("escrow:m1"), std::nullopt);
    EXPECT_TRUE(store().open_table("t1")->journal.empty());  // the journal entry went with it
    EXPECT_EQ(store().ledger().size(), 1u);
    ASSERT_EQ(commit_and_wait(store(), {transfer("m1:0:stake", "wallet:pa", "escrow:m1", 100, "m1")}), std::nullopt);
    EXPECT_EQ(store().balance("wallet:pa"), 0);
    EXPECT_TRUE(commit_and_wait(store(), {transfer("x", "house", "wallet:pa", 1)}));  // the house has nothing
}

TEST_P(LedgerTest, AnOverdraftSaysWhatTheAccountHeldBeforeItsBatchAndOnlyItsBatchFails) {
    ASSERT_EQ(commit_and_wait(store(), {transfer("start:pa", "source:start", "wallet:pa", 100)}), std::nullopt);
    // A database store's writer runs completions on its thread: holding the first one makes it take
    // the next three batches together, as one group (the memory store commits each at once).
    std::promise<void> release;
    std::promise<std::optional<CommitError>> held;
    const bool grouped = subject().kind() != StoreKind::Memory;
    store().commit({transfer("topup:pa", "source:topup", "wallet:pa", 100)}, [&](const auto& e) {
        held.set_value(e);
        if (grouped) release.get_future().wait();
    });
    std::vector<std::promise<std::optional<CommitError>>> outcomes(3);
    const auto into = [&](std::size_t i) { return [&, i](const auto& e) { outcomes[i].set_value(e); }; };
    // Two stakes from one wallet: the second would take it below zero, after the first took 150 of its 200.
    store().commit({transfer("m1:0:stake", "wallet:pa", "escrow:m1", 150, "m1"),
                    transfer("m2:0:stake", "wallet:pa", "escrow:m2", 100, "m2")},
                   into(0));
    store().commit({transfer("m3:0:stake", "wallet:pa", "escrow:m3", 200, "m3")}, into(1));
    store().commit({transfer("m4:0:stake", "wallet:pa", "escrow:m4", 1, "m4")}, into(2));
    EXPECT_EQ(held.get_future().get(), std::nullopt);
    if (grouped) release.set_value();

    auto first = outcomes[0].get_future().get();
    ASSERT_TRUE(first);
    EXPECT_EQ(first->kind, CommitError::Kind::Conflict);
    EXPECT_EQ(first->overdrawn, (Overdraft{"wallet:pa", 200}));
    EXPECT_EQ(outcomes[1].get_future().get(), std::nullopt);
    auto last = outcomes[2].get_future().get();
    ASSERT_TRUE(last);
    EXPECT_EQ(last->overdrawn, (Overdraft{"wallet:pa", 0}));
    EXPECT_TRUE(store().healthy());
    EXPECT_EQ(store().balance("wallet:pa"), 0);
    EXPECT_EQ(store().balance("escrow:m1"), std::nullopt);
    EXPECT_EQ(store().balance("escrow:m3"), 200);
    EXPECT_EQ(store().ledger().size(), 3u);
}

TEST_P(LedgerTest, AFailedTransferThatIsNoOverdraftSaysNone) {
    // An amount of zero is refused by every store, but overdraws nothing.
    auto error = commit_and_wait(store(), {transfer("x", "source:start", "wallet:pa", 0)});
    ASSERT_TRUE(error);
    EXPECT_EQ(error->kind, CommitError::Kind::Conflict);
    EXPECT_FALSE(error->overdrawn);
}

TEST_P(LedgerTest, ProgressEntriesAddUpOncePerKey) {
    EXPECT_EQ(store().progress("pa"), Progress{});
    ProgressEntry won{"m1:0:progress", "pa", "m1", "classic", 20, 1, 1, 0, 1000};
    ProgressEntry gone{"m2:0:progress", "pa", "m2", "classic", 0, 1, 0, 1, 2000};
    ASSERT_EQ(commit_and_wait(store(), {PostProgress{won}, PostProgress{won}}), std::nullopt);
    ASSERT_EQ(commit_and_wait(store(), {PostProgress{gone}, PostProgress{won}}), std::nullopt);
    EXPECT_EQ(store().progress("pa"), (Progress{20, 2, 1, 1}));
    EXPECT_EQ(store().progress("pb"), Progress{});
}

TEST_P(LedgerTest, TheTimesOfAPlayersAbandonsComeFromItsProgressEntries) {
    ASSERT_EQ(commit_and_wait(store(), {PostProgress{{"m1:0:progress", "pa", "m1", "classic", 0, 1, 0, 1, 1000}},
                                        PostProgress{{"m2:0:progress", "pa", "m2", "classic", 20, 1, 1, 0, 2000}},
                                        PostProgress{{"m3:1:progress", "pa", "m3", "coinche", 0, 0, 0, 1, 3000}},
                                        PostProgress{{"m4:1:progress", "pb", "m4", "classic", 0, 1, 0, 1, 4000}}}),
              std::nullopt);
    EXPECT_EQ(store().abandon_times("pa", 0), (std::vector<std::int64_t>{1000, 3000}));
    EXPECT_EQ(store().abandon_times("pa", 1001), (std::vector<std::int64_t>{3000}));
    EXPECT_TRUE(store().abandon_times("pc", 0).empty());
}

TEST_P(LedgerTest, AFinishedMatchKeepsWhyItMovedNothing) {
    FinishedMatch m;
    m.id = "m1";
    m.table_id = "t1";
    m.variant = "classic";
    m.seats = {{0, "pa", "Ana"}, {1, "pb", "Bea"}};
    m.unmoved = "same_ip";
    m.record = "{}";
    ASSERT_EQ(commit_and_wait(store(), {PutMatch{m}}), std::nullopt);
    EXPECT_EQ(store().match("m1")->unmoved, "same_ip");
    EXPECT_EQ(store().history("pa", std::nullopt, 5).matches.at(0).unmoved, "same_ip");
}

INSTANTIATE_TEST_SUITE_P(Stores, LedgerTest,
                         ::testing::Values(StoreKind::Memory, StoreKind::Sqlite, StoreKind::Postgres), KindName{});

}  // namespace ledger_test
}  // namespace belote::store
