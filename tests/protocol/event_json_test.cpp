// protocol::event_json and snapshot_json: the exact JSON each recipient gets, and no foreign hands.

#include "protocol/event_json.hpp"

#include <gtest/gtest.h>

#include "engine/match.hpp"
#include "protocol/action_json.hpp"
#include "protocol/replies.hpp"
#include "protocol/rules_json.hpp"
#include "protocol/table_json.hpp"
#include "tests/engine/test_support.hpp"
#include "tests/protocol/protocol_test_support.hpp"

namespace belote::protocol {
namespace event_json_test {

using nlohmann::json;

using belote::testing::card;
using belote::testing::cards;
using testing::for_seat;
using testing::for_spectator;

TEST(EventJsonTest, MatchStarted) {
    MatchOptions options;
    options.target = 501;
    Event e = MatchStarted{options, 3};
    json expected =
        json::parse(R"({"type":"match_started","table":"t1","v":7,"variant":"classic","target":501,"first_dealer":3})");
    expected["rules"] = rules_json(options);  // every option of the variant, by its §9 name
    EXPECT_EQ(expected["rules"]["must_undertrump"], true);
    EXPECT_EQ(for_seat(e, 0), expected);
    EXPECT_EQ(for_spectator(e), expected);
}

DealStarted deal_started() {
    DealStarted d;
    d.deal_number = 1;
    d.dealer = 3;
    d.turn_up = card("TD");
    d.hands = {cards("7S JS AH KD 9C"), cards("8S 9S TS QS KS"), cards("AS 7H 8H 9H TH"), cards("JH QH KH 7D 8D")};
    d.hand_sizes = {5, 5, 5, 5};
    return d;
}

TEST(EventJsonTest, DealStartedShowsOnlyTheOwnHand) {
    Event e = deal_started();
    EXPECT_EQ(for_seat(e, 0), json::parse(R"({"type":"deal_started","table":"t1","v":7,"deal":1,"dealer":3,
        "turn_up":"TD","hand":["7S","JS","AH","KD","9C"],"hand_sizes":[5,5,5,5]})"));
    EXPECT_EQ(for_seat(e, 1)["hand"], json::parse(R"(["8S","9S","TS","QS","KS"])"));
    EXPECT_EQ(for_spectator(e), json::parse(R"({"type":"deal_started","table":"t1","v":7,"deal":1,"dealer":3,
        "turn_up":"TD","hand_sizes":[5,5,5,5]})"));
}

TEST(EventJsonTest, ContractShowsOnlyTheOwnHand) {
    ContractSettled c{1, Contract::suit(Suit::Diamonds), {}};
    c.hands[0] = cards("7S JS AH TD KD 9C QC 8H");
    c.hands[1] = cards("8S 9S TS QS KS AD JD 9D");
    Event e = c;
    EXPECT_EQ(for_seat(e, 0), json::parse(R"({"type":"contract","table":"t1","v":7,"taker":1,"trump":"D",
        "hand":["7S","JS","8H","AH","TD","KD","9C","QC"]})"));
    EXPECT_EQ(for_spectator(e), json::parse(R"({"type":"contract","table":"t1","v":7,"taker":1,"trump":"D"})"));
    EXPECT_FALSE(for_seat(e, 2).contains("hand"));  // its hand was not in the event: nothing to show
}

TEST(EventJsonTest, TurnShowsLegalOnlyToTheSeatToAct) {
    Event auction = TurnStarted{0, true, std::vector{Action::pass(), Action::take()}};
    EXPECT_EQ(for_seat(auction, 0), json::parse(R"({"type":"turn","table":"t1","v":7,"seat":0,"phase":"auction",
        "legal":[{"type":"pass"},{"type":"take"}]})"));
    json others = json::parse(R"({"type":"turn","table":"t1","v":7,"seat":0,"phase":"auction"})");
    EXPECT_EQ(for_seat(auction, 1), others);
    EXPECT_EQ(for_seat(auction, 2), others);
    EXPECT_EQ(for_spectator(auction), others);

    Event round2 = TurnStarted{2, true, std::vector{Action::pass(), Action::name_suit(Suit::Hearts)}};
    EXPECT_EQ(for_seat(round2, 2)["legal"], json::parse(R"([{"type":"pass"},{"type":"name","suit":"H"}])"));

    Event play = TurnStarted{0, false, std::vector{Action::play(card("JS")), Action::play(card("7S"))}};
    EXPECT_EQ(for_seat(play, 0), json::parse(R"({"type":"turn","table":"t1","v":7,"seat":0,"phase":"play",
        "legal":[{"type":"play","card":"JS"},{"type":"play","card":"7S"}]})"));
    EXPECT_FALSE(for_seat(play, 3).contains("legal"));
}

TEST(EventJsonTest, PublicEvents) {
    Event pass = AuctionCall{0, Action::pass()};
    EXPECT_EQ(for_seat(pass, 1), json::parse(R"({"type":"auction_call","table":"t1","v":7,"seat":0,"call":"pass"})"));
    Event name = AuctionCall{1, Action::name_suit(Suit::Spades)};
    EXPECT_EQ(for_spectator(name),
              json::parse(R"({"type":"auction_call","table":"t1","v":7,"seat":1,"call":"name","suit":"S"})"));
    Event take = AuctionCall{2, Action::take()};
    EXPECT_EQ(for_seat(take, 2), json::parse(R"({"type":"auction_call","table":"t1","v":7,"seat":2,"call":"take"})"));

    Event thrown = DealThrownIn{0};
    EXPECT_EQ(for_seat(thrown, 3), json::parse(R"({"type":"deal_thrown_in","table":"t1","v":7,"next_dealer":0})"));

    Event belote = CardPlayed{0, card("KD"), BeloteCall::Belote};
    EXPECT_EQ(for_seat(belote, 1),
              json::parse(R"({"type":"card_played","table":"t1","v":7,"seat":0,"card":"KD","belote":"belote"})"));
    Event rebelote = CardPlayed{0, card("QD"), BeloteCall::Rebelote};
    EXPECT_EQ(for_spectator(rebelote)["belote"], "rebelote");
    Event plain = CardPlayed{3, card("7C"), BeloteCall::None};
    EXPECT_EQ(for_spectator(plain),
              json::parse(R"({"type":"card_played","table":"t1","v":7,"seat":3,"card":"7C","belote":null})"));

    Trick trick(0, 4);
    for (const char* c : {"AS", "TS", "7H", "KS"}) trick.add(card(c));
    Event won = TrickWon{1, 2, trick, 25};
    json expected_won = json::parse(R"({"type":"trick_won","table":"t1","v":7,"trick":1,"winner":2,"points":25,
        "cards":[{"seat":0,"card":"AS"},{"seat":1,"card":"TS"},{"seat":2,"card":"7H"},{"seat":3,"card":"KS"}]})");
    EXPECT_EQ(for_seat(won, 0), expected_won);
    EXPECT_EQ(for_spectator(won), expected_won);

