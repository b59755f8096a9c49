// Game records and the `belote` CLI library functions: record JSON round trip, replay of robot
// matches of every variant, refusal of tampered records, and legal-card queries (docs/rules.md §10).

#include "protocol/record.hpp"

#include <gtest/gtest.h>

#include "engine/robot.hpp"
#include "protocol/legal_query.hpp"

namespace belote::protocol {
namespace record_test {

using nlohmann::json;

struct Played {
    GameRecord record;
    std::array<int, 2> totals{};
    Team winner = 0;
};

Played robot_match(Variant variant, std::uint64_t seed) {
    MatchOptions options;
    options.variant = variant;
    options.target = 301;
    Match match(options, seed);
    Rng rng(seed * 7 + 1);
    match.start();
    std::vector<RecordedAction> actions;
    while (!match.finished()) {
        Seat s = *match.to_act();
        Action a = robot_decide(match.view(Observer::of_seat(s)), rng);
        EXPECT_TRUE(match.apply(s, a).ok());
        actions.push_back({s, a});
    }
    return {make_record(match, actions), match.totals(), *match.winner()};
}

TEST(RecordTest, RoundTripAndReplayOfEveryVariant) {
    for (Variant v : {Variant::Classic, Variant::ClassicAnnouncements, Variant::Coinche, Variant::Decouverte}) {
        for (std::uint64_t seed = 1; seed <= 5; ++seed) {
            Played played = robot_match(v, seed);
            json j = record_json(played.record);
            EXPECT_EQ(j["format"], 1);
            EXPECT_EQ(j["variant"], to_string(v));
            EXPECT_EQ(j["deals"][0]["deck"].size(), 32u);
            auto parsed = record_from_json(json::parse(j.dump()));
            ASSERT_TRUE(std::holds_alternative<GameRecord>(parsed)) << std::get<std::string>(parsed);
            const GameRecord& back = std::get<GameRecord>(parsed);
            EXPECT_EQ(back.options, played.record.options);
            EXPECT_EQ(back.actions, played.record.actions);
            EXPECT_EQ(record_json(back), j);

            ReplayResult result = replay(back);
            ASSERT_FALSE(result.failure) << result.failure->reason;
            EXPECT_TRUE(result.finished);
            EXPECT_EQ(result.totals, played.totals);
            EXPECT_EQ(result.winner, played.winner);
            json out = replay_json(back, result);
            EXPECT_FALSE(out.contains("error"));
            EXPECT_EQ(out["totals"], json(played.totals));
            EXPECT_EQ(out["deals"].size(), back.deals.size());
        }
    }
}

TEST(RecordTest, TamperedRecordsStopAtTheFirstIllegalAction) {
    Played played = robot_match(Variant::Classic, 3);
    GameRecord tampered = played.record;
    // Find a card play and replace it by the next play's card (another seat's card).
    std::size_t i = 0;
    while (!(tampered.actions[i].action.kind == ActionKind::PlayCard &&
             tampered.actions[i + 1].action.kind == ActionKind::PlayCard))
        ++i;
    tampered.actions[i].action.card = tampered.actions[i + 1].action.card;
    ReplayResult result = replay(tampered);
    ASSERT_TRUE(result.failure);
    EXPECT_EQ(result.failure->index, i);
    EXPECT_EQ(result.failure->seat, tampered.actions[i].seat);
    EXPECT_EQ(result.failure->reason,
              "play " + to_string(tampered.actions[i].action.card) + " is not a legal action now");
    json out = replay_json(tampered, result);
    EXPECT_EQ(out["error"]["index"], i);
    EXPECT_FALSE(out["finished"]);

    GameRecord wrong_seat = played.record;
    wrong_seat.actions[0].seat = (wrong_seat.actions[0].seat + 1) % 4;
    result = replay(wrong_seat);
    ASSERT_TRUE(result.failure);
    EXPECT_EQ(result.failure->index, 0u);
    EXPECT_EQ(result.failure->reason, "it is not your turn");

    GameRecord short_record = played.record;
    if (short_record.deals.size() > 1) {
        short_record.deals.pop_back();
        result = replay(short_record);
        ASSERT_TRUE(result.failure);
        EXPECT_EQ(result.failure->reason,
                  "the record holds no deck for deal " + std::to_string(played.record.deals.size()));
    }

    GameRecord wrong_dealer = played.record;
    wrong_dealer.deals[1].dealer = (wrong_dealer.deals[1].dealer + 2) % 4;
    result = replay(wrong_dealer);
    ASSERT_TRUE(result.failure);
    EXPECT_NE(result.failure->reason.find("deal 2 is dealt by seat"), std::string::npos) << result.failure->reason;
}

TEST(RecordTest, MalformedRecordsAreRefusedWithTheField) {
    json j = record_json(robot_match(Variant::Coinche, 2).record);
    auto problem = [](json bad) {
        auto parsed = record_from_json(bad);
        return std::holds_alternative<std::string>(parsed) ? std::get<std::string>(parsed) : std::string("<accepted>");
    };
    json bad = j;
    bad["deals"][0]["deck"][5] = bad["deals"][0]["deck"][6];
    EXPECT_EQ(problem(bad), "deals[0].deck holds " + bad["deals"][0]["deck"][6].get<std::string>() + " twice");
    bad = j;
    bad["variant"] = "whist";
    EXPECT_EQ(problem(bad), "variant must be classic, classic_announcements, coinche, decouverte or three_player");
    bad = j;
    bad["rules"]["must_undertrump"] = 3;
    EXPECT_EQ(problem(bad), "rules: rule option 'must_undertrump' must be true or false");
    bad = j;
    bad["actions"][0]["seat"] = 4;
    EXPECT_EQ(problem(bad), "actions[0].seat must be an integer from 0 to 3");
    bad = j;
    bad["actions"][1] = {{"seat", 1}, {"type", "bid"}, {"value", 85}, {"suit", "H"}};
    EXPECT_EQ(problem(bad), "actions[1] is not a valid action");
    EXPECT_EQ(problem(json::array()), "a record must be a JSON object");
}

json legal(const char* position) {
    auto answer = legal_query(json::parse(position));
    if (auto* problem = std::get_if<std::string>(&answer)) return *problem;
    return std::get<json>(answer)["legal"];
}

TEST(LegalQueryTest, WorkedExamplesOfRules10) {
    // L2 [♠]: A♦ led, 10♠ ruffed; P2 must overtrump with the J.
    EXPECT_EQ(legal(R"({"variant":"classic","contract":"S","seat":2,"hand":["JS","8S","AC","TH"],
        "trick":[{"seat":0,"card":"AD"},{"seat":1,"card":"TS"}]})"),
              json::parse(R"(["JS"])"));
    // L3 and its must_undertrump = false form.
    EXPECT_EQ(legal(R"({"variant":"classic","contract":"S","hand":["QS","8S","AC","TH"],
        "trick":[{"seat":0,"card":"AD"},{"seat":1,"card":"TS"}]})"),
              json::parse(R"(["8S","QS"])"));
    EXPECT_EQ(
        legal(R"({"variant":"classic","contract":"S","rules":{"must_undertrump":false},"hand":["QS","8S","AC","TH"],
        "trick":[{"seat":0,"card":"AD"},{"seat":1,"card":"TS"}]})"),
        json::parse(R"(["8S","QS","TH","AC"])"));
    // L4: partner winning, void: anything.
    EXPECT_EQ(legal(R"({"variant":"classic_announcements","contract":"S","hand":["9S","7S","KC","TH"],
        "trick":[{"seat":0,"card":"AD"},{"seat":1,"card":"8D"}]})"),
              json::parse(R"(["7S","9S","TH","KC"])"));
    // L9 [SA].
    EXPECT_EQ(
        legal(R"({"variant":"coinche","contract":"SA","hand":["AD","7D","AS"],"trick":[{"seat":0,"card":"KD"}]})"),
        json::parse(R"(["7D","AD"])"));
    // W3-style TA: follow and beat in the led suit.
    EXPECT_EQ(
        legal(R"({"variant":"coinche","contract":"TA","hand":["AD","7D","JS"],"trick":[{"seat":0,"card":"TD"}]})"),
        json::parse(R"(["AD"])"));
    // D2 (Découverte): available 9♥ K♦ 10♠, A♣ led: must trump.
    EXPECT_EQ(
        legal(
            R"({"variant":"decouverte","contract":"H","seat":1,"hand":["9H","KD","TS"],"trick":[{"seat":0,"card":"AC"}]})"),
        json::parse(R"(["9H"])"));
    // Leading: anything.
    EXPECT_EQ(legal(R"({"variant":"classic","contract":"H","hand":["9H","KD"]})"), json::parse(R"(["9H","KD"])"));
}

