// The wire form of the rule options added by issue 17 (docs/protocol.md "Rule options added by the
// rules work"): every §9 value accepted by rules_from_json, the belote words on `play`, the `declare`
// action, the `melds_declared` event and the snapshot fields they add.
#include <gtest/gtest.h>

#include "engine/match.hpp"
#include "engine/robot.hpp"
#include "protocol/action_json.hpp"
#include "protocol/decode.hpp"
#include "protocol/event_json.hpp"
#include "protocol/record.hpp"
#include "protocol/rules_json.hpp"
#include "protocol/table_json.hpp"
#include "tests/engine/test_support.hpp"
#include "tests/protocol/protocol_test_support.hpp"

namespace belote::protocol {
namespace rule_options_protocol_test {

using nlohmann::json;

using belote::testing::card;

RuleOptions accepted(const char* text, Variant variant) {
    auto result = rules_from_json(json::parse(text), variant);
    EXPECT_TRUE(std::holds_alternative<RuleOptions>(result))
        << text << ": " << (std::holds_alternative<RulesError>(result) ? std::get<RulesError>(result).message : "");
    return std::holds_alternative<RuleOptions>(result) ? std::get<RuleOptions>(result) : RuleOptions{};
}

TEST(RuleOptionsProtocol, EveryValueOfTheNewOptionsIsAccepted) {
    RuleOptions c = accepted(R"({"direction":"clockwise","belote_announcement":"manual_strict","belote_king_first":true,
                                 "escrow_at_match_end":"award_to_creators"})",
                             Variant::Classic);
    EXPECT_EQ(c.direction, Direction::Clockwise);
    EXPECT_EQ(c.belote, (BeloteRules{BeloteAnnouncement::ManualStrict, true}));
    EXPECT_EQ(c.escrow_at_match_end, EscrowAtMatchEnd::AwardToCreators);
    EXPECT_EQ(accepted(R"({"belote_announcement":"manual"})", Variant::Coinche).belote.announcement,
              BeloteAnnouncement::Manual);
    RuleOptions m = accepted(R"({"melds":"manual","meld_card_reuse":true})", Variant::ClassicAnnouncements);
    EXPECT_EQ(m.melds.declaration, MeldDeclaration::Manual);
    EXPECT_TRUE(m.melds.card_reuse);
    RuleOptions co = accepted(R"({"coinche_bid_ranking":"denomination_order","coinche_contre_timing":"any_time",
                                  "coinche_melds_count":false,"coinche_belote_counts":false,
                                  "coinche_double_scope":"whole_score","litige_escrow_includes_belote":false})",
                              Variant::Coinche);
    EXPECT_EQ(co.coinche.bid_ranking, CoincheBidRanking::DenominationOrder);
    EXPECT_EQ(co.coinche.contre_timing, CoincheContreTiming::AnyTime);
    EXPECT_FALSE(co.coinche.melds_count);
    EXPECT_FALSE(co.coinche.belote_counts);
    EXPECT_EQ(co.coinche.double_scope, CoincheDoubleScope::WholeScore);
    EXPECT_FALSE(co.litige_escrow_includes_belote);
    RuleOptions de = accepted(R"({"decouverte_belote":true,"decouverte_announcements":true,"belote_king_first":true,
                                  "melds":"manual","capot_melds":"kept_by_owner"})",
                              Variant::Decouverte);
    EXPECT_TRUE(de.decouverte.belote);
    EXPECT_TRUE(de.decouverte.announcements);
    EXPECT_TRUE(de.belote.king_first);
    EXPECT_EQ(de.melds.capot, MeldTransfer::KeptByOwner);
    // Round trip: rules_json lists the new options with their values.
    MatchOptions options;
    options.variant = Variant::Decouverte;
    options.rules = de;
    json listed = rules_json(options);
    EXPECT_EQ(listed["melds"], "manual");
    EXPECT_EQ(listed["belote_announcement"], "auto");
    EXPECT_EQ(std::get<RuleOptions>(rules_from_json(listed, Variant::Decouverte)), de);
}

TEST(RuleOptionsProtocol, DefaultRulesJsonIsUnchangedForDecouverte) {
    MatchOptions de;
    de.variant = Variant::Decouverte;
    json rules = rules_json(de);
    // The belote and announcement options exist in Découverte only with its bonus options.
    EXPECT_FALSE(rules.contains("belote_announcement"));
    EXPECT_FALSE(rules.contains("melds"));
    EXPECT_EQ(rules["decouverte_belote"], false);
    EXPECT_EQ(rules["direction"], "counterclockwise");
}

