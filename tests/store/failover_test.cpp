// Two real belote-server processes (nodes a and b) on one PostgreSQL store (issue 16, docs/operations.md
// "Table ownership"): a match in progress on a; a is killed (kill -9); once its lease ended, b claims
// the table, rebuilds it from the journal, and the client, reconnecting to b with its token and
// `resume`, gets every event after the last it saw on a, in order, and plays the match to its end.
// Skipped when no test PostgreSQL is set.

#include <gtest/gtest.h>

#include <signal.h>

#include <chrono>
#include <thread>

#include "server/store/postgres_store.hpp"
#include "tests/server/game_client.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/test_postgres.hpp"

namespace belote::testing {
namespace failover_test {

using Clock = std::chrono::steady_clock;

constexpr int lease_ms = 2000;
constexpr int renew_ms = 300;

/// The arguments of one node, with leases of `lease` ms.
std::vector<std::string> node_args(const std::string& url, const std::string& node, int lease = lease_ms) {
    return {"--store",          url,
            "--robot-delay-ms", "0",
            "--node-id",        node,
            "--lease-ms",       std::to_string(lease),
            "--lease-renew-ms", std::to_string(renew_ms)};
}

/// Waits (polling the store, at most `limit`) until `node` owns `table` in the directory of tables;
/// returns how long it took, or nothing when it did not happen in time.
std::optional<Clock::duration> wait_owner(store::Store& store, const std::string& table, const std::string& node,
                                          Clock::duration limit) {
    const auto start = Clock::now();
    while (Clock::now() - start < limit) {
        auto lease = store.table_lease(table);
        if (lease && lease->owner == node) return Clock::now() - start;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));  // polling a condition, with a deadline
    }
    return std::nullopt;
}

/// Follows `table`'s events on `c` from version `last`: each the next version (a snapshot: at or
/// past it), until seat 0 is asked for a decision (returned) or the match ended (null). Updates `last`.
json follow(GameClient& c, const std::string& table, std::uint64_t& last) {
    for (;;) {
        json e = c.next_event();
        if (e.value("table", "") != table || !e.contains("v")) continue;
        const std::uint64_t v = e["v"];
        if (e["type"] == "snapshot") {
            EXPECT_GE(v, last) << e.dump();
        } else {
            EXPECT_EQ(v, last + 1) << e.dump();
        }
        last = std::max(last, v);
        if (e["type"] == "match_ended") return nullptr;
        if (e["type"] == "turn" && e.value("seat", -1) == 0 && e.contains("legal")) return e;
        if (e["type"] == "snapshot" && e["view"].contains("legal") && !e["view"]["legal"].empty()) return e["view"];
    }
}

