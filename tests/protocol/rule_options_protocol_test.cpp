// The wire form of the rule options added by issue 17 (docs/protocol.md "Rule options added by the
// rules work"): every §9 value accepted by rules_from_json, the belote words on `play`, the `declare`
// action, the `melds_declared` event and the snapshot fields they add.
#include <gtest/gtest.h>

#include "engine/match.hpp"
#include "protocol/action_json.hpp"
#include "protocol/event_json.hpp"
#include "protocol/rules_json.hpp"
#include "protocol/table_json.hpp"

namespace belote::protocol {
namespace {

using nlohmann::json;

Card card(const char* text) { return *parse_card(text); }

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

}  // namespace
}  // namespace belote::protocol
