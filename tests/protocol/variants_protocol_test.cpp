// Protocol for every variant: typed rule options, coinche actions, the variant events' exact JSON
// for seats and spectators, and Découverte secrecy over many random matches (docs/design.md invariant 2).

#include <gtest/gtest.h>

#include <functional>
#include <set>

#include "engine/match.hpp"
#include "engine/robot.hpp"
#include "protocol/action_json.hpp"
#include "protocol/decode.hpp"
#include "protocol/event_json.hpp"
#include "protocol/rules_json.hpp"
#include "protocol/table_json.hpp"
#include "tests/engine/test_support.hpp"
#include "tests/protocol/protocol_test_support.hpp"

namespace belote::protocol {
namespace variants_protocol_test {

using nlohmann::json;

using belote::testing::card;
using belote::testing::cards;
using testing::for_seat;
using testing::for_spectator;

RulesError rules_error(const char* text, Variant variant) {
    auto result = rules_from_json(json::parse(text), variant);
    EXPECT_TRUE(std::holds_alternative<RulesError>(result)) << text;
    return std::holds_alternative<RulesError>(result) ? std::get<RulesError>(result) : RulesError{};
}

TEST(RulesJsonTest, DefaultsAndTypedOptions) {
    auto defaults = rules_from_json(nullptr, Variant::Classic);
    ASSERT_TRUE(std::holds_alternative<RuleOptions>(defaults));
    EXPECT_EQ(std::get<RuleOptions>(defaults), RuleOptions{});

    auto classic = rules_from_json(
        json::parse(R"({"must_undertrump":false,"partner_winning_trump_restriction":"no_undertrump_if_can_overtrump",
                       "classic_first_deal":"2-3","cut_min_packet":5})"),
        Variant::Classic);
    ASSERT_TRUE(std::holds_alternative<RuleOptions>(classic));
    const auto& r = std::get<RuleOptions>(classic);
    EXPECT_FALSE(r.play.must_undertrump);
    EXPECT_EQ(r.play.partner_winning_trump_restriction, PartnerWinningTrumpRestriction::NoUndertrumpIfCanOvertrump);
    EXPECT_TRUE(r.classic_first_deal_2_3);
    EXPECT_EQ(r.cut_min_packet, 5);

    auto coinche = rules_from_json(
        json::parse(R"({"coinche_tie":"fail","surcontre_multiplier":3,"coinche_sa_ta":false,"meld_long_run":"split"})"),
        Variant::Coinche);
    ASSERT_TRUE(std::holds_alternative<RuleOptions>(coinche));
    EXPECT_EQ(std::get<RuleOptions>(coinche).coinche.tie, CoincheTie::Fail);
    EXPECT_EQ(std::get<RuleOptions>(coinche).coinche.surcontre_multiplier, 3);
    EXPECT_FALSE(std::get<RuleOptions>(coinche).coinche.sa_ta);
    EXPECT_EQ(std::get<RuleOptions>(coinche).melds.long_run, MeldLongRun::Split);