TEST(FailoverTest, AKilledNodesTableIsTakenOverAndItsMatchPlaysToItsEndOnTheOtherNode) {
    const auto server_url = test_postgres_url();
    if (!server_url) GTEST_SKIP() << no_test_postgres;
    PostgresSchema schema(*server_url);
    TempDir data_a("node-a"), data_b("node-b");
    ServerProcess a(data_a.path(), node_args(schema.url(), "a"));
    ServerProcess b(data_b.path(), node_args(schema.url(), "b"));
    store::PostgresStore store(schema.url());  // the test's view of the directory of tables

    GameClient on_a(a.port());
    const std::string token = on_a.hello("Ana")["token"];
    json created = on_a.request({{"type", "create_table"}, {"variant", "classic"}, {"target", 301}});
    ASSERT_TRUE(created.contains("table")) << created.dump() << a.output();
    const std::string table = created["table"];
    ASSERT_EQ(code(on_a.request({{"type", "sit"}, {"table", table}, {"seat", 0}})), "ok");
    for (int s = 1; s < 4; ++s)
        ASSERT_EQ(code(on_a.request({{"type", "add_robot"}, {"table", table}, {"seat", s}})), "ok");
    const auto lease = store.table_lease(table);
    ASSERT_TRUE(lease);
    EXPECT_EQ(lease->owner, "a");
    EXPECT_EQ(lease->epoch, 1u);  // claimed with its creation
    ASSERT_EQ(code(on_a.request({{"type", "start"}, {"table", table}})), "ok");

    // Three decisions acknowledged on a; the fourth is pending when a dies.
    std::uint64_t last = 0;
    json turn;
    for (int i = 0; i < 4; ++i) {
        turn = follow(on_a, table, last);
        ASSERT_FALSE(turn.is_null()) << "the match ended already";
        if (i == 3) break;
        json act = turn["legal"][0];
        act["table"] = table;
        ASSERT_EQ(code(on_a.request(act)), "ok") << a.output();
    }
    const std::uint64_t seen = last;
    a.kill9();
    const std::int64_t a_until = store.table_lease(table)->until_ms;  // a's last renewal: final

    // b takes the table over once a's lease ended: within the lease and a few renewal periods.
    const auto took = wait_owner(store, table, "b", std::chrono::milliseconds(lease_ms + 10 * renew_ms + 3000));
    ASSERT_TRUE(took) << b.output();
    // Not before a's lease ended: b claimed at (its lease's end - the lease length).
    const auto b_lease = store.table_lease(table);
    EXPECT_GE(b_lease->until_ms - lease_ms, a_until);
    EXPECT_EQ(b_lease->epoch, 2u);

    GameClient on_b(b.port());
    json hello = on_b.request(
        {{"type", "hello"}, {"protocol", 1}, {"nickname", "Ana"}, {"token", token}, {"resume", {{table, seen}}}});
    ASSERT_EQ(code(hello), "ok") << hello.dump() << b.output();
    // The decision pending on a is still seat 0's on b (b is where a left the table), and every
    // event after the last seen on a comes in order, up to the match's end.
    int decisions = 0;
    while (!turn.is_null()) {
        json act = turn["legal"][0];
        act["table"] = table;
        ASSERT_EQ(code(on_b.request(act)), "ok") << act.dump() << b.output();
        ++decisions;
        turn = follow(on_b, table, last);
    }
    EXPECT_GT(decisions, 1);
    EXPECT_GT(last, seen);
    const std::string output = b.output();
    EXPECT_NE(output.find("table " + table + ": taken over from a"), std::string::npos) << output;
}

/// Sets up a table on `on_a` (seat 0, three robots), starts it and plays `moves` decisions; returns
/// the table and the turn pending then (`last`: the version seen).
std::pair<std::string, json> play_on(GameClient& on_a, int moves, std::uint64_t& last) {
    json created = on_a.request({{"type", "create_table"}, {"variant", "classic"}, {"target", 301}});
    const std::string table = created.value("table", "");
    EXPECT_FALSE(table.empty()) << created.dump();
    EXPECT_EQ(code(on_a.request({{"type", "sit"}, {"table", table}, {"seat", 0}})), "ok");
    for (int s = 1; s < 4; ++s)
        EXPECT_EQ(code(on_a.request({{"type", "add_robot"}, {"table", table}, {"seat", s}})), "ok");
    EXPECT_EQ(code(on_a.request({{"type", "start"}, {"table", table}})), "ok");
    json turn = follow(on_a, table, last);
    for (int i = 0; i < moves && !turn.is_null(); ++i) {
        json act = turn["legal"][0];
        act["table"] = table;
        EXPECT_EQ(code(on_a.request(act)), "ok");
        turn = follow(on_a, table, last);
    }
    return {table, turn};
}

