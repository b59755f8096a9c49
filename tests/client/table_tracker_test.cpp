// belote_client's TableTracker on scripted sequences of real server messages (docs/protocol.md
// shapes): version continuity, whose turn, the recipient's legal actions and hand, the match's end.

#include <gtest/gtest.h>

#include "client/table_tracker.hpp"

namespace belote::client {
namespace table_tracker_test {

using Outcome = TableTracker::Outcome;

Outcome feed(TableTracker& t, const char* text) { return t.apply(Message::parse(text)); }

/// A seat-0 tracker that has seen its snapshot at v 5 and the first deal up to its first turn.
TableTracker at_first_turn() {
    TableTracker t("t1");
    EXPECT_EQ(
        feed(
            t,
            R"({"type":"snapshot","table":"t1","v":5,"view":{"seat":0,"phase":"not_started","deal":0,"to_act":null,"legal":[]}})"),
        Outcome::applied);
    EXPECT_EQ(
        feed(t, R"({"type":"match_started","table":"t1","v":6,"variant":"classic","target":1000,"first_dealer":3})"),
        Outcome::applied);
    EXPECT_EQ(
        feed(
            t,
            R"({"type":"deal_started","table":"t1","v":7,"deal":1,"dealer":3,"turn_up":"TD","hand":["7S","JS","AH","KD","9C"],"hand_sizes":[5,5,5,5]})"),
        Outcome::applied);
    EXPECT_EQ(
        feed(
            t,
            R"({"type":"turn","table":"t1","v":8,"seat":0,"phase":"auction","legal":[{"type":"pass"},{"type":"take"}]})"),
        Outcome::applied);
    return t;
}

TEST(ClientTableTrackerTest, FollowsADealFromTheSnapshotToACardPlayed) {
    TableTracker t = at_first_turn();
    EXPECT_EQ(t.seat(), 0);
    EXPECT_EQ(t.v(), 8);
    EXPECT_EQ(t.deal(), 1);
    EXPECT_EQ(t.phase(), "auction");
    EXPECT_EQ(t.to_act(), 0);
    EXPECT_TRUE(t.my_turn());
    EXPECT_EQ(t.legal(), (std::vector<Action>{Pass{}, Take{}}));
    EXPECT_EQ(t.hand(), (std::vector<std::string>{"7S", "JS", "AH", "KD", "9C"}));

    // The seat's call ends its decision.
    EXPECT_EQ(feed(t, R"({"type":"auction_call","table":"t1","v":9,"seat":0,"call":"take"})"), Outcome::applied);
    EXPECT_FALSE(t.my_turn());
    EXPECT_EQ(t.to_act(), std::nullopt);
    EXPECT_TRUE(t.legal().empty());
    EXPECT_EQ(
        feed(
            t,
            R"({"type":"contract","table":"t1","v":10,"taker":0,"trump":"D","hand":["7S","JS","AH","TD","KD","9C","QC","8H"]})"),
        Outcome::applied);
    EXPECT_EQ(t.hand().size(), 8u);

    // Another seat's turn: its legal actions are not in this copy.
    EXPECT_EQ(feed(t, R"({"type":"turn","table":"t1","v":11,"seat":1,"phase":"play"})"), Outcome::applied);
    EXPECT_EQ(t.to_act(), 1);
    EXPECT_FALSE(t.my_turn());
    EXPECT_EQ(feed(t, R"({"type":"card_played","table":"t1","v":12,"seat":1,"card":"AS","belote":null})"),
              Outcome::applied);
    // A chat or a presence change between a turn and the action does not end the decision.
    EXPECT_EQ(
        feed(
            t,
            R"({"type":"turn","table":"t1","v":13,"seat":0,"phase":"play","legal":[{"type":"play","card":"7S"},{"type":"play","card":"JS"}]})"),
        Outcome::applied);
    EXPECT_EQ(
        feed(t, R"({"type":"chat","table":"t1","v":14,"from":{"name":"Bo","role":"player","seat":1},"text":"hi"})"),
        Outcome::applied);
    EXPECT_TRUE(t.my_turn());
    EXPECT_EQ(t.phase(), "play");
    EXPECT_EQ(t.legal(), (std::vector<Action>{Play{"7S"}, Play{"JS"}}));
    // The card played leaves the hand.
    EXPECT_EQ(feed(t, R"({"type":"card_played","table":"t1","v":15,"seat":0,"card":"JS","belote":null})"),
              Outcome::applied);
    EXPECT_FALSE(t.my_turn());
    EXPECT_EQ(t.hand(), (std::vector<std::string>{"7S", "AH", "TD", "KD", "9C", "QC", "8H"}));
    EXPECT_EQ(t.gaps(), 0);
}

TEST(ClientTableTrackerTest, SeesJumpsAndIgnoresRepeatsOtherTablesAndReplies) {
    TableTracker t = at_first_turn();
    // A replayed event (v already seen) changes nothing.
    EXPECT_EQ(feed(t, R"({"type":"auction_call","table":"t1","v":8,"seat":0,"call":"pass"})"), Outcome::stale);
    EXPECT_TRUE(t.my_turn());
    EXPECT_EQ(t.v(), 8);
    // Another table's events and replies are not this table's.
    EXPECT_EQ(feed(t, R"({"type":"auction_call","table":"t2","v":9,"seat":0,"call":"pass"})"), Outcome::not_for_me);
    EXPECT_EQ(feed(t, R"({"type":"ok","id":3})"), Outcome::not_for_me);
    EXPECT_EQ(feed(t, R"({"type":"error","id":3,"code":"not_your_turn","message":"x"})"), Outcome::not_for_me);
    EXPECT_EQ(t.v(), 8);
    EXPECT_TRUE(t.my_turn());
    // A jump: counted, and the event still applied.
    EXPECT_EQ(feed(t, R"({"type":"turn","table":"t1","v":11,"seat":2,"phase":"auction"})"), Outcome::gap);
    EXPECT_EQ(t.gaps(), 1);
    EXPECT_EQ(t.v(), 11);
    EXPECT_EQ(t.to_act(), 2);
    // A snapshot resets the version (here after a reconnection), even to the same v.
    EXPECT_EQ(
        feed(
            t,
            R"({"type":"snapshot","table":"t1","v":11,"view":{"seat":0,"phase":"auction","deal":1,"to_act":2,"legal":[],"hand":["7S"]}})"),
        Outcome::applied);
    EXPECT_EQ(t.hand(), (std::vector<std::string>{"7S"}));
    EXPECT_EQ(feed(t, R"({"type":"auction_call","table":"t1","v":12,"seat":2,"call":"pass"})"), Outcome::applied);
    EXPECT_EQ(t.gaps(), 1);
    EXPECT_EQ(feed(t, R"({"type":"seat_changed","table":"t1","seat":1})"), Outcome::unversioned);
}

TEST(ClientTableTrackerTest, MatchEndAndCancelAndTheNextMatch) {
    TableTracker t = at_first_turn();
    EXPECT_FALSE(t.match_over());
    EXPECT_EQ(feed(t, R"({"type":"auction_call","table":"t1","v":9,"seat":0,"call":"take"})"), Outcome::applied);
    EXPECT_EQ(feed(t, R"({"type":"deal_scored","table":"t1","v":10,"deal":1,"score":{},"totals":[52,130]})"),
              Outcome::applied);
    EXPECT_EQ(t.deals_scored(), 1);
    EXPECT_EQ(feed(t, R"({"type":"match_ended","table":"t1","v":11,"winner":1,"totals":[843,1012]})"),
              Outcome::applied);
    EXPECT_TRUE(t.match_over());
    EXPECT_EQ(t.winner(), 1);
    EXPECT_EQ(
        feed(t, R"({"type":"match_started","table":"t1","v":12,"variant":"classic","target":1000,"first_dealer":0})"),
        Outcome::applied);
    EXPECT_FALSE(t.match_over());
    EXPECT_EQ(t.winner(), std::nullopt);
    EXPECT_EQ(feed(t, R"({"type":"turn","table":"t1","v":13,"seat":0,"phase":"auction","legal":[{"type":"pass"}]})"),
              Outcome::applied);
    EXPECT_TRUE(t.my_turn());
    EXPECT_EQ(feed(t, R"({"type":"match_cancelled","table":"t1","v":14})"), Outcome::applied);
    EXPECT_TRUE(t.match_over());
    EXPECT_FALSE(t.my_turn());
    EXPECT_EQ(t.winner(), std::nullopt);
}

TEST(ClientTableTrackerTest, AutoMoveEndsTheDecisionAndSpectatorsNeverAct) {
    TableTracker t = at_first_turn();
    EXPECT_EQ(feed(t, R"({"type":"auto_move","table":"t1","v":9,"seat":0,"reason":"timeout"})"), Outcome::applied);
    EXPECT_FALSE(t.my_turn());

    TableTracker spectator;  // the table is taken from the first event
    EXPECT_EQ(
        feed(
            spectator,
            R"({"type":"snapshot","table":"t7","v":3,"view":{"seat":null,"phase":"auction","deal":1,"to_act":0,"legal":[]}})"),
        Outcome::applied);
    EXPECT_EQ(spectator.table(), "t7");
    EXPECT_EQ(spectator.seat(), std::nullopt);
    EXPECT_EQ(spectator.to_act(), 0);
    EXPECT_FALSE(spectator.my_turn());
    EXPECT_EQ(feed(spectator, R"({"type":"turn","table":"t7","v":4,"seat":1,"phase":"auction"})"), Outcome::applied);
    EXPECT_FALSE(spectator.my_turn());
}

}  // namespace table_tracker_test
}  // namespace belote::client
