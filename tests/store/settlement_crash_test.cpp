// Kill -9 inside the settlement of a staked competitive match (docs/room.md "Ledger"): the real
// binary on a real SQLite file. A trigger the test adds to the database makes the transaction that
// settles a match (the one posting its house cut) run a very long query, so the writer is caught
// inside it: the match's last action, its journal entry, the transfers, the XP and the record are
// all in that one transaction. The server is killed there. Checked: nothing of the settlement was
// stored (the stakes are still in escrow, no house cut, no record); after the restart the player
// whose action was never acknowledged sends it again, the match ends once, and the chips are
// exactly +80 / -100 with 20 to the house; a second kill -9 after the settlement and a restart
// move nothing; `belote-server --audit` balances.

#include <gtest/gtest.h>

#include <optional>

#include "server/store/open_store.hpp"
#include "server/store/sqlite_db.hpp"
#include "tests/store/staked_match.hpp"
#include "tests/support/server_process.hpp"

namespace belote::testing {
namespace settlement_crash_test {

std::vector<std::string> settlement_server_args() {
    return {"--robot-delay-ms", "0", "--log-level", "info", "--msg-rate", "100000", "--msg-burst", "100000"};
}

/// One integer from `sql` on the database of `data`.
std::int64_t query(const std::filesystem::path& data, const std::string& sql) {
    store::Connection db(store::database_path(data.string()));
    store::Statement s(db.handle(), sql);
    return s.step() ? s.integer(0) : -1;
}

TEST(SettlementCrashTest, AKillInsideTheSettlementOfAStakedMatchStoresNoneOfItAndTheMatchSettlesOnceAfter) {
    TempDir data("settlement-crash");
    // A first life creates the database; the trigger goes in while no server runs.
    { ServerProcess(data.path(), settlement_server_args()).terminate(); }
    {
        store::Connection db(store::database_path(data.path().string()));
        db.exec(
            "CREATE TABLE slow (x INTEGER);"
            "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 3000) "
            "INSERT INTO slow SELECT x FROM n;"
            // Minutes of work inside the settling transaction (the test kills the server long before).
            "CREATE TRIGGER stall_settlement AFTER INSERT ON ledger WHEN NEW.entry_key LIKE '%:house:cut' BEGIN "
            "SELECT count(*) FROM slow a, slow b, slow c WHERE a.x + b.x + c.x < 0; END;");
    }

    auto server = std::make_unique<ServerProcess>(data.path(), settlement_server_args());
    StakedSeats seats = register_two(server->port(), 8s);
    const std::string table = start_staked_match(seats);
    const std::string match = table + "-1";
    // Play until an action's reply does not come: the writer is inside the settlement.
    const Stalled stalled = play_until_stalled(seats, table);
    server->kill9();
    server.reset();

    // Nothing of the settlement is stored: the stakes are in escrow, no house cut, no record, no XP.
    EXPECT_EQ(query(data.path(), "SELECT balance FROM chip_accounts WHERE account = 'escrow:" + match + "'"), 200);
    EXPECT_EQ(query(data.path(), "SELECT count(*) FROM ledger WHERE match_id = '" + match + "'"), 2);  // the stakes
    EXPECT_EQ(query(data.path(), "SELECT count(*) FROM matches"), 0);
    EXPECT_EQ(query(data.path(), "SELECT count(*) FROM progress"), 0);
    {
        store::Connection db(store::database_path(data.path().string()));
        db.exec("DROP TRIGGER stall_settlement; DROP TABLE slow;");
    }

    // The restart: both come back; the action that was never acknowledged is sent again and ends the match.
    server = std::make_unique<ServerProcess>(data.path(), settlement_server_args());
    for (auto& s : seats) reconnect(s, server->port(), table, 8s);
    json again = seats[stalled.seat].client->request(stalled.action);
    ASSERT_EQ(code(again), "ok") << again;
    const json ended = match_ended(seats[0]);
    const int winner = ended["winner"];
    EXPECT_EQ(ended["results"][winner]["chips"], 80);
    EXPECT_EQ(ended["results"][1 - winner]["chips"], -100);
    auto wallet = [&](int s) {
        return query(data.path(), "SELECT balance FROM chip_accounts WHERE account = 'wallet:" + seats[s].id + "'");
    };
    auto check_settled_once = [&] {
        EXPECT_EQ(wallet(winner), 1080);
        EXPECT_EQ(wallet(1 - winner), 900);
        EXPECT_EQ(query(data.path(), "SELECT balance FROM chip_accounts WHERE account = 'house'"), 20);
        EXPECT_EQ(query(data.path(), "SELECT balance FROM chip_accounts WHERE account = 'escrow:" + match + "'"), 0);
        EXPECT_EQ(query(data.path(), "SELECT count(*) FROM ledger WHERE match_id = '" + match + "'"), 4);
        EXPECT_EQ(query(data.path(), "SELECT count(*) FROM matches WHERE id = '" + match + "'"), 1);
        EXPECT_EQ(query(data.path(), "SELECT sum(xp) FROM progress"), 25);
        EXPECT_EQ(query(data.path(), "SELECT sum(games) FROM progress"), 2);
    };
    check_settled_once();

    // Killed again once it is settled, and restarted: the journal replays to the same end, nothing is posted twice.
    server->kill9();
    server = std::make_unique<ServerProcess>(data.path(), settlement_server_args());
    for (auto& s : seats) reconnect(s, server->port(), table, 8s);
    json profile = seats[0].client->request({{"type", "profile"}, {"player", seats[winner].id}});
    EXPECT_EQ(profile["chips"], 1080);
    EXPECT_EQ(profile["games"], 1);
    EXPECT_EQ(profile["xp"], 20);
    server->terminate();
    server.reset();
    check_settled_once();
    auto [status, out] = run_server_command({"--audit", "--data-dir", data.path().string()});
    EXPECT_EQ(status, 0) << out;
    EXPECT_NE(out.find("2000 chips created, 2000 held"), std::string::npos) << out;
}

}  // namespace settlement_crash_test
}  // namespace belote::testing