    DealScore score;
    score.takers = 1;
    score.outcome = DealOutcome::Made;
    score.card_points = {52, 100};
    score.last_trick = {0, 10};
    score.belote = {0, 20};
    score.score = {52, 130};
    Event scored = DealScored{1, score, {52, 130}};
    json expected_scored = json::parse(R"({"type":"deal_scored","table":"t1","v":7,"deal":1,
        "score":{"takers":1,"outcome":"made","capot":false,"card_points":[52,100],"last_trick":[0,10],
                 "belote":[0,20],"melds":[0,0],"escrow_awarded":[0,0],"escrow_added":0,"escrow":0,
                 "score":[52,130]},
        "totals":[52,130]})");
    EXPECT_EQ(for_seat(scored, 3), expected_scored);
    EXPECT_EQ(for_spectator(scored), expected_scored);

    DealScore litige;
    litige.outcome = DealOutcome::Litige;
    litige.escrow_added = 81;
    litige.escrow_after = 81;
    EXPECT_EQ(for_spectator(DealScored{2, litige, {}})["score"]["outcome"], "litige");
    litige.outcome = DealOutcome::Failed;
    litige.capot = true;
    EXPECT_EQ(for_spectator(DealScored{2, litige, {}})["score"]["outcome"], "failed");
    EXPECT_EQ(for_spectator(DealScored{2, litige, {}})["score"]["capot"], true);

