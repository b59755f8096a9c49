// The chip audit (server/room/audit.hpp): after thousands of random matches, cancels and abandons
// settled by the room's rules (some posted twice, as after a crash), every chip is accounted for;
// a tampered balance, or a finished match that kept its escrow, is found; `--audit` on a data dir
// and on a PostgreSQL store.

#include "server/room/audit.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <random>
#include <sstream>

#include "platform/room.hpp"
#include "server/store/memory_store.hpp"
#include "server/store/open_store.hpp"
#include "server/store/postgres_store.hpp"
#include "server/store/sqlite_db.hpp"
#include "server/store/sqlite_store.hpp"
#include "tests/support/commit_and_wait.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/test_postgres.hpp"

namespace belote::room {
namespace audit_test {

std::vector<store::Write> posts(const platform::Settlement& s, const std::string& match) {
    std::vector<store::Write> out;
    for (const auto& t : s.transfers) out.push_back(store::PostTransfer{{t.key, t.from, t.to, t.amount, match, 1}});
    return out;
}

/// Plays `matches` random matches among 12 players with the room's rules and posts their chips to
/// `store`: stakes that some cannot cover are skipped (as start refuses them), each match is won,
/// cancelled or has abandons at random, some settlements are posted twice, and wallets below 100
/// get a top-up. Returns the chips created.
std::int64_t random_room(store::Store& store, int matches, std::uint32_t seed) {
    std::mt19937 rng(seed);
    const int players = 12;
    std::int64_t created = 0;
    for (int p = 0; p < players; ++p) {
        const auto id = "p" + std::to_string(p);
        EXPECT_EQ(
            commit_and_wait(store, {store::PostTransfer{{"start:" + id, "source:start", "wallet:" + id, 1000, "", 0}}}),
            std::nullopt);
        created += 1000;
    }
    for (int m = 0; m < matches; ++m) {
        const int seats = std::uniform_int_distribution<int>(2, 4)(rng);
        platform::Lineup lineup;
        lineup.match_id = "m" + std::to_string(m);
        lineup.seats = seats;
        std::vector<int> order(players);
        for (int p = 0; p < players; ++p) order[p] = p;
        std::shuffle(order.begin(), order.end(), rng);
        platform::MatchTerms terms{true, std::uniform_int_distribution<int>(0, 120)(rng), false, {}};
        bool covered = true;
        for (int s = 0; s < seats; ++s) {
            const auto id = "p" + std::to_string(order[s]);
            lineup.players[s] = id;
            terms.counts[s] = true;
            if (store.balance("wallet:" + id).value_or(0) < terms.stake) covered = false;
        }
        if (!covered) {  // start is refused; the short get their top-up
            for (int s = 0; s < seats; ++s) {
                const auto id = *lineup.players[s];
                const auto have = store.balance("wallet:" + id).value_or(0);
                if (have >= 100) continue;
                EXPECT_EQ(
                    commit_and_wait(store, {store::PostTransfer{{"topup:" + id + ":" + std::to_string(m),
                                                                 "source:topup", "wallet:" + id, 100 - have, "", 0}}}),
                    std::nullopt);
                created += 100 - have;
            }
            continue;
        }
        EXPECT_EQ(commit_and_wait(store, posts(platform::stake(lineup, terms), lineup.match_id)), std::nullopt);
        std::array<bool, 4> abandoned{};
        for (int s = 0; s < seats; ++s) abandoned[s] = std::uniform_int_distribution<int>(0, 9)(rng) == 0;
        const bool cancel = std::uniform_int_distribution<int>(0, 5)(rng) == 0;
        const int winner = std::uniform_int_distribution<int>(0, seats == 4 ? 1 : seats - 1)(rng);
        auto end =
            cancel ? platform::refund(lineup, terms, abandoned) : platform::settle(lineup, terms, winner, abandoned);
        auto writes = posts(end, lineup.match_id);
        store::FinishedMatch record;
        record.id = lineup.match_id;
        record.record = "{}";
        writes.push_back(store::PutMatch{record});
        EXPECT_EQ(commit_and_wait(store, writes), std::nullopt);
        if (std::uniform_int_distribution<int>(0, 3)(rng) == 0) {  // settled again (a retry): nothing moves
            EXPECT_EQ(commit_and_wait(store, posts(end, lineup.match_id)), std::nullopt);
        }
    }
    return created;
}

TEST(AuditTest, ThousandsOfRandomMatchesCancelsAndAbandonsLoseNoChip) {
    store::MemoryStore store;
    const auto created = random_room(store, 3000, 7);
    const auto report = audit(store);
    EXPECT_TRUE(report.balanced()) << ::testing::PrintToString(report.problems);
    EXPECT_EQ(report.created, created);
    EXPECT_EQ(report.held, created);
    EXPECT_GT(store.balance("house").value_or(0), 0);
    std::size_t staked = 0;
    for (const auto& e : store.ledger()) staked += e.key.ends_with(":0:stake");
    EXPECT_GT(staked, 2000u) << "most of the 3,000 matches must take stakes";
}

/// `belote-server --audit` of a store that holds the `created` chips of random_room(): balanced;
/// after `tamper` moved 5 chips into wallet:p3 behind the ledger's back: not.
void expect_audit_finds_tampering(const std::string& store_name, const std::string& data_dir, std::int64_t created,
                                  const std::function<void(const std::string&)>& tamper) {
    std::ostringstream out;
    EXPECT_EQ(run_audit(store_name, data_dir, out), 0) << out.str();
    EXPECT_NE(out.str().find(std::to_string(created) + " chips created, " + std::to_string(created) + " held"),
              std::string::npos)
        << out.str();
    EXPECT_NE(out.str().find("\nbalanced\n"), std::string::npos);
    tamper("UPDATE chip_accounts SET balance = balance + 5 WHERE account = 'wallet:p3'");
    std::ostringstream tampered;
    EXPECT_EQ(run_audit(store_name, data_dir, tampered), 1);
    EXPECT_NE(tampered.str().find("problem: wallet:p3 holds"), std::string::npos) << tampered.str();
    EXPECT_NE(tampered.str().find("problem: the accounts add up to 5, not 0"), std::string::npos) << tampered.str();
    EXPECT_NE(tampered.str().find("NOT balanced"), std::string::npos);
}

TEST(AuditTest, TheSqliteStoreBalancesTooAndATamperedBalanceIsFound) {
    testing::TempDir dir("audit");
    const auto data = dir.path().string();
    std::int64_t created = 0;
    {
        store::SqliteStore store(store::database_path(data), store::Durability::Normal);
        created = random_room(store, 300, 11);
        EXPECT_TRUE(audit(store).balanced());
    }
    expect_audit_finds_tampering("sqlite", data, created, [&](const std::string& sql) {
        store::Connection db(store::database_path(data));
        db.exec(sql);
    });
}

TEST(AuditTest, ThePostgresStoreBalancesTooAndATamperedBalanceIsFound) {
    const auto server = testing::test_postgres_url();
    if (!server) GTEST_SKIP() << testing::no_test_postgres;
    testing::PostgresSchema schema(*server);
    std::int64_t created = 0;
    {
        store::PostgresStore store(schema.url());
        created = random_room(store, 300, 11);
        EXPECT_TRUE(audit(store).balanced());
    }
    testing::TempDir unused("audit");
    expect_audit_finds_tampering(schema.url(), unused.path().string(), created,
                                 [&](const std::string& sql) { schema.exec(sql); });
}

TEST(AuditTest, AFinishedMatchThatKeptItsEscrowIsFound) {
    store::MemoryStore store;
    store::FinishedMatch m;
    m.id = "m9";
    m.record = "{}";
    ASSERT_EQ(commit_and_wait(store, {store::PostTransfer{{"start:pa", "source:start", "wallet:pa", 1000, "", 0}},
                                      store::PostTransfer{{"m9:0:stake", "wallet:pa", "escrow:m9", 50, "m9", 0}},
                                      store::PutMatch{m}}),
              std::nullopt);
    const auto report = audit(store);
    ASSERT_EQ(report.problems.size(), 1u);
    EXPECT_EQ(report.problems[0], "the finished match m9 still holds 50 chips in escrow");
}

}  // namespace audit_test
}  // namespace belote::room