TEST(LegalQueryTest, BadPositionsAreRefusedWithTheField) {
    EXPECT_EQ(legal(R"({"variant":"classic","contract":"SA","hand":["9H"]})"),
              "field 'contract': SA and TA are played only in coinche");
    EXPECT_EQ(legal(R"({"variant":"classic","contract":"H","hand":["9H"],"trick":[{"seat":0,"card":"9H"}]})"),
              "trick[0].card: 9H appears twice");
    EXPECT_EQ(
        legal(
            R"({"variant":"classic","contract":"H","hand":["9H"],"trick":[{"seat":0,"card":"AC"},{"seat":2,"card":"KC"}]})"),
        "trick[1].seat must be 1 (play order)");
    EXPECT_EQ(
        legal(
            R"({"variant":"decouverte","contract":"H","hand":["9H"],"trick":[{"seat":0,"card":"AC"},{"seat":1,"card":"KC"}]})"),
        "field 'trick' must be an array of at most 1 played cards");
    EXPECT_EQ(legal(R"({"variant":"classic","contract":"H","hand":["ZZ"]})"), "hand[0] must be a card such as \"JS\"");
    EXPECT_EQ(legal(R"({"variant":"classic","contract":"H","seat":3,"hand":["9H"],"trick":[{"seat":0,"card":"AC"}]})"),
              "field 'seat': after this trick seat 1 plays");
    EXPECT_EQ(legal(R"({"variant":"decouverte","contract":"H","rules":{"must_undertrump":false},"hand":["9H"]})"),
              "rules: rule option 'must_undertrump' does not apply to decouverte");
}

}  // namespace record_test
}  // namespace belote::protocol