    Event ended = MatchEnded{1, {843, 1012}};
    EXPECT_EQ(for_seat(ended, 0),
              json::parse(R"({"type":"match_ended","table":"t1","v":7,"winner":1,"totals":[843,1012]})"));
}

/// Every card string anywhere in `j`.
void collect_cards(const json& j, std::vector<std::string>& out) {
    if (j.is_string()) {
        if (parse_card(j.get<std::string>())) out.push_back(j.get<std::string>());
    } else if (j.is_structured()) {
        for (const auto& item : j) collect_cards(item, out);
    }
}

TEST(EventJsonTest, NoMessageOfARealMatchShowsAForeignHand) {
    Match match(MatchOptions{}, 1234);
    std::vector<Event> events = match.start();
    Rng rng(99);
    for (int step = 0; step < 200 && !match.finished(); ++step) {
        Seat seat = *match.to_act();
        auto legal = match.legal_actions(seat);
        auto result = match.apply(seat, legal[rng.below(legal.size())]);
        ASSERT_TRUE(result.ok());
        events.insert(events.end(), result.events.begin(), result.events.end());
    }
    // Before any card is played in a deal, the only cards a seat may see are its own and the turn-up.
    for (Seat s = 0; s < 4; ++s) {
        CardSet own, public_cards;
        for (const Event& e : events) {
            json j = for_seat(e, s);
            if (auto* d = std::get_if<DealStarted>(&e)) {
                own = *d->hands[s];
                public_cards = CardSet{*d->turn_up};
            }
            if (auto* c = std::get_if<ContractSettled>(&e)) own = *c->hands[s];
            if (auto* p = std::get_if<CardPlayed>(&e)) public_cards.insert(p->card);
            std::vector<std::string> seen;
            collect_cards(j, seen);
            for (const auto& text : seen) {
                Card c = *parse_card(text);
                EXPECT_TRUE(own.contains(c) || public_cards.contains(c))
                    << "seat " << s << " saw " << text << " in " << j;
            }
            std::vector<std::string> spectator_seen;
            collect_cards(for_spectator(e), spectator_seen);
            for (const auto& text : spectator_seen)
                EXPECT_TRUE(public_cards.contains(*parse_card(text))) << "spectator saw " << text;
        }
    }
}

