// Table ownership in the game server (docs/operations.md "Table ownership"), in process: two
// servers (nodes a and b) on one store, each with its own ManualClock. When b's clock is past a's
// lease (a paused, as with SIGSTOP, or its renewals lost), b claims a's table and serves it; a's
// next renewal is refused (StaleEpoch), a stops serving the table: its client gets `table_moved`
// and nothing more of that table, and goes on at b with its token and `resume`.
//
// Ownership is on for a store named by a PostgreSQL URL; the store itself is the memory store
// (the same rules as PostgreSQL's: tests/store/ownership_test.cpp).

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "server/ops/metrics.hpp"
#include "server/store/memory_store.hpp"
#include "tests/tables/clocked_server.hpp"

namespace belote::testing {
namespace ownership_server_test {

Config node_config(const std::string& node) {
    Config config = ClockedServer::default_config();
    config.store = "postgres://nodes.test/belote";  // a shared store: ownership on
    config.node_id = node;
    config.lease_ms = 2000;
    config.lease_renew_ms = 100;
    return config;
}

/// The value of the metric line starting with `name` + " " (0 when absent).
double metric(const std::string& name) {
    const auto text = ops::metrics().serialize();
    const auto at = text.find("\n" + name + " ");
    return at == std::string::npos ? 0 : std::stod(text.substr(at + name.size() + 2));
}

/// Waits (real time, at most 10 s) until `node` owns `table` in `store`.
bool owned_by(store::Store& store, const std::string& table, const std::string& node) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (std::chrono::steady_clock::now() < deadline) {
        if (auto lease = store.table_lease(table); lease && lease->owner == node) return true;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));  // polling a condition, with a deadline
    }
    return false;
}

TEST(OwnershipServerTest, AStaleOwnerGivesTheTableUpAndItsClientGoesOnAtTheNewOwner) {
    auto store = std::make_shared<store::MemoryStore>();
    const double claims = metric("belote_table_claims_total"), lost = metric("belote_leases_lost_total"),
                 owned = metric("belote_tables_owned");
    ClockedServer a(node_config("a"), store);
    ClockedServer b(node_config("b"), store);

    GameClient on_a(a.port());
    const std::string token = on_a.hello("Ana")["token"];
    const std::string table = create_table(on_a, {{"target", 1000}})["table"];
    ASSERT_EQ(code(sit_at(on_a, table, 0)), "ok");
    for (int s = 1; s < 4; ++s) ASSERT_EQ(code(table_request(on_a, "add_robot", table, {{"seat", s}})), "ok");
    ASSERT_EQ(store->table_lease(table)->owner, "a");
    ASSERT_EQ(store->table_lease(table)->epoch, 1u);
    ASSERT_EQ(code(table_request(on_a, "start", table)), "ok");
    json turn = turn_of(on_a, 0);
    const std::uint64_t seen = turn["v"];

    // On b's clock a's lease has ended: b claims the table (epoch 2) and serves it.
    b.clock().advance(std::chrono::milliseconds(3000));
    ASSERT_TRUE(owned_by(*store, table, "b"));
    EXPECT_EQ(store->table_lease(table)->epoch, 2u);

    // a's next renewal is refused: it gives the table up, once, and says so.
    json moved = on_a.next_event_of("table_moved");
    EXPECT_EQ(moved, (json{{"type", "table_moved"}, {"table", table}}));
    json act = turn["legal"][0];
    act["table"] = table;
    EXPECT_NE(code(on_a.request(act)), "ok");
    for (const auto& m : on_a.pending()) ADD_FAILURE() << "after table_moved: " << m.body().dump();

    // The client goes on at b from where it was: the same decision is still its own.
    GameClient on_b(b.port());
    json hello = on_b.request(
        {{"type", "hello"}, {"protocol", 1}, {"nickname", "Ana"}, {"token", token}, {"resume", {{table, seen}}}});
    ASSERT_EQ(code(hello), "ok") << hello.dump();
    ASSERT_EQ(code(on_b.request(act)), "ok");
    json next = on_b.next_event();
    EXPECT_EQ(next.value("table", ""), table);
    EXPECT_EQ(next.value("v", std::uint64_t{0}), seen + 1) << next.dump();

    EXPECT_EQ(metric("belote_table_claims_total") - claims, 2);  // a's creation, b's takeover
    EXPECT_EQ(metric("belote_leases_lost_total") - lost, 1);
    EXPECT_EQ(metric("belote_tables_owned") - owned, 1);  // b's; a's is no longer counted
}

