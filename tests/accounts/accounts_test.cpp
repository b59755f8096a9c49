// Accounts and sessions through the real protocol (docs/protocol.md "Accounts"): register, login
// from another connection, wrong passwords, rate limits, duplicate and look-alike usernames, the
// guest upgrade keeping its id and seat, logout, token expiry (ManualClock), a failing store.

#include <gtest/gtest.h>

#include <regex>

#include "server/accounts/session_token.hpp"
#include "tests/support/inspected_store.hpp"
#include "tests/tables/clocked_server.hpp"

namespace belote::testing {
namespace accounts_test {

using std::chrono::hours;
using std::chrono::milliseconds;
using std::chrono::seconds;

constexpr const char* password = "correct horse battery";

json register_as(GameClient& c, const std::string& username, const std::string& pass = password) {
    return c.request({{"type", "register"}, {"username", username}, {"password", pass}});
}

json login_as(GameClient& c, const std::string& username, const std::string& pass = password) {
    return c.request({{"type", "login"}, {"username", username}, {"password", pass}});
}

TEST(AccountsTest, AGuestRegistersKeepingItsIdAndSeat) {
    ClockedServer server;
    GameClient ana(server.port());
    json hello = ana.hello("Ana");
    EXPECT_EQ(hello["player"]["guest"], true);
    const std::string id = hello["player"]["id"], guest_token = hello["token"];
    const std::string t = create_table(ana)["table"];
    ASSERT_EQ(code(sit_at(ana, t, 2)), "ok");

    json reply = register_as(ana, "Ana_B");
    ASSERT_EQ(code(reply), "ok") << reply;
    EXPECT_EQ(reply["player"], json({{"id", id}, {"nickname", "Ana_B"}, {"guest", false}}));
    const std::string token = reply["token"];
    EXPECT_TRUE(std::regex_match(token, std::regex("[0-9a-f]{64}"))) << token;
    EXPECT_NE(token, guest_token);
    EXPECT_EQ(code(register_as(ana, "Ana_C")), "already_registered");

    GameClient back(server.port());  // a reload: the new token brings back the same player and seat
    json again = back.hello("whoever", token);
    EXPECT_EQ(again["player"], json({{"id", id}, {"nickname", "Ana_B"}, {"guest", false}}));
    EXPECT_EQ(event_of(back, "snapshot")["view"]["seat"], 2);
    EXPECT_EQ(ana.read_until_closed(), 4001);

    GameClient stale(server.port());  // the guest's token was revoked by the registration
    json fresh = stale.hello("Ana", guest_token);
    EXPECT_NE(fresh["player"]["id"], id);
    EXPECT_EQ(fresh["player"]["guest"], true);
}

TEST(AccountsTest, ALoginFromAnotherConnectionFindsTheSeat) {
    ClockedServer server;
    GameClient ana(server.port());
    const std::string id = ana.hello("Ana")["player"]["id"];
    const std::string t = create_table(ana)["table"];
    ASSERT_EQ(code(sit_at(ana, t, 1)), "ok");
    ASSERT_EQ(code(register_as(ana, "ana")), "ok");

    GameClient elsewhere(server.port());  // another browser: a guest first, then login
    json guest = elsewhere.hello("Someone");
    ASSERT_NE(guest["player"]["id"], id);
    json reply = login_as(elsewhere, "ANA");  // usernames are compared without regard to case
    ASSERT_EQ(code(reply), "ok") << reply;
    EXPECT_EQ(reply["player"], json({{"id", id}, {"nickname", "ana"}, {"guest", false}}));
    EXPECT_EQ(event_of(elsewhere, "snapshot")["view"]["seat"], 1);
    EXPECT_EQ(ana.read_until_closed(), 4001);  // signed in on another connection

    GameClient first(server.port());  // login as the first message, without hello
    json direct = first.request({{"type", "login"}, {"protocol", 1}, {"username", "ana"}, {"password", password}});
    ASSERT_EQ(code(direct), "ok") << direct;
    EXPECT_EQ(direct["player"]["id"], id);
    EXPECT_NE(direct["token"], reply["token"]);  // one session per login
    EXPECT_EQ(event_of(first, "snapshot")["view"]["seat"], 1);
    EXPECT_EQ(code(create_table(first)), "ok");  // the connection speaks for the player
}

TEST(AccountsTest, AWrongPasswordAndAnUnknownUsernameAreTheSameRefusal) {
    ClockedServer server;
    GameClient ana(server.port());
    ana.hello("Ana");
    ASSERT_EQ(code(register_as(ana, "ana")), "ok");
    GameClient other(server.port());
    other.hello("Other");
    json wrong = login_as(other, "ana", "correct horse batterY");
    json unknown = login_as(other, "nobody", password);
    EXPECT_EQ(wrong, json({{"type", "error"},
                           {"id", wrong["id"]},
                           {"code", "bad_credentials"},
                           {"message", "wrong username or password"}}));
    EXPECT_EQ(unknown["code"], "bad_credentials");
    EXPECT_EQ(unknown["message"], wrong["message"]);
    EXPECT_EQ(code(login_as(other, "ana")), "ok");
}

TEST(AccountsTest, LoginAttemptsAreRateLimitedPerUsername) {
    ClockedServer server;
    GameClient ana(server.port());
    ana.hello("Ana");
    ASSERT_EQ(code(register_as(ana, "ana")), "ok");  // one attempt for "ana"
    GameClient thief(server.port());
    thief.hello("Thief");
    for (int i = 0; i < 4; ++i)
        EXPECT_EQ(code(login_as(thief, "ana", "guess-" + std::to_string(i))), "bad_credentials");
    json limited = login_as(thief, "Ana", password);  // even the right password: the 6th attempt
    EXPECT_EQ(limited, json({{"type", "error"},
                             {"id", limited["id"]},
                             {"code", "rate_limited"},
                             {"message", "too many login or register attempts; try again later"},
                             {"retry_after", 60}}));
    EXPECT_EQ(code(login_as(thief, "bea", "guess-x")), "bad_credentials");  // another username
    server.clock().advance(seconds(59));
    EXPECT_EQ(login_as(thief, "ana")["retry_after"], 1);
    server.clock().advance(seconds(1));
    EXPECT_EQ(code(login_as(thief, "ana")), "ok");
}

TEST(AccountsTest, LoginAndRegisterAttemptsAreRateLimitedPerAddress) {
    ClockedServer server;
    GameClient c(server.port());
    c.hello("Sam");
    for (int i = 0; i < 19; ++i) EXPECT_EQ(code(login_as(c, "user" + std::to_string(i))), "bad_credentials");
    EXPECT_EQ(code(register_as(c, "sam_s")), "ok");  // the 20th attempt from 127.0.0.1
    json limited = login_as(c, "user99");
    EXPECT_EQ(limited["code"], "rate_limited");
    EXPECT_EQ(limited["retry_after"], 6);
    GameClient again(server.port());  // the limit is the address's, not the connection's
    again.hello("Sam2");
    EXPECT_EQ(register_as(again, "sam_t")["code"], "rate_limited");
    server.clock().advance(seconds(6));
    EXPECT_EQ(code(register_as(again, "sam_t")), "ok");
}

TEST(AccountsTest, UsernamesAreUniqueWithoutRegardToCaseOrLookAlikes) {
    ClockedServer server;
    GameClient ana(server.port());
    ana.hello("Ana");
    ASSERT_EQ(code(register_as(ana, "Ana")), "ok");
    // Four more attempts for the key "ana" (five in all: the per-username burst).
    int guests = 0;  // one nickname per guest: a new guest may not show a connected player's name
    for (const char* taken : {"ana", "ANA", "\u0410na" /* Cyrillic A */, "\uff21na" /* fullwidth A */}) {
        GameClient c(server.port());
        c.hello("Guest " + std::to_string(++guests));
        json reply = register_as(c, taken);
        EXPECT_EQ(reply["code"], "username_taken") << taken;
        EXPECT_EQ(reply["message"], "the username '" + std::string(taken) + "' is taken") << taken;
    }
    GameClient c(server.port());
    c.hello("Guest");
    EXPECT_EQ(code(register_as(c, "Anna")), "ok");  // not a look-alike
    // Guests may not take a registered name either (nor a look-alike of one).
    for (const char* nickname : {"Ana", "aNA", "\u0410na"}) {
        GameClient g(server.port());
        json reply = g.hello(nickname);
        EXPECT_EQ(reply["code"], "nickname_taken") << nickname;
        EXPECT_EQ(reply["message"],
                  "'" + std::string(nickname) + "' is a registered player's name: log in, or choose another nickname");
    }
    GameClient g(server.port());
    EXPECT_EQ(g.hello("Ana the guest")["player"]["guest"], true);
}

// A capital I looks like a small l in a sans-serif font: the name key folds the case first (I is
// then i), so a second key takes the skeleton first (I is then l), and a name is taken when either
// key is (issue 13, report13b #1).
TEST(AccountsTest, ANameWhoseCapitalILooksLikeAnLIsTakenEitherWay) {
    ClockedServer server;
    for (const char* name : {"alice13", "Ilya13"}) {
        GameClient c(server.port());
        c.hello(std::string("Guest of ") + name);
        ASSERT_EQ(code(register_as(c, name)), "ok") << name;
    }
    GameClient alice(server.port());
    const std::string alice_id = login_as(alice, "alice13")["player"]["id"];
    GameClient ilya(server.port());
    const std::string ilya_id = login_as(ilya, "Ilya13")["player"]["id"];
    int guests = 0;  // one nickname per guest: a new guest may not show a connected player's name
    for (const char* taken : {"aIice13" /* capital I */, "llya13" /* small L */, "ALICE13", "ilya13"}) {
        GameClient c(server.port());
        c.hello("Guest " + std::to_string(++guests));
        json reply = register_as(c, taken);
        EXPECT_EQ(reply["code"], "username_taken") << taken;
        EXPECT_EQ(reply["message"], "the username '" + std::string(taken) + "' is taken") << taken;
    }
    // Login and profile find the account by any look-alike spelling.
    for (const auto& [name, id] : {std::pair{"aIice13", alice_id}, {"ALICE13", alice_id}, {"llya13", ilya_id}}) {
        GameClient c(server.port());
        json reply = login_as(c, name);
        EXPECT_EQ(code(reply), "ok") << name;
        EXPECT_EQ(reply["player"]["id"], id) << name;
        EXPECT_EQ(c.request({{"type", "profile"}, {"username", name}})["player"], id) << name;
    }
    GameClient g(server.port());
    EXPECT_EQ(g.hello("aIice13")["code"], "nickname_taken");
}

// docs/protocol.md "hello": two people are never shown by one name at once. A new guest may not
// take the nickname of a player connected now (nor a look-alike); it is free once that player left.
TEST(AccountsTest, ANewGuestMayNotShowTheNameOfAPlayerConnectedNow) {
    ClockedServer server;
    GameClient nina(server.port());
    ASSERT_EQ(code(nina.hello("Nina")), "ok");
    int others = 0;
    for (const char* nickname : {"Nina", "NINA", "N\u0456na" /* Cyrillic i */}) {
        GameClient other(server.port());
        json reply = other.hello(nickname);
        EXPECT_EQ(reply["code"], "nickname_taken") << nickname;
        EXPECT_EQ(reply["message"],
                  "'" + std::string(nickname) + "' is the name of a player connected now: choose another nickname");
        EXPECT_EQ(code(other.hello("Other " + std::to_string(++others))), "ok");  // it may say hello again
    }
    ASSERT_EQ(code(nina.request({{"type", "logout"}})), "ok");  // she stops being connected at once
    GameClient later(server.port());
    EXPECT_EQ(later.hello("Nina")["player"]["nickname"], "Nina");
}

// docs/protocol.md "hello": a guest may not show the name the tables give a robot ("Robot 2" in
// seat 2), nor a look-alike of it; another robot-like name is free.
TEST(AccountsTest, ANewGuestMayNotTakeARobotsName) {
    ClockedServer server;
    for (const char* nickname : {"Robot 1", "robot 4", "ROBOT 0", "Rоbot 2" /* Cyrillic o */, "Robô 3"}) {
        GameClient c(server.port());
        json reply = c.hello(nickname);
        EXPECT_EQ(reply["code"], "nickname_taken") << nickname;
        EXPECT_EQ(reply["message"],
                  "'" + std::string(nickname) + "' is the name of a robot at the tables: choose another nickname");
    }
    for (const char* nickname : {"Robot 5", "Robotnik", "Robot"}) {
        GameClient c(server.port());
        EXPECT_EQ(c.hello(nickname)["player"]["nickname"], nickname);
    }
}

TEST(AccountsTest, UsernamesAndPasswordsFollowTheRules) {
    ClockedServer server;
    GameClient c(server.port());
    c.hello("Guest");
    const std::string letters = "letters, digits, '_', '-' and '.'";
    struct Case {
        std::string username, password, code, message;
    };
    const std::vector<Case> cases{
        {"ab", password, "invalid_username", "username must be 3 to 20 characters"},
        {"abcdefghijklmnopqrstu", password, "invalid_username", "username must be 3 to 20 characters"},
        {"ana b", password, "invalid_username", "username may hold only " + letters},
        {"ana!", password, "invalid_username", "username may hold only " + letters},
        {"an\u200ba", password, "invalid_username", "username may hold only " + letters},
        {"\u0301ana", password, "invalid_username", "username may hold only " + letters},
        {"ana", "seven77", "weak_password", "password must be at least 8 characters"},
        {"ana", "çãéíóúõ", "weak_password", "password must be at least 8 characters"},  // 7 characters, 14 bytes
        {"ana", std::string(257, 'x'), "bad_message", "field 'password' must be at most 256 bytes"},
    };
    for (const auto& k : cases) {
        json reply = register_as(c, k.username, k.password);
        EXPECT_EQ(reply["code"], k.code) << k.username;
        EXPECT_EQ(reply["message"], k.message) << k.username;
    }
    EXPECT_EQ(code(register_as(c, "João.Silva-2_")), "ok");  // letters of any script, NFC
}

TEST(AccountsTest, LogoutRevokesTheToken) {
    ClockedServer server;
    GameClient ana(server.port());
    json hello = ana.hello("Ana");
    const std::string token = hello["token"], id = hello["player"]["id"];
    ASSERT_EQ(code(register_as(ana, "ana")), "ok");
    GameClient c(server.port());
    const std::string registered_token = login_as(c, "ana")["token"];
    EXPECT_EQ(ana.read_until_closed(), 4001);
    EXPECT_EQ(code(c.request({{"type", "logout"}})), "ok");
    EXPECT_EQ(c.read_until_closed(), 1000);  // the server closes the connection after the reply

    GameClient back(server.port());
    json after = back.hello("Ana2", registered_token);  // a revoked token: a new guest
    EXPECT_NE(after["player"]["id"], id);
    EXPECT_EQ(after["player"]["guest"], true);
    EXPECT_NE(after["token"], registered_token);
    EXPECT_EQ(code(login_as(back, "ana")), "ok");  // the account itself stays
}

TEST(AccountsTest, ATokenExpiresAfterItsLifetimeUnlessUsed) {
    Config config = ClockedServer::default_config();
    config.session_ttl_days = 30;
    ClockedServer server(config);
    auto guest = [&](const std::string& name, const std::string& token = "") {
        GameClient c(server.port());
        json hello = c.hello(name, token);
        return std::make_pair(hello["token"].get<std::string>(), hello["player"]["id"].get<std::string>());
    };
    const auto [gus_token, gus_id] = guest("Gus");
    const auto [hal_token, hal_id] = guest("Hal");
    const auto [ivy_token, ivy_id] = guest("Ivy");
    server.clock().advance(hours(20 * 24));
    EXPECT_EQ(guest("Hal", hal_token).second, hal_id);  // used on day 20: lasts until day 50
    server.clock().advance(hours(10 * 24) - milliseconds(1));
    EXPECT_EQ(guest("Ivy", ivy_token).second, ivy_id);  // one millisecond before day 30: still valid
    server.clock().advance(milliseconds(1));
    // Where a new guest is expected it takes a new nickname: the server may not yet have read the
    // close of the last connection that held the old one.
    const auto [fresh_token, fresh_id] = guest("Gus2", gus_token);  // day 30: expired, a new guest
    EXPECT_NE(fresh_id, gus_id);
    EXPECT_NE(fresh_token, gus_token);
    server.clock().advance(hours(19 * 24));
    EXPECT_EQ(guest("Hal", hal_token).second, hal_id);  // day 49
    server.clock().advance(hours(31 * 24));
    EXPECT_NE(guest("Hal2", hal_token).second, hal_id);  // day 80: 31 days after its last use
}

TEST(AccountsTest, OnlyTheHashOfATokenIsStored) {
    auto store = std::make_shared<InspectedStore>();
    ClockedServer server(ClockedServer::default_config(), store);
    GameClient ana(server.port());
    const std::string guest_token = ana.hello("Ana")["token"];
    const std::string token = register_as(ana, "ana")["token"];
    auto sessions = store->sessions();
    ASSERT_EQ(sessions.size(), 1u);  // the guest's session was revoked
    EXPECT_EQ(sessions[0].token_hash, accounts::token_hash(token));
    EXPECT_NE(sessions[0].token_hash, token);
    auto accounts = store->accounts();
    ASSERT_EQ(accounts.size(), 1u);
    ASSERT_TRUE(accounts[0].password_hash);
    EXPECT_TRUE(accounts[0].password_hash->starts_with("$argon2id$")) << *accounts[0].password_hash;
    EXPECT_EQ(accounts[0].password_hash->find(password), std::string::npos);
    EXPECT_EQ(accounts[0].username_key, "ana");
}

TEST(AccountsTest, AFailingStoreRefusesWithoutChangingAnything) {
    auto store = std::make_shared<InspectedStore>();
    ClockedServer server(ClockedServer::default_config(), store);
    GameClient ana(server.port());
    const std::string id = ana.hello("Ana")["player"]["id"];
    store->fail_commits(true);
    json refused = register_as(ana, "ana");
    EXPECT_EQ(refused["code"], "storage_unavailable");
    EXPECT_EQ(refused["message"], "the server could not store this; nothing was changed, try again later");
    GameClient bea(server.port());
    EXPECT_EQ(bea.hello("Bea")["code"], "storage_unavailable");
    store->fail_commits(false);
    EXPECT_EQ(code(register_as(ana, "ana")), "ok");
    EXPECT_EQ(code(bea.hello("Bea")), "ok");  // the connection may say hello again
}

TEST(AccountsTest, RegisterAndLogoutNeedHelloFirst) {
    ClockedServer server;
    GameClient c(server.port());
    json reply = register_as(c, "ana");
    EXPECT_EQ(reply["code"], "not_authenticated");
    EXPECT_EQ(reply["message"], "only hello or login is accepted before hello");
    EXPECT_EQ(c.request({{"type", "logout"}})["code"], "not_authenticated");
    EXPECT_EQ(login_as(c, "nobody")["code"], "bad_credentials");  // login is accepted, and may fail
    EXPECT_EQ(code(c.hello("Ana")), "ok");                        // then hello still works
}

TEST(AccountsTest, RequestsSentDuringAnAccountRequestAreAnsweredInOrder) {
    ClockedServer server;
    GameClient c(server.port());
    // hello (a new guest: stored first), then two requests sent before its reply arrives.
    c.send({{"type", "hello"}, {"id", 1}, {"protocol", 1}, {"nickname", "Ana"}});
    c.send({{"type", "list_tables"}, {"id", 2}});
    c.send({{"type", "register"}, {"id", 3}, {"username", "ana"}, {"password", password}});
    c.send({{"type", "create_table"}, {"id", 4}, {"variant", "classic"}});
    std::vector<json> replies;
    for (int i = 0; i < 4; ++i) replies.push_back(c.next());
    for (int i = 0; i < 4; ++i) EXPECT_EQ(replies[i]["id"], i + 1) << replies[i];
    for (const auto& r : replies) EXPECT_EQ(r["type"], "ok") << r;
    EXPECT_EQ(replies[2]["player"]["guest"], false);
}

}  // namespace accounts_test
}  // namespace belote::testing
