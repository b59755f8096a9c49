// No secret in a log (docs/design.md invariant 10, issue 18 point 8): a private classic match and a
// Découverte match played against the real server with every log line kept at debug level; the
// log holds no seed, no card (so no hand as dealt and no face-down Découverte card), no invitation
// code, no token (of a guest, a registration, a login, a logout) and no password; nor does /metrics.

#include <gtest/gtest.h>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <regex>
#include <sstream>

#include "tests/net/test_server.hpp"
#include "tests/tables/clocked_server.hpp"

namespace belote::testing {
namespace log_secrecy_test {

/// Sends every log line to a string at debug level while it lives.
class CapturedLog {
public:
    CapturedLog() : previous_(spdlog::default_logger()) {
        auto logger =
            std::make_shared<spdlog::logger>("capture", std::make_shared<spdlog::sinks::ostream_sink_mt>(out_));
        logger->set_level(spdlog::level::debug);
        spdlog::set_default_logger(logger);
    }
    ~CapturedLog() { spdlog::set_default_logger(previous_); }
    std::string text() {
        spdlog::default_logger()->flush();
        return out_.str();
    }

private:
    std::ostringstream out_;
    std::shared_ptr<spdlog::logger> previous_;
};

/// Plays seat `seat` (its first legal action; once an illegal card first) until the match ends.
void play_to_the_end_trying_an_illegal_card(GameClient& c, const std::string& t, int seat) {
    bool tried_illegal = false;
    for (;;) {
        json e = c.next_event();
        if (e["type"] == "match_ended") return;
        if (e["type"] == "turn" && e["seat"] == seat && e.contains("legal")) {
            if (!tried_illegal && e["legal"][0]["type"] == "play") {  // a refusal is logged at debug
                tried_illegal = true;
                for (const char* card : {"7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS", "7H", "8H", "9H"}) {
                    bool legal = false;
                    for (const auto& a : e["legal"]) legal = legal || a.value("card", "") == card;
                    if (legal) continue;
                    EXPECT_NE(code(table_request(c, "play", t, {{"card", card}})), "ok");
                    break;
                }
            }
            json act = e["legal"][0];
            act["table"] = t;
            ASSERT_EQ(code(c.request(act)), "ok");
        }
    }
}

/// `c` sits in seat 0 of `t`, robots take the other seats, the match is played; returns its record.
json play_match(GameClient& c, const std::string& t, int seats, const std::string& invite = "") {
    EXPECT_EQ(code(sit_at(c, t, 0, invite)), "ok");
    for (int s = 1; s < seats; ++s) EXPECT_EQ(code(table_request(c, "add_robot", t, {{"seat", s}})), "ok");
    EXPECT_EQ(code(table_request(c, "start", t)), "ok");
    play_to_the_end_trying_an_illegal_card(c, t, 0);
    json record = table_request(c, "get_record", t);
    EXPECT_EQ(code(record), "ok");
    return record["record"];
}

TEST(LogSecrecyTest, ADebugLogHoldsNoSeedCardInvitationOrToken) {
    CapturedLog log;
    std::vector<std::string> secrets;
    std::vector<json> records;
    {
        ClockedServer server;
        std::string token;
        {
            GameClient ana(server.port());
            token = ana.hello("Ana")["token"];
            json created = create_table(ana, {{"private", true}, {"target", 301}});
            const std::string t = created["table"], invite = created["invite"];
            secrets.push_back(invite);
            // The invitation link of the browser client, fetched over HTTP.
            net::testing::http_request(server.port(), boost::beast::http::verb::get,
                                       "/?table=" + t + "&invite=" + invite);
            // The same link mistyped as a path (the client's is /#/join/..., whose fragment stays
            // in the browser): a 404 whose path must not be logged either.
            net::testing::http_request(server.port(), boost::beast::http::verb::get, "/join/" + t + "/" + invite);
            GameClient stranger(server.port());
            stranger.hello("Sam");
            EXPECT_EQ(code(sit_at(stranger, t, 1, invite.substr(1) + "0")), "bad_invite");
            records.push_back(play_match(ana, t, 4, invite));
            json renewed = table_request(ana, "renew_invite", t);
            ASSERT_EQ(code(renewed), "ok");
            secrets.push_back(renewed["invite"].get<std::string>());
        }
        GameClient back(server.port());  // the token comes back in a hello
        ASSERT_EQ(code(back.hello("Ana", token)), "ok");
        secrets.push_back(token);
        // Accounts: the guest registers, logs in elsewhere (once with a wrong password), logs out.
        const std::string password = "pa55-word-of-ana", wrong = "wrong-word-of-ana";
        json registered = back.request({{"type", "register"}, {"username", "ana_s"}, {"password", password}});
        ASSERT_EQ(code(registered), "ok");
        secrets.push_back(registered["token"]);
        json created = create_table(back, {{"variant", "decouverte"}, {"target", 301}});
        records.push_back(play_match(back, created["table"].get<std::string>(), 2));
        GameClient elsewhere(server.port());
        EXPECT_EQ(code(elsewhere.request({{"type", "login"}, {"username", "ana_s"}, {"password", wrong}})),
                  "bad_credentials");
        json logged_in = elsewhere.request({{"type", "login"}, {"username", "ana_s"}, {"password", password}});
        ASSERT_EQ(code(logged_in), "ok");
        secrets.push_back(logged_in["token"]);
        EXPECT_EQ(code(elsewhere.request({{"type", "logout"}})), "ok");
        secrets.push_back(password);
        secrets.push_back(wrong);
        const std::string metrics =
            net::testing::http_request(server.port(), boost::beast::http::verb::get, "/metrics").body();
        ASSERT_NE(metrics.find("belote_"), std::string::npos);
        for (const auto& secret : secrets) EXPECT_EQ(metrics.find(secret), std::string::npos) << secret;
    }
    const std::string text = log.text();
    ASSERT_NE(text.find("match started"), std::string::npos);  // the log was captured
    for (const auto& record : records) {
        secrets.push_back(record["seed"].get<std::string>());
        ASSERT_GE(record["seed"].get<std::string>().size(), 6u);  // a 64-bit seed, not a short number
    }
    for (const auto& secret : secrets) EXPECT_EQ(text.find(secret), std::string::npos) << secret;
    // No card at all: so no hand as dealt, no face-down Découverte card, no deck.
    std::smatch card;
    EXPECT_FALSE(std::regex_search(text, card, std::regex(R"(\b[789TJQKA][SHDC]\b)")))
        << card.str(0) << " in: " << text.substr(std::max<std::ptrdiff_t>(0, card.position(0) - 200), 400);
}

}  // namespace log_secrecy_test
}  // namespace belote::testing