    auto de =
        rules_from_json(json::parse(R"({"decouverte_reveal":"leader_immediately","round2_allow_turned_suit":true})"),
                        Variant::Decouverte);
    ASSERT_TRUE(std::holds_alternative<RuleOptions>(de));
    EXPECT_EQ(std::get<RuleOptions>(de).decouverte.reveal, DecouverteReveal::LeaderImmediately);
}

TEST(RulesJsonTest, RefusalsNameTheOption) {
    EXPECT_EQ(rules_error(R"({"coinche_tie":"fail"})", Variant::Classic).option, "coinche_tie");
    EXPECT_EQ(rules_error(R"({"coinche_tie":"fail"})", Variant::Classic).message,
              "rule option 'coinche_tie' does not apply to classic");
    EXPECT_EQ(rules_error(R"({"must_undertrump":false})", Variant::Decouverte).option, "must_undertrump");
    EXPECT_EQ(rules_error(R"({"meld_long_run":"split"})", Variant::Classic).option, "meld_long_run");
    auto no_melds = rules_error(R"({"coinche_announcements":false,"equal_meld_tiebreak":"cancel"})", Variant::Coinche);
    EXPECT_EQ(no_melds.option, "equal_meld_tiebreak");
    EXPECT_EQ(no_melds.message,
              "rule option 'equal_meld_tiebreak' does not apply to coinche without coinche_announcements");
    EXPECT_EQ(rules_error(R"({"decouverte_reveal":"after_trick"})", Variant::Coinche).option, "decouverte_reveal");
    EXPECT_EQ(rules_error(R"({"must_undertrump":"no"})", Variant::Classic).message,
              "rule option 'must_undertrump' must be true or false");
    EXPECT_EQ(rules_error(R"({"coinche_fail_base":150})", Variant::Coinche).message,
              "rule option 'coinche_fail_base' must be 162 or 160");
    // Every §9 value is implemented (issue 17): a value outside them is what is refused.
    EXPECT_EQ(rules_error(R"({"melds":"sometimes"})", Variant::ClassicAnnouncements).message,
              "rule option 'melds' must be one of \"auto\", \"manual\"");
    EXPECT_EQ(rules_error(R"({"no_such_rule":1})", Variant::Classic).option, "no_such_rule");
    EXPECT_EQ(rules_error(R"({"litige_escrow_includes_belote":false})", Variant::Decouverte).option,
              "litige_escrow_includes_belote");
    EXPECT_EQ(rules_error(R"({"belote_king_first":true})", Variant::Decouverte).message,
              "rule option 'belote_king_first' does not apply to decouverte without decouverte_belote");
    EXPECT_EQ(rules_error(R"([1])", Variant::Classic).option, "");
}

TEST(RulesJsonTest, RulesJsonListsTheVariantsOptionsAndRoundTrips) {
    for (Variant v : {Variant::Classic, Variant::ClassicAnnouncements, Variant::Coinche, Variant::Decouverte}) {
        MatchOptions options;
        options.variant = v;
        json rules = rules_json(options);
        auto back = rules_from_json(rules, v);
        ASSERT_TRUE(std::holds_alternative<RuleOptions>(back)) << rules.dump();
        EXPECT_EQ(std::get<RuleOptions>(back), options.rules);
    }
    MatchOptions de;
    de.variant = Variant::Decouverte;
    json rules = rules_json(de);
    EXPECT_EQ(rules["shuffle_policy"], "shuffle_once_then_cut");
    EXPECT_FALSE(rules.contains("must_undertrump"));
    EXPECT_FALSE(rules.contains("coinche_tie"));
    MatchOptions co;
    co.variant = Variant::Coinche;
    EXPECT_EQ(rules_json(co)["surcontre_multiplier"], 4);
    EXPECT_EQ(rules_json(co)["meld_long_run"], "single_100");
    co.rules.coinche.announcements = false;
    EXPECT_FALSE(rules_json(co).contains("meld_long_run"));
}

TEST(DecodeVariantsTest, CreateTableWithEveryVariantAndRules) {
    for (const char* v : {"classic", "classic_announcements", "coinche", "decouverte"}) {
        auto decoded = decode_request(std::string(R"({"type":"create_table","id":1,"variant":")") + v + "\"}");
        ASSERT_TRUE(std::holds_alternative<Request>(decoded)) << v;
        EXPECT_EQ(to_string(std::get<CreateTable>(std::get<Request>(decoded).command).variant), v);
    }
    auto decoded = decode_request(
        R"({"type":"create_table","id":2,"variant":"coinche","target":501,"rules":{"coinche_tie":"fail"}})");
    ASSERT_TRUE(std::holds_alternative<Request>(decoded));
    const auto& create = std::get<CreateTable>(std::get<Request>(decoded).command);
    EXPECT_EQ(create.target, 501);
    EXPECT_EQ(create.rules.coinche.tie, CoincheTie::Fail);

    auto refused =
        decode_request(R"({"type":"create_table","id":3,"variant":"classic","rules":{"coinche_tie":"fail"}})");
    ASSERT_TRUE(std::holds_alternative<DecodeError>(refused));
    EXPECT_EQ(std::get<DecodeError>(refused).code, ErrorCode::InvalidOptions);
    EXPECT_EQ(std::get<DecodeError>(refused).message, "rule option 'coinche_tie' does not apply to classic");
    EXPECT_EQ(std::get<DecodeError>(refused).id, RequestId{std::int64_t{3}});
}

TEST(DecodeVariantsTest, CoincheActions) {
    auto act = [](const char* text) {
        auto decoded = decode_request(text);
        EXPECT_TRUE(std::holds_alternative<Request>(decoded)) << text;
        return std::get<platform::Act>(std::get<TableCommand>(std::get<Request>(decoded).command).request).action;
    };
    EXPECT_EQ(act(R"({"type":"bid","id":1,"table":"t1","value":110,"suit":"H"})"),
              Action::bid(110, Contract::suit(Suit::Hearts)));
    EXPECT_EQ(act(R"({"type":"bid","id":1,"table":"t1","value":"capot","suit":"TA"})"),
              Action::bid(capot_bid_value, Contract::all_trump()));
    EXPECT_EQ(act(R"({"type":"bid","id":1,"table":"t1","value":80,"suit":"SA"})"),
              Action::bid(80, Contract::no_trump()));
    EXPECT_EQ(act(R"({"type":"contre","id":1,"table":"t1"})"), Action::contre());
    EXPECT_EQ(act(R"({"type":"surcontre","id":1,"table":"t1"})"), Action::surcontre());
    for (const char* bad : {R"({"type":"bid","id":1,"table":"t1","value":85,"suit":"H"})",
                            R"({"type":"bid","id":1,"table":"t1","value":170,"suit":"H"})",
                            R"({"type":"bid","id":1,"table":"t1","value":90,"suit":"X"})",
                            R"({"type":"bid","id":1,"table":"t1","suit":"H"})"}) {
        auto decoded = decode_request(bad);
        ASSERT_TRUE(std::holds_alternative<DecodeError>(decoded)) << bad;
        EXPECT_EQ(std::get<DecodeError>(decoded).code, ErrorCode::BadMessage);
    }
    auto record = decode_request(R"({"type":"get_record","id":1,"table":"t4"})");
    ASSERT_TRUE(std::holds_alternative<Request>(record));
    const auto& table = std::get<TableCommand>(std::get<Request>(record).command);
    EXPECT_TRUE(std::holds_alternative<platform::GetRecord>(table.request));
    EXPECT_EQ(table.table, "t4");
}

TEST(ActionJsonVariantsTest, BidsOnTheWire) {
    EXPECT_EQ(action_json(Action::bid(capot_bid_value, Contract::no_trump())),
              json::parse(R"({"type":"bid","value":"capot","suit":"SA"})"));
    EXPECT_EQ(action_json(Action::bid(90, Contract::suit(Suit::Clubs))),
              json::parse(R"({"type":"bid","value":90,"suit":"C"})"));
    for (const Action& a : {Action::bid(160, Contract::all_trump()), Action::contre(), Action::surcontre()})
        EXPECT_EQ(action_from_json(action_json(a)), a);
    EXPECT_EQ(
        for_spectator(AuctionCall{2, Action::bid(100, Contract::suit(Suit::Spades))}),
        json::parse(R"({"type":"auction_call","table":"t1","v":7,"seat":2,"call":"bid","value":100,"suit":"S"})"));
    EXPECT_EQ(for_seat(AuctionCall{1, Action::contre()}, 0),
              json::parse(R"({"type":"auction_call","table":"t1","v":7,"seat":1,"call":"contre"})"));
}

TEST(EventJsonVariantsTest, CoincheContractAndScore) {
    ContractSettled c{2, Contract::no_trump(), {}, 110, 1};
    c.hands[2] = cards("AS TS AH TH AD TD AC TC");
    Event e = c;
    EXPECT_EQ(for_spectator(e), json::parse(R"({"type":"contract","table":"t1","v":7,"taker":2,"trump":null,
        "contract":"SA","value":110,"contre":1})"));
    EXPECT_EQ(for_seat(e, 2)["hand"], json::parse(R"(["TS","AS","TH","AH","TD","AD","TC","AC"])"));
    EXPECT_FALSE(for_seat(e, 1).contains("hand"));
    EXPECT_EQ(for_spectator(ContractSettled{0, Contract::suit(Suit::Hearts), {}, capot_bid_value, 2})["value"],
              "capot");

    DealScore score;
    score.takers = 0;
    score.outcome = DealOutcome::Failed;
    score.card_points = {62, 90};
    score.last_trick = {0, 10};
    score.score = {0, 524};
    score.contract_value = 100;
    score.multiplier = 2;
    EXPECT_EQ(for_seat(DealScored{3, score, {0, 524}}, 1),
              json::parse(R"({"type":"deal_scored","table":"t1","v":7,"deal":3,
        "score":{"takers":0,"outcome":"failed","capot":false,"card_points":[62,90],"last_trick":[0,10],"belote":[0,0],
                 "melds":[0,0],"escrow_awarded":[0,0],"escrow_added":0,"escrow":0,"score":[0,524],
                 "contract_value":100,"multiplier":2},"totals":[0,524]})"));
}

TEST(EventJsonVariantsTest, MeldsFoundIsOwnOnlyMeldsShownIsPublic) {
    Meld tierce{MeldKind::Sequence, Rank::King, Suit::Clubs, 3, 20, cards("KC QC JC")};
    Meld carre{MeldKind::Carre, Rank::Nine, Suit::Spades, 4, 150, cards("9S 9H 9D 9C")};
    MeldsFound found;
    found.melds = {std::vector<Meld>{carre, tierce}, std::vector<Meld>{}, std::vector<Meld>{}, std::vector<Meld>{}};
    Event e = found;
    EXPECT_EQ(for_seat(e, 0), json::parse(R"({"type":"melds_found","table":"t1","v":7,"melds":[
        {"kind":"carre","length":4,"points":150,"cards":["9S","9H","9D","9C"]},
        {"kind":"sequence","length":3,"points":20,"cards":["JC","QC","KC"]}]})"));
    EXPECT_EQ(for_seat(e, 1), json::parse(R"({"type":"melds_found","table":"t1","v":7,"melds":[]})"));
    EXPECT_EQ(for_spectator(e), json::parse(R"({"type":"melds_found","table":"t1","v":7})"));