TEST(RuleOptionsProtocol, PlayWithBeloteWordsAndDeclare) {
    Action said = Action::play(card("KH"), BeloteCall::Belote);
    EXPECT_EQ(action_json(said), json::parse(R"({"type":"play","card":"KH","belote":"belote"})"));
    EXPECT_EQ(action_json(Action::play(card("QH"), BeloteCall::Rebelote)),
              json::parse(R"({"type":"play","card":"QH","belote":"rebelote"})"));
    EXPECT_EQ(action_json(Action::play(card("QH"))), json::parse(R"({"type":"play","card":"QH"})"));  // unchanged
    EXPECT_EQ(action_from_json(action_json(said)), said);
    EXPECT_EQ(action_from_json(json::parse(R"({"type":"play","card":"QH","belote":null})")), Action::play(card("QH")));
    EXPECT_FALSE(action_from_json(json::parse(R"({"type":"play","card":"QH","belote":"yes"})")));

    CardSet tierce{card("AS"), card("KS"), card("QS")};
    EXPECT_EQ(action_json(Action::declare(tierce)), json::parse(R"({"type":"declare","cards":["QS","KS","AS"]})"));
    EXPECT_EQ(action_json(Action::declare({})), json::parse(R"({"type":"declare","cards":[]})"));
    EXPECT_EQ(action_from_json(json::parse(R"({"type":"declare","cards":["AS","KS","QS"]})")), Action::declare(tierce));
    EXPECT_FALSE(action_from_json(json::parse(R"({"type":"declare","cards":["AS","AS"]})")));
    EXPECT_FALSE(action_from_json(json::parse(R"({"type":"declare"})")));
}

TEST(RuleOptionsProtocol, MeldsDeclaredEventAndSnapshot) {
    Event e = MeldsDeclared{2, {MeldCall{MeldKind::Carre, 4, 100}}};
    json expected = json::parse(R"({"type":"melds_declared","table":"t1","v":7,"seat":2,
                                    "melds":[{"kind":"carre","length":4,"points":100}]})");
    EXPECT_EQ(event_json(e, Observer::of_seat(0), "t1", 7), expected);
    EXPECT_EQ(event_json(e, Observer::spectator(), "t1", 7), expected);

    MatchOptions options;
    options.variant = Variant::ClassicAnnouncements;
    options.rules.melds.declaration = MeldDeclaration::Manual;
    Match m(options, 5);
    m.start(3);
    m.apply(0, Action::take());
    ASSERT_EQ(m.phase(), Phase::Play);
    json before = view_json(m.view(Observer::spectator()));
    EXPECT_EQ(before["declared_melds"], json::parse("[null,null,null,null]"));
    ASSERT_TRUE(m.apply(0, Action::declare({})).ok());
    EXPECT_EQ(view_json(m.view(Observer::of_seat(1)))["declared_melds"], json::parse("[[],null,null,null]"));
    // Auto (default): no declared_melds field at all.
    MatchOptions automatic;
    automatic.variant = Variant::ClassicAnnouncements;
    Match a(automatic, 5);
    a.start(3);
    EXPECT_FALSE(view_json(a.view(Observer::spectator())).contains("declared_melds"));
}

TEST(RuleOptionsProtocol, AnyTimeContreIsInTheNonActingOpponentsLegalList) {
    MatchOptions options;
    options.variant = Variant::Coinche;
    options.rules.coinche.contre_timing = CoincheContreTiming::AnyTime;
    Match m(options, 5);
    m.start(3);
    ASSERT_TRUE(m.apply(0, Action::bid(80, Contract::suit(Suit::Hearts))).ok());
    EXPECT_EQ(view_json(m.view(Observer::of_seat(3)))["legal"], json::parse(R"([{"type":"contre"}])"));
    EXPECT_EQ(view_json(m.view(Observer::of_seat(2)))["legal"], json::array());
}

