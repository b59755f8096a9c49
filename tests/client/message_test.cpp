// belote_client's reading of server messages, on the examples of docs/protocol.md.

#include <gtest/gtest.h>

#include "client/message.hpp"

namespace belote::client {
namespace message_test {

TEST(ClientMessageTest, RepliesCarryTheirRequestId) {
    const auto ok =
        Message::parse(R"({"type":"ok","id":1,"protocol":1,"token":"8f0c3b","player":{"id":"p3","nickname":"Ana"}})");
    EXPECT_EQ(ok.kind(), MessageKind::ok);
    EXPECT_TRUE(ok.is_reply() && ok.is_ok() && !ok.is_error() && !ok.is_event());
    EXPECT_EQ(ok.id(), RequestId{std::int64_t{1}});
    EXPECT_TRUE(ok.replies_to(std::int64_t{1}));
    EXPECT_FALSE(ok.replies_to(std::int64_t{2}));
    EXPECT_FALSE(ok.replies_to(std::string("1")));
    EXPECT_EQ(ok.body()["player"]["id"], "p3");
    EXPECT_EQ(ok.error_code(), "");

    const auto error = Message::parse(
        R"({"type":"error","id":4,"code":"invalid_options","message":"rule option 'coinche_tie' does not apply to classic"})");
    EXPECT_EQ(error.kind(), MessageKind::error);
    EXPECT_TRUE(error.replies_to(std::int64_t{4}));
    EXPECT_EQ(error.error_code(), "invalid_options");
    EXPECT_EQ(error.error_message(), "rule option 'coinche_tie' does not apply to classic");

    const auto unreadable = Message::parse(R"({"type":"error","id":null,"code":"bad_json","message":"x"})");
    EXPECT_EQ(unreadable.id(), std::nullopt);
    EXPECT_EQ(unreadable.error_code(), "bad_json");

    EXPECT_TRUE(Message::parse(R"({"type":"ok","id":"req-b"})").replies_to(std::string("req-b")));
}

TEST(ClientMessageTest, SnapshotGivesTheRecipientsView) {
    const auto m = Message::parse(R"({"type":"snapshot","table":"t1","v":42,
 "seats":[{"seat":0,"player":{"name":"Ana","robot":false}},{"seat":1,"player":{"name":"Robot 1","robot":true}},
          {"seat":2,"player":{"name":"Robot 2","robot":true}},{"seat":3,"player":{"name":"Robot 3","robot":true}}],
 "variant":"classic","target":1000,"state":"playing",
 "view":{"seat":0,"phase":"play","deal":2,"dealer":3,"turn_up":null,
   "hand":["7S","JS","AH","TD","KD","9C","QC"],"hand_sizes":[7,7,8,8],
   "auction_round":1,"auction":[{"seat":0,"call":"pass"},{"seat":1,"call":"take"}],
   "taker":1,"trump":"H","belote_seat":null,
   "trick":{"leader":0,"cards":[{"seat":0,"card":"AS"}]},
   "last_trick":null,"tricks_won":[0,0],"card_points_won":[0,0],
   "totals":[120,42],"escrow":0,"to_act":1,"legal":[],"history":[],"winner":null}})");
    EXPECT_TRUE(m.is_event());
    EXPECT_EQ(m.type(), "snapshot");
    EXPECT_EQ(m.id(), std::nullopt);
    EXPECT_EQ(m.table(), "t1");
    EXPECT_EQ(m.v(), 42);
    EXPECT_EQ(m.seat(), 0);
    EXPECT_EQ(m.to_act(), 1);
    EXPECT_FALSE(m.has_legal());
    EXPECT_TRUE(m.legal().empty());
    EXPECT_EQ(m.hand(), (std::vector<std::string>{"7S", "JS", "AH", "TD", "KD", "9C", "QC"}));

    const auto spectator = Message::parse(
        R"({"type":"snapshot","table":"t1","v":3,"view":{"seat":null,"phase":"auction","to_act":2,"legal":[]}})");
    EXPECT_EQ(spectator.seat(), std::nullopt);
    EXPECT_EQ(spectator.hand(), std::nullopt);
    EXPECT_EQ(spectator.to_act(), 2);