    Event shown = MeldsShown{0, {SeatMelds{0, {carre, tierce}}}, 170};
    json expected = json::parse(R"({"type":"melds_shown","table":"t1","v":7,"team":0,"points":170,"melds":[
        {"seat":0,"melds":[{"kind":"carre","length":4,"points":150,"cards":["9S","9H","9D","9C"]},
                           {"kind":"sequence","length":3,"points":20,"cards":["JC","QC","KC"]}]}]})");
    EXPECT_EQ(for_seat(shown, 1), expected);
    EXPECT_EQ(for_seat(shown, 0), expected);
    EXPECT_EQ(for_spectator(shown), expected);
}

TEST(EventJsonVariantsTest, TableauxShowFaceDownCardsOnlyAsCounts) {
    TableauxDealt dealt;
    for (int pile = 0; pile < tableau_piles; ++pile) {
        dealt.tableaux[0][pile] = PileView{Card(static_cast<Rank>(pile / 4), static_cast<Suit>(pile % 4)), 1};
        dealt.tableaux[1][pile] = PileView{std::nullopt, pile % 2};
    }
    Event e = dealt;
    json expected = for_spectator(e);
    EXPECT_EQ(expected["type"], "tableaux_dealt");
    EXPECT_EQ(expected["tableaux"][0][0], json::parse(R"({"face_up":"7S","face_down":1})"));
    EXPECT_EQ(expected["tableaux"][0][5], json::parse(R"({"face_up":"8H","face_down":1})"));
    EXPECT_EQ(expected["tableaux"][1][1], json::parse(R"({"face_up":null,"face_down":1})"));
    EXPECT_EQ(expected["tableaux"].size(), 2u);
    EXPECT_EQ(expected["tableaux"][1].size(), 8u);
    EXPECT_EQ(for_seat(e, 0), expected);
    EXPECT_EQ(for_seat(e, 1), expected);

    Event revealed = CardRevealed{1, 4, card("JH")};
    json r = json::parse(R"({"type":"card_revealed","table":"t1","v":7,"seat":1,"pile":4,"card":"JH"})");
    EXPECT_EQ(for_seat(revealed, 0), r);
    EXPECT_EQ(for_seat(revealed, 1), r);
    EXPECT_EQ(for_spectator(revealed), r);
}

