// Accounts outlive the process (issue 12): on a real SQLite file, a second server that never saw
// the players brings them back from their tokens (id, name, guest or registered), a registered
// player logs in, a revoked token stays revoked, and the unique username key holds in SQL too.

#include <gtest/gtest.h>

#include "server/store/sqlite_store.hpp"
#include "tests/support/server_process.hpp"
#include "tests/tables/clocked_server.hpp"

namespace belote::testing {
namespace {

constexpr const char* password = "correct horse battery";

std::string code(const json& reply) { return reply.value("type", "") == "error" ? reply.value("code", "") : "ok"; }

TEST(AccountsRestartTest, PlayersComeBackFromTheStoreAfterARestart) {
    TempDir dir("belote-accounts-restart");
    const std::string path = (dir.path() / "belote.db").string();
    std::string guest_token, guest_id, ana_token, ana_id, revoked;
    {
        auto sqlite = std::make_shared<store::SqliteStore>(path, store::Durability::Normal);
        ClockedServer first(ClockedServer::default_config(), sqlite);
        GameClient guest(first.port());
        json hello = guest.hello("Gus");
        guest_token = hello["token"];
        guest_id = hello["player"]["id"];
        GameClient ana(first.port());
        ana_id = ana.hello("Ana")["player"]["id"];
        json registered = ana.request({{"type", "register"}, {"username", "Ana"}, {"password", password}});
        ASSERT_EQ(code(registered), "ok") << registered;
        ana_token = registered["token"];
        GameClient other(first.port());  // the unique key holds in SQL: a look-alike is refused
        other.hello("Other");
        EXPECT_EQ(other.request({{"type", "register"}, {"username", "\u0410NA"}, {"password", password}})["code"],
                  "username_taken");
        GameClient leaving(first.port());
        revoked = leaving.request({{"type", "login"}, {"username", "ana"}, {"password", password}})["token"];
        EXPECT_EQ(code(leaving.request({{"type", "logout"}})), "ok");
        first.stop();
        sqlite->flush();
    }
    auto sqlite = std::make_shared<store::SqliteStore>(path, store::Durability::Normal);
    ClockedServer second(ClockedServer::default_config(), sqlite);
    GameClient guest(second.port());
    EXPECT_EQ(guest.hello("whoever", guest_token)["player"],
              json({{"id", guest_id}, {"nickname", "Gus"}, {"guest", true}}));
    GameClient ana(second.port());
    json back = ana.hello("whoever", ana_token);
    EXPECT_EQ(back["player"], json({{"id", ana_id}, {"nickname", "Ana"}, {"guest", false}}));
    EXPECT_EQ(back["token"], ana_token);
    GameClient elsewhere(second.port());
    json login = elsewhere.request({{"type", "login"}, {"username", "ANA"}, {"password", password}});
    EXPECT_EQ(login["player"]["id"], ana_id);
    GameClient stale(second.port());
    json fresh = stale.hello("Ana2", revoked);  // logged out before the restart: a new guest
    EXPECT_NE(fresh["player"]["id"], ana_id);
    EXPECT_EQ(fresh["player"]["guest"], true);
}

}  // namespace
}  // namespace belote::testing