    const auto to_act = Message::parse(
        R"({"type":"snapshot","table":"t1","v":9,"view":{"seat":2,"to_act":2,"legal":[{"type":"play","card":"QC"}]}})");
    EXPECT_TRUE(to_act.has_legal());
    EXPECT_EQ(to_act.legal(), (std::vector<Action>{Play{"QC"}}));
}

TEST(ClientMessageTest, TurnsListTheLegalActionsOfTheirOwnCopyOnly) {
    const auto auction = Message::parse(
        R"({"type":"turn","table":"t1","v":7,"seat":0,"phase":"auction","legal":[{"type":"pass"},{"type":"take"}]})");
    EXPECT_EQ(auction.v(), 7);
    EXPECT_EQ(auction.seat(), 0);
    EXPECT_EQ(auction.to_act(), 0);
    EXPECT_TRUE(auction.has_legal());
    EXPECT_EQ(auction.legal(), (std::vector<Action>{Pass{}, Take{}}));

    const auto play = Message::parse(
        R"({"type":"turn","table":"t1","v":20,"seat":0,"phase":"play","legal":[{"type":"play","card":"JS"},{"type":"play","card":"7S"}]})");
    EXPECT_EQ(play.legal(), (std::vector<Action>{Play{"JS"}, Play{"7S"}}));

    const auto others =
        Message::parse(R"({"type":"turn","table":"t1","v":20,"seat":0,"phase":"play","deadline":null})");
    EXPECT_FALSE(others.has_legal());
    EXPECT_TRUE(others.legal().empty());
    EXPECT_EQ(others.to_act(), 0);

    const auto coinche = Message::parse(
        R"({"type":"turn","table":"t1","v":30,"seat":3,"phase":"auction","legal":[{"type":"pass"},{"type":"bid","value":90,"suit":"SA"},{"type":"bid","value":"capot","suit":"TA"},{"type":"contre"}]})");
    EXPECT_EQ(coinche.legal(), (std::vector<Action>{Pass{}, Bid{.value = 90, .suit = "SA"},
                                                    Bid{.capot = true, .suit = "TA"}, Contre{}}));
}

TEST(ClientMessageTest, HandsOfDealStartedAndContract) {
    const auto dealt = Message::parse(
        R"({"type":"deal_started","table":"t1","v":6,"deal":1,"dealer":3,"turn_up":"TD","hand":["7S","JS","AH","KD","9C"],"hand_sizes":[5,5,5,5]})");
    EXPECT_EQ(dealt.hand(), (std::vector<std::string>{"7S", "JS", "AH", "KD", "9C"}));
    EXPECT_EQ(dealt.seat(), std::nullopt);
    const auto contract = Message::parse(
        R"({"type":"contract","table":"t1","v":10,"taker":1,"trump":"D","hand":["7S","JS","AH","TD","KD","9C","QC","8H"]})");
    EXPECT_EQ(contract.hand()->size(), 8u);
    // Decouverte and spectators: no hand.
    EXPECT_EQ(Message::parse(R"({"type":"contract","table":"t1","v":10,"taker":1,"trump":"D"})").hand(), std::nullopt);
    // Other events never carry one.
    const auto card =
        Message::parse(R"({"type":"card_played","table":"t1","v":21,"seat":0,"card":"KD","belote":"belote"})");
    EXPECT_EQ(card.hand(), std::nullopt);
    EXPECT_EQ(card.seat(), 0);
    EXPECT_EQ(card.to_act(), std::nullopt);
    EXPECT_EQ(card.body()["belote"], "belote");
}

TEST(ClientMessageTest, WhatIsNotAServerMessageIsRefused) {
    for (const char* t : {"", "{not json", "[1]", "42", R"({"id":1})", R"({"type":7})", R"("ok")"})
        EXPECT_THROW(Message::parse(t), ProtocolError) << t;
    EXPECT_THROW(Message::parse(R"({"type":"turn","table":"t1","v":1,"seat":0,"legal":[{"type":"fly"}]})").legal(),
                 ProtocolError);
    EXPECT_THROW(Message::parse(R"({"type":"deal_started","table":"t1","v":1,"hand":[1]})").hand(), ProtocolError);
}

}  // namespace message_test
}  // namespace belote::client