/// Every string in `j` that is a card.
void collect_cards(const json& j, std::vector<std::string>& out) {
    if (j.is_string()) {
        if (parse_card(j.get<std::string>())) out.push_back(j.get<std::string>());
    } else if (j.is_array() || j.is_object()) {
        for (const auto& item : j) collect_cards(item, out);
    }
}

/// Plays `matches` Découverte matches (random or robot moves) and checks every encoded message for
/// both seats and a spectator — events, snapshots after each action, refusals — against the cards
/// lying face down: those are computed from the recorded deck (indices 0..15 in the seed deal order),
/// independently of the engine's tableau code, minus the cards revealed so far.
void check_decouverte_secrecy(int matches, DecouverteReveal reveal) {
    for (int m = 0; m < matches; ++m) {
        MatchOptions options;
        options.variant = Variant::Decouverte;
        options.target = 301;
        options.rules.decouverte.reveal = reveal;
        Match match(options, 1000 + m);
        Rng rng(77 + m);
        std::set<std::string> hidden;
        std::size_t messages = 0;
        const std::array<Observer, 3> observers{Observer::of_seat(0), Observer::of_seat(1), Observer::spectator()};
        auto check = [&](const json& message, const char* what) {
            ++messages;
            std::vector<std::string> seen;
            collect_cards(message, seen);
            for (const auto& c : seen)
                ASSERT_EQ(hidden.count(c), 0u) << "face-down " << c << " in " << what << ": " << message.dump();
        };
        auto absorb = [&](const std::vector<Event>& events) {
            for (const Event& e : events) {
                if (const auto* started = std::get_if<DealStarted>(&e)) {
                    const Deck& deck = match.deal_records()[started->deal_number - 1].deck;
                    hidden.clear();
                    for (int i = 0; i < 16; ++i) hidden.insert(to_string(deck[i]));
                }
                if (const auto* revealed = std::get_if<CardRevealed>(&e)) {
                    ASSERT_EQ(hidden.erase(to_string(revealed->card)), 1u) << "revealed a card that was not face down";
                }
                for (const Observer& o : observers) check(event_json(e, o, "t1", 1), "an event");
            }
        };
        absorb(match.start());
        platform::TableInfo info{"t1",
                                 Variant::Decouverte,
                                 301,
                                 platform::TableStatus::Playing,
                                 {platform::PlayerInfo{"A", false}, platform::PlayerInfo{"B", true}}};
        for (int step = 0; step < 5000 && !match.finished(); ++step) {
            Seat seat = *match.to_act();
            for (const Observer& o : observers) check(snapshot_json(info, 1, match.view(o)), "a snapshot");
            // A refused attempt to play a face-down card: its error message reveals nothing new.
            for (const auto& c : hidden) {
                auto refused = match.apply(seat, Action::play(*parse_card(c)));
                ASSERT_FALSE(refused.ok());
                EXPECT_EQ(refused.message, "play " + c + " is not a legal action now");
                break;
            }
            auto legal = match.legal_actions(seat);
            Action action =
                (m % 2) ? robot_decide(match.view(Observer::of_seat(seat)), rng) : legal[rng.below(legal.size())];
            auto result = match.apply(seat, action);
            ASSERT_TRUE(result.ok()) << result.message;
            absorb(result.events);
            if (::testing::Test::HasFatalFailure()) return;
        }
        ASSERT_TRUE(match.finished());
        EXPECT_GT(messages, 300u);  // a whole match: hundreds of messages checked
    }
}

