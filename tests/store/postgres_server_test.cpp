// The real belote-server binary on a PostgreSQL store (--store postgres://..., issue 16): a match
// started on one server goes on after a graceful restart from exactly where it was, the account
// comes back from its token, and neither server ever prints the URL's password. (A kill -9 run on
// PostgreSQL is in crash_test.cpp.) Skipped when no test PostgreSQL is set.

#include <gtest/gtest.h>

#include "tests/server/game_client.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/test_postgres.hpp"

namespace belote::testing {
namespace postgres_server_test {

/// The next turn notice of seat 0 that asks it for a decision.
json my_turn(GameClient& c) {
    for (;;) {
        json e = c.next_event();
        if (e.value("type", "") == "turn" && e.value("seat", -1) == 0 && e.contains("legal")) return e;
    }
}

/// `url` with `password` for its user ("postgresql://user@..." -> "postgresql://user:password@...").
/// The test cluster trusts loopback connections: the password is never asked for, only carried.
std::string with_password(std::string url, const std::string& password) {
    const auto at = url.find('@');
    if (at == std::string::npos) throw std::runtime_error("the test URL names no user: " + url);
    return url.insert(at, ":" + password);
}

TEST(PostgresServerTest, AMatchGoesOnAfterARestartAndThePasswordIsNeverPrinted) {
    const auto server_url = test_postgres_url();
    if (!server_url) GTEST_SKIP() << no_test_postgres;
    PostgresSchema schema(*server_url);
    const std::string password = "pw-4f9c2e";
    const std::string url = with_password(schema.url(), password);
    TempDir data("pg-server");
    const std::vector<std::string> args{"--store", url, "--robot-delay-ms", "0"};

    std::string token, table, first_output;
    json act;
    std::uint64_t seen = 0;
    {
        ServerProcess first(data.path(), args);
        GameClient a(first.port());
        token = a.hello("Ana")["token"];
        json created = a.request({{"type", "create_table"}, {"variant", "classic"}, {"target", 1000}});
        ASSERT_TRUE(created.contains("table")) << created.dump() << first.output();
        table = created["table"];
        ASSERT_EQ(code(a.request({{"type", "sit"}, {"table", table}, {"seat", 0}})), "ok");
        for (int s = 1; s < 4; ++s)
            ASSERT_EQ(code(a.request({{"type", "add_robot"}, {"table", table}, {"seat", s}})), "ok");
        ASSERT_EQ(code(a.request({{"type", "start"}, {"table", table}})), "ok");
        for (int i = 0; i < 2; ++i) {
            json turn = my_turn(a);
            act = turn["legal"][0];
            act["table"] = table;
            ASSERT_EQ(code(a.request(act)), "ok") << first.output();
        }
        json turn = my_turn(a);  // the decision that is pending when the server stops
        seen = turn["v"];
        act = turn["legal"][0];
        act["table"] = table;
        EXPECT_EQ(first.terminate(), 0) << first.output();
        first_output = first.output();
    }
    ServerProcess second(data.path(), args);
    GameClient a(second.port());
    json hello = a.request(
        {{"type", "hello"}, {"protocol", 1}, {"nickname", "Ana"}, {"token", token}, {"resume", {{table, seen}}}});
    ASSERT_EQ(code(hello), "ok") << hello.dump() << second.output();
    // The same decision is still Ana's, and every notice after the turn she saw comes in order
    // (each the next version, or a snapshot at or past it) up to her next turn.
    json reply = a.request(act);
    ASSERT_EQ(code(reply), "ok") << reply.dump() << second.output();
    std::uint64_t last = seen;
    for (;;) {
        json e = a.next_event();
        if (e.value("table", "") != table || !e.contains("v")) continue;
        const std::uint64_t v = e["v"];
        if (e["type"] == "snapshot")
            EXPECT_GE(v, last) << e.dump();
        else
            EXPECT_EQ(v, last + 1) << e.dump();
        last = std::max(last, v);
        if (e["type"] == "turn" && e.value("seat", -1) == 0 && e.contains("legal")) break;
    }
    EXPECT_GT(last, seen);

    std::string second_output = second.output();
    for (const std::string* output : {&first_output, &second_output}) {
        EXPECT_NE(output->find("store: " + with_password(schema.url(), "***") + " (PostgreSQL)"), std::string::npos)
            << *output;
        EXPECT_EQ(output->find(password), std::string::npos) << "the password was printed:\n" << *output;
    }
}

}  // namespace postgres_server_test
}  // namespace belote::testing
