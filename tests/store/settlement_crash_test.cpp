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

#include "client/sync_client.hpp"
#include "server/store/open_store.hpp"
#include "server/store/sqlite_db.hpp"
#include "tests/server/game_client.hpp"
#include "tests/support/server_process.hpp"

namespace belote::testing {
namespace {

constexpr const char* password = "correct horse battery";

std::vector<std::string> server_args() {
    return {"--robot-delay-ms", "0", "--log-level", "info", "--msg-rate", "100000", "--msg-burst", "100000"};
}

std::string code(const json& reply) { return reply.value("type", "") == "error" ? reply.value("code", "") : "ok"; }

/// One integer from `sql` on the database of `data`.
std::int64_t query(const std::filesystem::path& data, const std::string& sql) {
    store::Connection db(store::database_path(data.string()));
    store::Statement s(db.handle(), sql);
    return s.step() ? s.integer(0) : -1;
}

/// A player of the test: its connection (from its own loopback address), token and the last `v` it saw.
struct Seat {
    std::string name, address, id, token;
    std::unique_ptr<GameClient> client;
    std::uint64_t seen = 0;
};

void connect(Seat& s, unsigned short port, const std::string& table) {
    s.client = std::make_unique<GameClient>(port, 8s, s.address);
    json hello = s.client->request(
        {{"type", "hello"}, {"protocol", 1}, {"nickname", s.name}, {"token", s.token}, {"resume", {{table, s.seen}}}});
    ASSERT_EQ(code(hello), "ok") << hello;
}

/// The next event of `s` (its last `v` remembered).
json next_of(Seat& s) {
    json e = s.client->next_event();
    if (e.contains("v")) s.seen = e["v"];
    return e;
}

/// Waits for the turn of seat `seat` (with its legal actions) on its own connection; nullopt when the
/// match ended first (its match_ended is returned in `ended`).
std::optional<json> turn_for(Seat& s, int seat, std::optional<json>& ended) {
    for (;;) {
        json e = next_of(s);
        if (e["type"] == "match_ended") {
            ended = e;
            return std::nullopt;
        }
        if (e["type"] == "turn" && e["seat"] == seat && e.contains("legal")) return e["legal"];
    }
}

json first_not_pass(const json& legal) {
    for (const auto& a : legal)
        if (a["type"] != "pass") return a;
    return legal[0];
}

TEST(SettlementCrashTest, AKillInsideTheSettlementOfAStakedMatchStoresNoneOfItAndTheMatchSettlesOnceAfter) {
    TempDir data("settlement-crash");
    // A first life creates the database; the trigger goes in while no server runs.
    { ServerProcess(data.path(), server_args()).terminate(); }
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

    auto server = std::make_unique<ServerProcess>(data.path(), server_args());
    Seat seats[2] = {{"ana", "127.0.0.2", "", "", nullptr, 0}, {"bea", "127.0.0.3", "", "", nullptr, 0}};
    for (auto& s : seats) {
        s.client = std::make_unique<GameClient>(server->port(), 8s, s.address);
        s.id = s.client->hello(s.name)["player"]["id"];
        json r = s.client->request({{"type", "register"}, {"username", s.name}, {"password", password}});
        ASSERT_EQ(code(r), "ok") << r;
        s.token = r["token"];
    }
    json created = seats[0].client->request(
        {{"type", "create_table"}, {"variant", "decouverte"}, {"target", 301}, {"competitive", true}, {"stake", 100}});
    const std::string table = created["table"];
    const std::string match = table + "-1";
    for (int s = 0; s < 2; ++s)
        ASSERT_EQ(code(seats[s].client->request({{"type", "sit"}, {"table", table}, {"seat", s}})), "ok");
    ASSERT_EQ(code(seats[0].client->request({{"type", "start"}, {"table", table}})), "ok");

    // Play until an action's reply does not come: the writer is inside the settlement.
    std::optional<json> stalled;  // the action whose reply never came
    int stalled_seat = -1;
    for (int turn = 0; !stalled; ++turn) {
        ASSERT_LT(turn, 2000) << "the match did not end";
        json e = next_of(seats[0]);
        ASSERT_NE(e["type"], "match_ended") << "the match ended although its settlement should have stalled";
        if (e["type"] != "turn") continue;
        const int seat = e["seat"];
        std::optional<json> ended;
        auto legal = seat == 0 ? std::optional<json>(e["legal"]) : turn_for(seats[1], 1, ended);
        ASSERT_TRUE(legal);
        json action = first_not_pass(*legal);
        action["table"] = table;
        try {
            json reply = seats[seat].client->request(action);
            ASSERT_EQ(code(reply), "ok") << reply;
        } catch (const client::TimeoutError&) {
            stalled = action;
            stalled_seat = seat;
        }
    }
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
    server = std::make_unique<ServerProcess>(data.path(), server_args());
    for (auto& s : seats) connect(s, server->port(), table);
    json again = seats[stalled_seat].client->request(*stalled);
    ASSERT_EQ(code(again), "ok") << again;
    json ended;
    for (;;) {
        json e = next_of(seats[0]);
        if (e["type"] == "match_ended") {
            ended = e;
            break;
        }
    }
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
    server = std::make_unique<ServerProcess>(data.path(), server_args());
    for (auto& s : seats) connect(s, server->port(), table);
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

}  // namespace
}  // namespace belote::testing
