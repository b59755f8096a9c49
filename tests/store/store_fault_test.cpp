// The real binary on a real SQLite file when the disk stops taking writes: a file-size limit of 0
// (prlimit RLIMIT_FSIZE on the running server, like a full disk) makes every commit fail. Nothing
// is acknowledged that was not stored, readiness says so, and once the disk takes writes again the
// table is rebuilt from its journal and play goes on from exactly where it was.

#include <gtest/gtest.h>

#include <sys/resource.h>

#include <fstream>

#include "tests/net/test_server.hpp"
#include "tests/server/game_client.hpp"
#include "tests/support/server_process.hpp"

namespace belote::testing {
namespace store_fault_test {

namespace http = boost::beast::http;

void limit_file_size(pid_t pid, rlim_t bytes) {
    rlimit limit{};
    ASSERT_EQ(::prlimit(pid, RLIMIT_FSIZE, nullptr, &limit), 0);
    limit.rlim_cur = bytes;
    ASSERT_EQ(::prlimit(pid, RLIMIT_FSIZE, &limit, nullptr), 0);
}

std::string readiness(unsigned short port) {
    auto r = net::testing::http_request(port, http::verb::get, "/readyz");
    return std::to_string(r.result_int()) + " " + r.body();
}

/// The next turn notice of seat 0 that asks it for a decision.
json my_turn(GameClient& c) {
    for (;;) {
        json e = c.next_event();
        if (e.value("type", "") == "turn" && e.value("seat", -1) == 0 && e.contains("legal")) return e;
    }
}

TEST(StoreFaultTest, AFullDiskRefusesChangesAndTheTableGoesOnOnceItWritesAgain) {
    TempDir data("fault");
    ServerProcess server(data.path(), {"--robot-delay-ms", "0"});
    GameClient a(server.port());
    a.hello("Ana");
    json created = a.request({{"type", "create_table"}, {"variant", "classic"}, {"target", 1000}});
    const std::string t = created["table"];
    ASSERT_EQ(code(a.request({{"type", "sit"}, {"table", t}, {"seat", 0}})), "ok");
    for (int s = 1; s < 4; ++s) ASSERT_EQ(code(a.request({{"type", "add_robot"}, {"table", t}, {"seat", s}})), "ok");
    ASSERT_EQ(code(a.request({{"type", "start"}, {"table", t}})), "ok");
    json turn = my_turn(a);
    json act = turn["legal"][0];
    act["table"] = t;
    ASSERT_EQ(code(a.request(act)), "ok");
    turn = my_turn(a);
    ASSERT_EQ(readiness(server.port()), R"(200 {"status":"ready"})");

    limit_file_size(server.pid(), 0);
    act = turn["legal"][0];
    act["table"] = t;
    json refused = a.request(act);
    EXPECT_EQ(code(refused), "storage_unavailable") << refused.dump();
    EXPECT_EQ(readiness(server.port()), R"(503 {"status":"storage"})") << server.output();
    EXPECT_EQ(code(a.request({{"type", "create_table"}, {"variant", "classic"}})), "storage_unavailable");
    EXPECT_EQ(code(a.request(act)), "storage_unavailable") << "refused while the store cannot write";

    limit_file_size(server.pid(), RLIM_INFINITY);
    // The writer retries every second: wait for it by its readiness (bounded).
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (readiness(server.port()) != R"(200 {"status":"ready"})")
        ASSERT_LT(std::chrono::steady_clock::now(), deadline) << server.output();
    // The refused action did not happen: the same decision is still Ana's, and taking it now is
    // the next notice after the turn she saw.
    json reply;
    for (int attempt = 0; attempt < 100 && code(reply = a.request(act)) == "storage_unavailable"; ++attempt) {}
    ASSERT_EQ(code(reply), "ok") << reply.dump() << server.output();
    json next = a.next_event();
    EXPECT_EQ(next["v"], turn["v"].get<std::uint64_t>() + 1) << next.dump();
}

TEST(StoreFaultTest, StartUpRefusesACorruptOrNewerDatabaseWithAClearMessage) {
    TempDir data("fault");
    {
        std::ofstream garbage(data.path() / "belote.db");
        garbage << std::string(8192, 'x');
    }
    auto [status, output] = run_server_command({"--data-dir", data.path().string(), "--port", "0"});
    EXPECT_EQ(status, 1);
    EXPECT_NE(output.find("is not a database or is corrupt"), std::string::npos) << output;
}

TEST(StoreFaultTest, BackupCopiesTheStoreOfTheDataDirectory) {
    TempDir data("fault");
    {
        ServerProcess server(data.path(), {});
        GameClient a(server.port());
        a.hello("Ana");
        ASSERT_EQ(code(a.request({{"type", "create_table"}, {"variant", "coinche"}, {"target", 501}})), "ok");
        auto [status, output] =
            run_server_command({"--data-dir", data.path().string(), "--backup", (data.path() / "copy.db").string()});
        ASSERT_EQ(status, 0) << output;
    }
    // The copy is a store: a server started on it has the table.
    TempDir restored("restored");
    std::filesystem::copy_file(data.path() / "copy.db", restored.path() / "belote.db");
    ServerProcess server(restored.path(), {});
    GameClient b(server.port());
    b.hello("Bo");
    json lobby = b.request({{"type", "list_tables"}});
    ASSERT_EQ(lobby["tables"].size(), 1u) << lobby.dump();
    EXPECT_EQ(lobby["tables"][0]["options"]["variant"], "coinche");
}

}  // namespace store_fault_test
}  // namespace belote::testing
