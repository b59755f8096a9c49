// Settlement across a failover (issue 16): two real belote-server processes (nodes a and b) on one
// PostgreSQL store play a staked competitive match on a. A trigger the test adds to the database
// holds the transaction that settles the match (the one posting its house cut) until the test lets
// it go, so a's writer is caught inside it: the match's last action, its journal entry, the
// transfers, the XP and the record are all in that one transaction: its reply comes as
// storage_unavailable once a's lease ended behind the held writer (or never; the clients wait 30 s,
// more than a lease, as the password hashing of a loaded machine may need it). a is killed there (kill -9).
// Checked: nothing of the settlement was stored; b takes the table over, the players reconnect to b
// with their tokens and `resume`, the action never acknowledged is sent again, and the match settles
// once: +80 / -100 with 20 to the house, XP once. b killed in turn and a restarted: nothing moves
// again, and `belote-server --audit` balances. Skipped when no test PostgreSQL is set.

#include <gtest/gtest.h>

#include <optional>
#include <thread>

#include "server/store/pg_connection.hpp"
#include "server/store/postgres_store.hpp"
#include "tests/store/staked_match.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/test_postgres.hpp"

namespace belote::testing {
namespace failover_settlement_test {

using Clock = std::chrono::steady_clock;
/// Leases of 10 s: on a loaded machine shorter ones may run out in the middle of the match, and the
/// table would move before its settlement.
std::vector<std::string> settlement_node_args(const std::string& url, const std::string& node) {
    return {"--store",    url,     "--robot-delay-ms", "0",  "--node-id", node,
            "--lease-ms", "10000", "--lease-renew-ms", "500"};
}

/// Waits (at most 10 s) until a connection of the database waits in the trigger's pg_sleep: the
/// settling transaction is held.
bool settlement_held(const std::string& url) {
    store::PgConnection db(url);
    const auto deadline = Clock::now() + std::chrono::seconds(10);
    while (Clock::now() < deadline) {
        if (db.run({"held", "SELECT count(*) FROM pg_stat_activity WHERE wait_event = 'PgSleep'"}).integer(0, 0) > 0)
            return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));  // polling a condition, with a deadline
    }
    return false;
}

/// Waits (polling the store, at most 30 s) until `node` owns `table`.
bool owned_by(store::Store& store, const std::string& table, const std::string& node) {
    const auto deadline = Clock::now() + std::chrono::seconds(30);
    while (Clock::now() < deadline) {
        if (auto lease = store.table_lease(table); lease && lease->owner == node) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));  // polling a condition, with a deadline
    }
    return false;
}

TEST(FailoverSettlementTest, AnOwnerKilledInsideASettlementLeavesNoneOfItAndTheMatchSettlesOnceOnTheOtherNode) {
    const auto server_url = test_postgres_url();
    if (!server_url) GTEST_SKIP() << no_test_postgres;
    PostgresSchema schema(*server_url);
    TempDir data_a("node-a"), data_b("node-b");
    auto a = std::make_unique<ServerProcess>(data_a.path(), settlement_node_args(schema.url(), "a"));
    auto b = std::make_unique<ServerProcess>(data_b.path(), settlement_node_args(schema.url(), "b"));
    store::PostgresStore store(schema.url());
    // The settling transaction waits while the row of `hold` is there (each statement of the loop sees
    // what the test committed since).
    schema.exec(
        "CREATE TABLE hold (x INTEGER); INSERT INTO hold VALUES (1); GRANT SELECT ON hold TO " + schema.name() +
        ";"
        "CREATE FUNCTION stall_settlement() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
        "IF NEW.entry_key LIKE '%:house:cut' THEN "
        "WHILE EXISTS (SELECT 1 FROM hold) LOOP PERFORM pg_sleep(0.05); END LOOP; END IF; RETURN NEW; END $$;"
        "CREATE TRIGGER stall_settlement AFTER INSERT ON ledger FOR EACH ROW EXECUTE FUNCTION stall_settlement();");

    StakedSeats seats = register_two(a->port(), 30s);
    const std::string table = start_staked_match(seats);
    const std::string match = table + "-1";

    // Play until an action's reply does not come: a's writer is inside the settlement. (Or its reply
    // is storage_unavailable: a's writer is held, its renewals wait behind, its lease ends, and it
    // gives the table up, answering what was waiting for the write: docs/operations.md "Losing a table".)
    const Stalled stalled = play_until_stalled(seats, table);
    ASSERT_TRUE(settlement_held(schema.url()))
        << "the action that did not get its reply was not the last one: " << stalled.reply << a->output();
    a->kill9();
    a.reset();
    // Let the held transaction go: its client is gone, so PostgreSQL rolls it back.
    schema.exec("DELETE FROM hold;");  // committed alone: the trigger's loop sees it
    schema.exec("DROP TRIGGER stall_settlement ON ledger;");

    ASSERT_TRUE(owned_by(store, table, "b")) << b->output();
    // Nothing of the settlement is stored: the stakes are in escrow, no house cut, no record, no XP.
    EXPECT_EQ(store.balance("escrow:" + match), 200);
    EXPECT_EQ(store.balance("house"), std::nullopt);
    EXPECT_FALSE(store.match(match));
    for (const auto& s : seats) EXPECT_EQ(store.progress(s.id), store::Progress{});

    // Both reconnect to b; the action never acknowledged is sent again and ends the match there.
    for (auto& s : seats) reconnect(s, b->port(), table, 30s);
    json again = seats[stalled.seat].client->request(stalled.action);
    ASSERT_EQ(code(again), "ok") << again << b->output();
    const json ended = match_ended(seats[0]);
    const int winner = ended["winner"];
    EXPECT_EQ(ended["results"][winner]["chips"], 80);
    EXPECT_EQ(ended["results"][1 - winner]["chips"], -100);
    auto check_settled_once = [&] {
        EXPECT_EQ(store.balance("wallet:" + seats[winner].id), 1080);
        EXPECT_EQ(store.balance("wallet:" + seats[1 - winner].id), 900);
        EXPECT_EQ(store.balance("house"), 20);
        EXPECT_EQ(store.balance("escrow:" + match), 0);
        std::size_t entries = 0;
        for (const auto& e : store.ledger()) entries += e.match_id == match;
        EXPECT_EQ(entries, 4u);  // two stakes, the pot, the house cut
        EXPECT_TRUE(store.match(match));
        EXPECT_EQ(store.progress(seats[0].id).games + store.progress(seats[1].id).games, 2);
        EXPECT_EQ(store.progress(seats[0].id).xp + store.progress(seats[1].id).xp, 25);
    };
    check_settled_once();

    // b killed once it settled; a comes back and takes the table over: nothing is posted twice.
    b->kill9();
    b.reset();
    a = std::make_unique<ServerProcess>(data_a.path(), settlement_node_args(schema.url(), "a"));
    ASSERT_TRUE(owned_by(store, table, "a")) << a->output();
    for (auto& s : seats) reconnect(s, a->port(), table, 30s);
    json profile = seats[0].client->request({{"type", "profile"}, {"player", seats[winner].id}});
    EXPECT_EQ(profile["chips"], 1080);
    EXPECT_EQ(profile["games"], 1);
    check_settled_once();
    auto [status, out] = run_server_command({"--audit", "--store", schema.url()});
    EXPECT_EQ(status, 0) << out;
    EXPECT_NE(out.find("2000 chips created, 2000 held"), std::string::npos) << out;
}

}  // namespace failover_settlement_test
}  // namespace belote::testing
