// Accounts outlive the process (issue 12): on a real SQLite file, a second server that never saw
// the players brings them back from their tokens (id, name, guest or registered), a registered
// player logs in, a revoked token stays revoked, and the unique username key holds in SQL too.

#include <gtest/gtest.h>
#include <unicode/normalizer2.h>
#include <unicode/unistr.h>
#include <unicode/uspoof.h>

#include "protocol/text_rules.hpp"
#include "server/store/sqlite_store.hpp"
#include "tests/support/commit_and_wait.hpp"
#include "tests/support/server_process.hpp"
#include "tests/tables/clocked_server.hpp"

namespace belote::testing {
namespace accounts_restart_test {

constexpr const char* ana_password = "correct horse battery";

/// The name key as it was stored before the order was fixed: NFKC, then twice the confusables
/// skeleton and NFKC_Casefold (a capital I became l before its case was folded).
std::string legacy_key(const std::string& name) {
    UErrorCode status = U_ZERO_ERROR;
    icu::UnicodeString text =
        icu::Normalizer2::getNFKCInstance(status)->normalize(icu::UnicodeString::fromUTF8(name), status);
    USpoofChecker* checker = uspoof_open(&status);
    for (int pass = 0; pass < 2; ++pass) {
        icu::UnicodeString skeleton;
        uspoof_getSkeletonUnicodeString(checker, 0, text, skeleton, &status);
        text = icu::Normalizer2::getNFKCCasefoldInstance(status)->normalize(skeleton, status);
    }
    uspoof_close(checker);
    EXPECT_TRUE(U_SUCCESS(status));
    std::string out;
    text.toUTF8String(out);
    return out;
}

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
        json registered = ana.request({{"type", "register"}, {"username", "Ana"}, {"password", ana_password}});
        ASSERT_EQ(code(registered), "ok") << registered;
        ana_token = registered["token"];
        GameClient other(first.port());  // the unique key holds in SQL: a look-alike is refused
        other.hello("Other");
        EXPECT_EQ(other.request({{"type", "register"}, {"username", "\u0410NA"}, {"password", ana_password}})["code"],
                  "username_taken");
        GameClient leaving(first.port());
        revoked = leaving.request({{"type", "login"}, {"username", "ana"}, {"password", ana_password}})["token"];
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
    json login = elsewhere.request({{"type", "login"}, {"username", "ANA"}, {"password", ana_password}});
    EXPECT_EQ(login["player"]["id"], ana_id);
    GameClient stale(second.port());
    json fresh = stale.hello("Ana2", revoked);  // logged out before the restart: a new guest
    EXPECT_NE(fresh["player"]["id"], ana_id);
    EXPECT_EQ(fresh["player"]["guest"], true);
}

TEST(AccountsRestartTest, UsernamesStoredUnderTheOldKeyAreReKeyedAtStartUpAndALaterTwinIsRenamed) {
    TempDir dir("belote-rekey");
    const std::string path = (dir.path() / "belote.db").string();
    std::string alice, twin, bill;
    {
        auto sqlite = std::make_shared<store::SqliteStore>(path, store::Durability::Normal);
        ClockedServer first(ClockedServer::default_config(), sqlite);
        auto registered = [&](const std::string& name) {
            GameClient c(first.port());
            c.hello("Guest");
            json r = c.request({{"type", "register"}, {"username", name}, {"password", name + " password"}});
            EXPECT_EQ(code(r), "ok") << r;
            return r["player"]["id"].get<std::string>();
        };
        alice = registered("alice13");
        first.clock().advance(std::chrono::minutes(1));
        twin = registered("zed_13");
        first.clock().advance(std::chrono::minutes(1));
        bill = registered("BILL");
        first.stop();
        // As the old key stored them: "BILL" (its capital I made an l), and a later "ALICE13" (the old
        // order let it in beside alice13).
        EXPECT_NE(legacy_key("BILL"), protocol::name_key("BILL"));
        EXPECT_NE(legacy_key("ALICE13"), protocol::name_key("ALICE13"));
        auto twin_account = *sqlite->account(twin);
        twin_account.username = twin_account.display_name = "ALICE13";
        twin_account.username_key = legacy_key("ALICE13");
        auto bill_account = *sqlite->account(bill);
        bill_account.username_key = legacy_key("BILL");
        ASSERT_EQ(store::commit_and_wait(*sqlite, {store::PutAccount{twin_account}, store::PutAccount{bill_account}}),
                  std::nullopt);
        sqlite->flush();
    }
    auto sqlite = std::make_shared<store::SqliteStore>(path, store::Durability::Normal);
    ClockedServer second(ClockedServer::default_config(), sqlite);
    auto login = [&](const std::string& name, const std::string& password) {
        second.clock().advance(std::chrono::minutes(1));
        GameClient c(second.port());
        json r = c.request({{"type", "login"}, {"protocol", 1}, {"username", name}, {"password", password}});
        return code(r) == "ok" ? r["player"]["id"].get<std::string>() : code(r);
    };
    EXPECT_EQ(login("bill", "BILL password"), bill);  // by its name key "bill" ("blll" is its look-alike key)
    EXPECT_EQ(login("ALICE13", "alice13 password"), alice);
    // The later twin keeps its password and history under a name of its own.
    EXPECT_EQ(login("ALICE13-2", "zed_13 password"), twin);
    EXPECT_EQ(sqlite->account(twin)->display_name, "ALICE13-2");
    EXPECT_EQ(sqlite->account(twin)->username_key, protocol::name_key("ALICE13-2"));
    EXPECT_EQ(sqlite->account(alice)->username_key, protocol::name_key("alice13"));
    // The look-alike key (schema version 5) is given to every account too.
    EXPECT_EQ(sqlite->account(alice)->look_alike_key, protocol::look_alike_key("alice13"));
    EXPECT_EQ(sqlite->account(bill)->look_alike_key, protocol::look_alike_key("BILL"));
    EXPECT_EQ(sqlite->account(twin)->look_alike_key, protocol::look_alike_key("ALICE13-2"));
}

}  // namespace accounts_restart_test
}  // namespace belote::testing