TEST(SnapshotJsonTest, SeatAndSpectatorViews) {
    Match match(MatchOptions{}, 42);
    platform::TableInfo info{"t1",
                             Variant::Classic,
                             1000,
                             platform::TableStatus::Waiting,
                             {platform::PlayerInfo{"Ana", false}, platform::PlayerInfo{"Robot 1", true}, std::nullopt,
                              platform::PlayerInfo{"Bo", false}}};
    json before = snapshot_json(info, 3, match.view(Observer::of_seat(0)));
    EXPECT_EQ(before["view"]["rules"], rules_json(MatchOptions{}));
    before["view"].erase("rules");  // checked above; classic views have no other variant field
    EXPECT_EQ(before, json::parse(R"({"type":"snapshot","table":"t1","v":3,
        "seats":[{"seat":0,"player":{"name":"Ana","robot":false}},{"seat":1,"player":{"name":"Robot 1","robot":true}},
                 {"seat":2,"player":null},{"seat":3,"player":{"name":"Bo","robot":false}}],
        "variant":"classic","target":1000,"state":"waiting",
        "view":{"seat":0,"phase":"not_started","deal":0,"dealer":null,"turn_up":null,"hand":[],
                "hand_sizes":[0,0,0,0],"auction_round":1,"auction":[],"taker":null,"trump":null,
                "belote_seat":null,"trick":null,"last_trick":null,"tricks":[],"tricks_won":[0,0],"card_points_won":[0,0],
                "totals":[0,0],"escrow":0,"to_act":null,"legal":[],"history":[],"winner":null}})"));

    match.start();
    Seat eldest = *match.to_act();
    info.status = platform::TableStatus::Playing;
    json own = snapshot_json(info, 9, match.view(Observer::of_seat(eldest)))["view"];
    EXPECT_EQ(own["seat"], eldest);
    EXPECT_EQ(own["phase"], "auction");
    EXPECT_EQ(own["deal"], 1);
    EXPECT_EQ(own["hand"], cards_json(match.hand(eldest)));
    EXPECT_EQ(own["hand_sizes"], json::parse("[5,5,5,5]"));
    EXPECT_EQ(own["to_act"], eldest);
    EXPECT_EQ(own["legal"], json::parse(R"([{"type":"pass"},{"type":"take"}])"));
    EXPECT_TRUE(own["turn_up"].is_string());

    json other = view_json(match.view(Observer::of_seat((eldest + 1) % 4)));
    EXPECT_EQ(other["legal"], json::array());
    EXPECT_EQ(other["hand"], cards_json(match.hand((eldest + 1) % 4)));

    json spectator = view_json(match.view(Observer::spectator()));
    EXPECT_EQ(spectator["seat"], nullptr);
    EXPECT_FALSE(spectator.contains("hand"));
    EXPECT_FALSE(spectator.contains("legal"));

    // Into the play phase: trick and trump appear.
    auto r = match.apply(eldest, Action::take());
    ASSERT_TRUE(r.ok());
    json play = view_json(match.view(Observer::of_seat(eldest)));
    EXPECT_EQ(play["phase"], "play");
    EXPECT_EQ(play["taker"], eldest);
    EXPECT_TRUE(play["trump"].is_string());
    EXPECT_EQ(play["turn_up"], nullptr);
    EXPECT_EQ(play["trick"],
              json::parse(R"({"leader":)" + std::to_string((match.deal_records().back().dealer + 1) % 4) +
                          R"(,"cards":[]})"));
    EXPECT_EQ(play["auction"], json::parse(R"([{"seat":)" + std::to_string(eldest) + R"(,"call":"take"}])"));
}

TEST(TableJsonTest, SummaryAndSeatChanged) {
    platform::TableInfo info{"t4",
                             Variant::Classic,
                             301,
                             platform::TableStatus::Finished,
                             {std::nullopt, std::nullopt, std::nullopt, std::nullopt}};
    EXPECT_EQ(table_summary_json(info),
              json::parse(R"({"table":"t4","variant":"classic","target":301,"state":"finished",
        "seats":[{"seat":0,"player":null},{"seat":1,"player":null},{"seat":2,"player":null},{"seat":3,"player":null}]})"));
    EXPECT_EQ(
        seat_changed_json("t1", 3, 1, platform::PlayerInfo{"Robot 1", true}),
        json::parse(R"({"type":"seat_changed","table":"t1","v":3,"seat":1,"player":{"name":"Robot 1","robot":true}})"));
}

TEST(ActionJsonTest, RoundTrip) {
    for (const Action& a : {Action::pass(), Action::take(), Action::name_suit(Suit::Clubs), Action::play(card("TH"))})
        EXPECT_EQ(action_from_json(action_json(a)), a);
    EXPECT_FALSE(action_from_json(json::parse(R"({"type":"play","card":"ZZ"})")));
    EXPECT_FALSE(action_from_json(json::parse(R"({"type":"name"})")));
    EXPECT_FALSE(action_from_json(json::parse(R"([1])")));
}

TEST(RepliesTest, OkAndError) {
    EXPECT_EQ(ok_reply(3), json::parse(R"({"type":"ok","id":3})"));
    EXPECT_EQ(ok_reply("a", {{"table", "t1"}}), json::parse(R"({"type":"ok","id":"a","table":"t1"})"));
    EXPECT_EQ(error_reply(nullptr, ErrorCode::BadJson, "nope"),
              json::parse(R"({"type":"error","id":null,"code":"bad_json","message":"nope"})"));
    EXPECT_EQ(to_text(json("\xff")), "\"\xEF\xBF\xBD\"");  // invalid UTF-8 replaced, no throw
}

}  // namespace event_json_test
}  // namespace belote::protocol