TEST(FailoverTest, APausedNodePastItsLeaseGivesTheTableUpWhenItWakesAndTheClientGoesOnAtTheNewOwner) {
    const auto server_url = test_postgres_url();
    if (!server_url) GTEST_SKIP() << no_test_postgres;
    PostgresSchema schema(*server_url);
    TempDir data_a("node-a"), data_b("node-b");
    ServerProcess a(data_a.path(), node_args(schema.url(), "a"));
    ServerProcess b(data_b.path(), node_args(schema.url(), "b"));
    store::PostgresStore store(schema.url());

    GameClient on_a(a.port());
    const std::string token = on_a.hello("Ana")["token"];
    std::uint64_t last = 0;
    auto [table, turn] = play_on(on_a, 2, last);
    ASSERT_FALSE(turn.is_null());
    const std::uint64_t seen = last;

    ASSERT_EQ(::kill(a.pid(), SIGSTOP), 0);
    const auto took = wait_owner(store, table, "b", std::chrono::milliseconds(lease_ms + 10 * renew_ms + 3000));
    ::kill(a.pid(), SIGCONT);
    ASSERT_TRUE(took) << b.output();
    EXPECT_EQ(store.table_lease(table)->epoch, 2u);

    // a wakes up: it gives the table up and says so; nothing of the table came from it meanwhile.
    for (;;) {
        json e = on_a.next_event();
        if (e.value("type", "") == "table_moved") {
            EXPECT_EQ(e, (json{{"type", "table_moved"}, {"table", table}}));
            break;
        }
        ADD_FAILURE() << "from a after b took the table: " << e.dump();
    }
    json act = turn["legal"][0];
    act["table"] = table;
    EXPECT_NE(code(on_a.request(act)), "ok");

    GameClient on_b(b.port());
    json hello = on_b.request(
        {{"type", "hello"}, {"protocol", 1}, {"nickname", "Ana"}, {"token", token}, {"resume", {{table, seen}}}});
    ASSERT_EQ(code(hello), "ok") << hello.dump() << b.output();
    ASSERT_EQ(code(on_b.request(act)), "ok") << b.output();
    turn = follow(on_b, table, last);
    EXPECT_GT(last, seen);
    EXPECT_NE(a.output().find("table " + table + ": not served by this node any more"), std::string::npos)
        << a.output();
}

TEST(FailoverTest, AGracefulStopReleasesTheTablesAndAnotherNodeTakesThemAtOnce) {
    const auto server_url = test_postgres_url();
    if (!server_url) GTEST_SKIP() << no_test_postgres;
    PostgresSchema schema(*server_url);
    TempDir data_a("node-a"), data_b("node-b");
    // Leases of a minute: b can take the table within the test only if a released it.
    ServerProcess a(data_a.path(), node_args(schema.url(), "a", 60'000));
    ServerProcess b(data_b.path(), node_args(schema.url(), "b", 60'000));
    store::PostgresStore store(schema.url());

    std::string token, table;
    std::uint64_t last = 0;
    json turn;
    {
        GameClient on_a(a.port());
        token = on_a.hello("Ana")["token"];
        std::tie(table, turn) = play_on(on_a, 1, last);
        ASSERT_FALSE(turn.is_null());
        EXPECT_EQ(a.terminate(), 0) << a.output();
    }
    EXPECT_NE(a.output().find("1 tables released to the other nodes"), std::string::npos) << a.output();
    ASSERT_TRUE(wait_owner(store, table, "b", std::chrono::seconds(10))) << b.output();
    EXPECT_EQ(store.table_lease(table)->epoch, 2u);

    GameClient on_b(b.port());
    json hello = on_b.request(
        {{"type", "hello"}, {"protocol", 1}, {"nickname", "Ana"}, {"token", token}, {"resume", {{table, last}}}});
    ASSERT_EQ(code(hello), "ok") << hello.dump() << b.output();
    json act = turn["legal"][0];
    act["table"] = table;
    ASSERT_EQ(code(on_b.request(act)), "ok") << b.output();
    const std::uint64_t seen = last;
    follow(on_b, table, last);
    EXPECT_GT(last, seen);
}

}  // namespace failover_test
}  // namespace belote::testing