TEST(DecouverteSecrecyTest, NoFaceDownCardInAnyMessageForAnyObserver) {
    check_decouverte_secrecy(40, DecouverteReveal::AfterTrick);
}

TEST(DecouverteSecrecyTest, NoFaceDownCardWithLeaderImmediatelyReveal) {
    check_decouverte_secrecy(10, DecouverteReveal::LeaderImmediately);
}

TEST(SnapshotVariantsTest, FieldsOfEachVariant) {
    platform::TableInfo info{"t1", Variant::Coinche, 1000, platform::TableStatus::Playing, {}};
    MatchOptions co;
    co.variant = Variant::Coinche;
    Match coinche(co, 5);
    coinche.start(0);
    json view = snapshot_json(info, 1, coinche.view(Observer::of_seat(1)))["view"];
    EXPECT_EQ(view["bid"], nullptr);
    EXPECT_EQ(view["contract"], nullptr);
    EXPECT_EQ(view["contre_level"], 0);
    EXPECT_EQ(view["own_melds"], json::array());
    EXPECT_EQ(view["hand"].size(), 8u);
    EXPECT_EQ(view["legal"][0], json::parse(R"({"type":"pass"})"));
    EXPECT_EQ(view["legal"][1], json::parse(R"({"type":"bid","value":80,"suit":"S"})"));
    EXPECT_FALSE(view.contains("tableaux"));
    ASSERT_TRUE(coinche.apply(1, Action::bid(100, Contract::all_trump())).ok());
    view = snapshot_json(info, 2, coinche.view(Observer::spectator()))["view"];
    EXPECT_EQ(view["bid"], json::parse(R"({"seat":1,"value":100,"suit":"TA"})"));
    EXPECT_FALSE(view.contains("own_melds"));
    EXPECT_FALSE(view.contains("hand"));

    MatchOptions de;
    de.variant = Variant::Decouverte;
    Match decouverte(de, 9);
    decouverte.start(1);
    view = snapshot_json(info, 1, decouverte.view(Observer::of_seat(0)))["view"];
    EXPECT_EQ(view["tableaux"].size(), 2u);
    EXPECT_EQ(view["hand_sizes"], json::parse("[16,16]"));
    EXPECT_EQ(view["hand"].size(), 8u);  // the available (face-up) cards
    EXPECT_EQ(view["rules"]["decouverte_reveal"], "after_trick");
    EXPECT_FALSE(view.contains("bid"));
}

}  // namespace variants_protocol_test
}  // namespace belote::protocol