// three_player (docs/rules.md §7) is offered: create_table names it, its rule options and events
// encode with three entries per side, and its records round-trip and replay with three totals.
TEST(ThreePlayerProtocol, AcceptedOverTheWireAndEncodable) {
    auto create = decode_request(R"({"type":"create_table","id":1,"variant":"three_player","target":301,
                                     "rules":{"three_player_deck":32}})");
    ASSERT_TRUE(std::holds_alternative<Request>(create));
    const auto& created = std::get<CreateTable>(std::get<Request>(create).command);
    EXPECT_EQ(created.variant, Variant::ThreePlayer);
    EXPECT_EQ(created.rules.three_player.deck, ThreePlayerDeck::Cards32);
    auto rules = rules_from_json(json::parse(R"({"three_player_deck":32,"three_player_success":"beat_combined",
                                                 "three_player_failure":"opponents_share",
                                                 "three_player_capot":"shut_out_50","must_undertrump":false})"),
                                 Variant::ThreePlayer);
    ASSERT_TRUE(std::holds_alternative<RuleOptions>(rules));
    EXPECT_EQ(std::get<RuleOptions>(rules).three_player,
              (ThreePlayerRules{ThreePlayerDeck::Cards32, ThreePlayerSuccess::BeatCombined,
                                ThreePlayerFailure::OpponentsShare, ThreePlayerCapot::ShutOut50}));
    auto partner = rules_from_json(json::parse(R"({"partner_winning_exemption":false})"), Variant::ThreePlayer);
    ASSERT_TRUE(std::holds_alternative<RulesError>(partner));
    EXPECT_EQ(std::get<RulesError>(partner).message,
              "rule option 'partner_winning_exemption' does not apply to three_player");
    auto deck = rules_from_json(json::parse(R"({"three_player_deck":28})"), Variant::ThreePlayer);
    ASSERT_TRUE(std::holds_alternative<RulesError>(deck));
    EXPECT_EQ(std::get<RulesError>(deck).message, "rule option 'three_player_deck' must be 24 or 32");
    MatchOptions options;
    options.variant = Variant::ThreePlayer;
    json listed = rules_json(options);
    EXPECT_EQ(listed["three_player_deck"], 24);
    EXPECT_EQ(listed["three_player_success"], "beat_each");
    EXPECT_EQ(listed["belote_announcement"], "auto");
    EXPECT_FALSE(listed.contains("partner_winning_exemption"));
    EXPECT_FALSE(rules_json(MatchOptions{}).contains("three_player_deck"));  // classic does not list them

    // A robot match: every event encodes for every observer; scores and totals have three entries.
    options.target = 301;
    Match m(options, 8);
    std::vector<Event> events = m.start();
    std::vector<Rng> robots{Rng(1), Rng(2), Rng(3)};
    std::vector<RecordedAction> actions;
    int scored = 0;
    while (true) {
        for (const Event& e : events)
            for (const Observer& o :
                 {Observer::of_seat(0), Observer::of_seat(1), Observer::of_seat(2), Observer::spectator()}) {
                json j = event_json(e, o, "t1", 1);
                if (j["type"] == "deal_scored") {
                    EXPECT_EQ(j["totals"].size(), 3u);
                    EXPECT_EQ(j["score"]["score"].size(), 3u);
                    ++scored;
                }
            }
        if (m.finished()) break;
        Seat s = *m.to_act();
        Action a = robot_decide(m.view(Observer::of_seat(s)), robots[s]);
        actions.push_back({s, a});
        events = m.apply(s, a).events;
    }
    EXPECT_GT(scored, 0);
    EXPECT_EQ(view_json(m.view(Observer::spectator()))["totals"].size(), 3u);
    // The record reads back and replays to the same three totals.
    json record = record_json(make_record(m, actions));
    EXPECT_EQ(record["variant"], "three_player");
    EXPECT_EQ(record["deals"][0]["deck"].size(), 32u);  // the 24 cards in play, then the 7s and 8s
    auto read = record_from_json(record);
    ASSERT_TRUE(std::holds_alternative<GameRecord>(read)) << std::get<std::string>(read);
    ReplayResult replayed = replay(std::get<GameRecord>(read));
    EXPECT_FALSE(replayed.failure.has_value());
    EXPECT_TRUE(replayed.finished);
    EXPECT_EQ(replayed.totals, m.totals());
    EXPECT_EQ(replayed.totals.size(), 3);
    EXPECT_EQ(replay_json(std::get<GameRecord>(read), replayed)["totals"], json(m.totals()));
}

}  // namespace rule_options_protocol_test
}  // namespace belote::protocol