TEST(OwnershipServerTest, TheStaleOwnerSaysWhereTheTableWentAndSendsLaterRequestsThere) {
    auto store = std::make_shared<store::MemoryStore>();
    const double redirects = metric("belote_redirects_total");
    Config config_a = node_config("a"), config_b = node_config("b");
    config_a.advertise_url = "/node/a/ws";
    config_b.advertise_url = "wss://b.example.org/ws";
    ClockedServer a(config_a, store);
    ClockedServer b(config_b, store);

    GameClient on_a(a.port());
    const std::string token = on_a.hello("Ana")["token"];
    const std::string table = create_table(on_a, {{"target", 1000}})["table"];
    ASSERT_EQ(code(sit_at(on_a, table, 0)), "ok");
    for (int s = 1; s < 4; ++s) ASSERT_EQ(code(table_request(on_a, "add_robot", table, {{"seat", s}})), "ok");
    ASSERT_EQ(code(table_request(on_a, "start", table)), "ok");
    json turn = turn_of(on_a, 0);

    b.clock().advance(std::chrono::milliseconds(3000));
    ASSERT_TRUE(owned_by(*store, table, "b"));
    // a's renewal is refused; it reads where the table is before it tells its people.
    EXPECT_EQ(on_a.next_event_of("table_moved"),
              (json{{"type", "table_moved"}, {"table", table}, {"url", "wss://b.example.org/ws"}}));
    // Once a forgot the table, a request for it is sent to b, exactly.
    // storage_unavailable while a is still giving the table up; each try has an id of its own (a
    // repeated id would get the remembered reply again, docs/protocol.md "Limits").
    json act = turn["legal"][0];
    act["table"] = table;
    act["id"] = 40;
    json reply;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    do {
        act["id"] = act["id"].get<int>() + 1;
        reply = on_a.request(act);
    } while (code(reply) == "storage_unavailable" && std::chrono::steady_clock::now() < deadline);
    EXPECT_EQ(reply, (json{{"type", "error"},
                           {"id", act["id"]},
                           {"code", "table_elsewhere"},
                           {"message", "table " + table + " is served by another server: reconnect there"},
                           {"table", table},
                           {"url", "wss://b.example.org/ws"}}));
    EXPECT_EQ(metric("belote_redirects_total") - redirects, 1);
}

// A write refused because another node took the table (StaleEpoch), before the stale owner's next
// renewal: a's copy of the other nodes' tables does not know the new owner yet, so a reads the
// store before it tells its people where the table went (issue 16: table_moved had no url).
TEST(OwnershipServerTest, AWriteRefusedForAStaleEpochSaysWhereTheTableWent) {
    auto store = std::make_shared<store::MemoryStore>();
    Config config_a = node_config("a"), config_b = node_config("b");
    config_a.advertise_url = "/node/a/ws";
    config_b.advertise_url = "wss://b.example.org/ws";
    config_a.lease_ms = 200'000;  // a renews (and reads the others' tables) only after the test
    config_a.lease_renew_ms = 100'000;
    ClockedServer a(config_a, store);
    ClockedServer b(config_b, store);

    GameClient on_a(a.port());
    on_a.hello("Ana");
    const std::string table = create_table(on_a, {{"target", 1000}})["table"];
    ASSERT_EQ(code(sit_at(on_a, table, 0)), "ok");
    for (int s = 1; s < 4; ++s) ASSERT_EQ(code(table_request(on_a, "add_robot", table, {{"seat", s}})), "ok");
    ASSERT_EQ(code(table_request(on_a, "start", table)), "ok");
    json turn = turn_of(on_a, 0);

    b.clock().advance(std::chrono::milliseconds(201'000));  // past a's lease on b's clock
    ASSERT_TRUE(owned_by(*store, table, "b"));
    // a's table does not know yet: the action is refused when its journal entry is written.
    json act = turn["legal"][0];
    act["table"] = table;
    EXPECT_EQ(code(on_a.request(act)), "storage_unavailable");
    EXPECT_EQ(on_a.next_event_of("table_moved"),
              (json{{"type", "table_moved"}, {"table", table}, {"url", "wss://b.example.org/ws"}}));
}

}  // namespace ownership_server_test
}  // namespace belote::testing
