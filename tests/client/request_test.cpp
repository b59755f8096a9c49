// belote_client's requests: the exact text of every client message of docs/protocol.md, and the
// actions read back from `legal` lists.

#include <gtest/gtest.h>

#include "client/request.hpp"

namespace belote::client {
namespace request_test {

using nlohmann::json;

std::string text(const Request& r, RequestId id) { return encode(r, id); }

TEST(ClientRequestTest, SessionAndLobbyRequestsAreTheProtocolDocumentsExamples) {
    EXPECT_EQ(text(Hello{.nickname = "Ana"}, 1), R"({"type":"hello","id":1,"protocol":1,"nickname":"Ana"})");
    EXPECT_EQ(text(Hello{.nickname = "Ana", .token = "8f0c…"}, 1),
              R"({"type":"hello","id":1,"protocol":1,"nickname":"Ana","token":"8f0c…"})");
    EXPECT_EQ(text(Hello{.nickname = "Ana", .token = "8f0c…", .resume = {{"t1", 57}}}, 1),
              R"({"type":"hello","id":1,"protocol":1,"nickname":"Ana","token":"8f0c…","resume":{"t1":57}})");
    // resume means nothing without a token: not sent.
    EXPECT_EQ(text(Hello{.nickname = "Ana", .resume = {{"t1", 57}}}, 1),
              R"({"type":"hello","id":1,"protocol":1,"nickname":"Ana"})");
    EXPECT_EQ(text(ListTables{}, 2), R"({"type":"list_tables","id":2})");
    EXPECT_EQ(text(ListTables{.page_size = 10, .cursor = "17", .variant = "coinche", .free_seats = 2}, 2),
              R"({"type":"list_tables","id":2,"page_size":10,"cursor":"17","variant":"coinche","free_seats":2})");
}

TEST(ClientRequestTest, CreateTableWithRulesAndOptions) {
    EXPECT_EQ(text(CreateTable{.variant = "classic", .target = 501}, 3),
              R"({"type":"create_table","id":3,"variant":"classic","target":501})");
    nlohmann::ordered_json rules;
    rules["must_undertrump"] = false;
    rules["classic_first_deal"] = "2-3";
    EXPECT_EQ(
        text(CreateTable{.variant = "classic", .rules = rules}, 3),
        R"({"type":"create_table","id":3,"variant":"classic","rules":{"must_undertrump":false,"classic_first_deal":"2-3"}})");
    EXPECT_EQ(
        text(CreateTable{.variant = "decouverte", .rules = {{"decouverte_reveal", "leader_immediately"}}}, 3),
        R"({"type":"create_table","id":3,"variant":"decouverte","rules":{"decouverte_reveal":"leader_immediately"}})");
    // The document writes "private" before "turn_time"; the library writes the table options in the
    // order of the `options` object of table_options events (the same JSON object).
    const std::string with_options =
        text(CreateTable{.variant = "classic", .target = 501, .options = {.turn_time = 20, .is_private = true}}, 3);
    EXPECT_EQ(with_options,
              R"({"type":"create_table","id":3,"variant":"classic","target":501,"turn_time":20,"private":true})");
    EXPECT_EQ(json::parse(with_options),
              json::parse(
                  R"({"type":"create_table","id":3,"variant":"classic","target":501,"private":true,"turn_time":20})"));
    // create_table has its own variant and target: those of `options` are not sent twice.
    EXPECT_EQ(text(CreateTable{.variant = "coinche", .options = {.variant = "classic", .target = 301, .stake = 5}}, 3),
              R"({"type":"create_table","id":3,"variant":"coinche","stake":5})");
}

TEST(ClientRequestTest, TableRequestsAreTheProtocolDocumentsExamples) {
    EXPECT_EQ(text(Sit{.table = "t1", .seat = 0}, 4), R"({"type":"sit","id":4,"table":"t1","seat":0})");
    EXPECT_EQ(text(Sit{.table = "t1", .seat = 2, .invite = "5f2d"}, 4),
              R"({"type":"sit","id":4,"table":"t1","seat":2,"invite":"5f2d"})");
    EXPECT_EQ(text(AddRobot{.table = "t1", .seat = 1}, 5), R"({"type":"add_robot","id":5,"table":"t1","seat":1})");
    EXPECT_EQ(text(Start{.table = "t1"}, 6), R"({"type":"start","id":6,"table":"t1"})");
    EXPECT_EQ(text(GetRecord{.table = "t1"}, 15), R"({"type":"get_record","id":15,"table":"t1"})");
    EXPECT_EQ(text(SetOptions{.table = "t1", .options = {.target = 501, .turn_time = 20, .stake = 50}}, 11),
              R"({"type":"set_options","id":11,"table":"t1","options":{"target":501,"turn_time":20,"stake":50}})");
    EXPECT_EQ(text(SetOptions{.table = "t1", .options = {}}, 11),
              R"({"type":"set_options","id":11,"table":"t1","options":{}})");
    EXPECT_EQ(text(RemoveRobot{.table = "t1", .seat = 3}, 12),
              R"({"type":"remove_robot","id":12,"table":"t1","seat":3})");
    EXPECT_EQ(text(Stand{.table = "t1"}, 13), R"({"type":"stand","id":13,"table":"t1"})");
    EXPECT_EQ(text(RenewInvite{.table = "t1"}, 14), R"({"type":"renew_invite","id":14,"table":"t1"})");
    EXPECT_EQ(text(Watch{.table = "t1", .invite = "5f2d…"}, 15),
              R"({"type":"watch","id":15,"table":"t1","invite":"5f2d…"})");
    EXPECT_EQ(text(Watch{.table = "t1"}, 15), R"({"type":"watch","id":15,"table":"t1"})");
    EXPECT_EQ(text(Chat{.table = "t1", .text = "bom jogo!"}, 16),
              R"({"type":"chat","id":16,"table":"t1","text":"bom jogo!"})");
    EXPECT_EQ(text(ProposeCancel{.table = "t1"}, 20), R"({"type":"propose_cancel","id":20,"table":"t1"})");
    EXPECT_EQ(text(VoteCancel{.table = "t1", .accept = true}, 21),
              R"({"type":"vote_cancel","id":21,"table":"t1","accept":true})");
    EXPECT_EQ(text(VoteCancel{.table = "t1", .accept = false}, 21),
              R"({"type":"vote_cancel","id":21,"table":"t1","accept":false})");
}

TEST(ClientRequestTest, ActionsAreTheProtocolDocumentsExamples) {
    EXPECT_EQ(text(Act{"t1", Take{}}, 7), R"({"type":"take","id":7,"table":"t1"})");
    EXPECT_EQ(text(Act{"t1", Pass{}}, 8), R"({"type":"pass","id":8,"table":"t1"})");
    EXPECT_EQ(text(Act{"t1", Name{"S"}}, 9), R"({"type":"name","id":9,"table":"t1","suit":"S"})");
    EXPECT_EQ(text(Act{"t1", Play{"JS"}}, 10), R"({"type":"play","id":10,"table":"t1","card":"JS"})");
    EXPECT_EQ(text(Act{"t1", Bid{.value = 110, .suit = "H"}}, 11),
              R"({"type":"bid","id":11,"table":"t1","value":110,"suit":"H"})");
    EXPECT_EQ(text(Act{"t1", Bid{.capot = true, .suit = "TA"}}, 12),
              R"({"type":"bid","id":12,"table":"t1","value":"capot","suit":"TA"})");
    EXPECT_EQ(text(Act{"t1", Contre{}}, 13), R"({"type":"contre","id":13,"table":"t1"})");
    EXPECT_EQ(text(Act{"t1", Surcontre{}}, 14), R"({"type":"surcontre","id":14,"table":"t1"})");
    EXPECT_EQ(request_type(Act{"t1", Surcontre{}}), "surcontre");
}

TEST(ClientRequestTest, StringIdsAndEscapedText) {
    EXPECT_EQ(text(ListTables{}, std::string("req-b")), R"({"type":"list_tables","id":"req-b"})");
    EXPECT_EQ(text(Chat{.table = "t1", .text = "a \"quote\", a \\ and é"}, 1),
              R"({"type":"chat","id":1,"table":"t1","text":"a \"quote\", a \\ and é"})");
    EXPECT_EQ(id_to_json(RequestId{std::int64_t{7}}), json(7));
    EXPECT_EQ(id_to_json(RequestId{std::string("x")}), json("x"));
    EXPECT_EQ(id_from_json(json(7)), RequestId{std::int64_t{7}});
    EXPECT_EQ(id_from_json(json("x")), RequestId{std::string("x")});
    EXPECT_EQ(id_from_json(json(nullptr)), std::nullopt);
    EXPECT_EQ(id_from_json(json(1.5)), std::nullopt);
}

TEST(ClientRequestTest, LegalEntriesReadBackAsTheActionsTheyName) {
    // The shapes of docs/protocol.md's `turn` examples, and the coinche ones.
    EXPECT_EQ(action_from_json(json::parse(R"({"type":"pass"})")), Action{Pass{}});
    EXPECT_EQ(action_from_json(json::parse(R"({"type":"take"})")), Action{Take{}});
    EXPECT_EQ(action_from_json(json::parse(R"({"type":"name","suit":"H"})")), Action{Name{"H"}});
    EXPECT_EQ(action_from_json(json::parse(R"({"type":"play","card":"JS"})")), Action{Play{"JS"}});
    EXPECT_EQ(action_from_json(json::parse(R"({"type":"bid","value":90,"suit":"SA"})")),
              (Action{Bid{.value = 90, .suit = "SA"}}));
    EXPECT_EQ(action_from_json(json::parse(R"({"type":"bid","value":"capot","suit":"S"})")),
              (Action{Bid{.capot = true, .suit = "S"}}));
    EXPECT_EQ(action_from_json(json::parse(R"({"type":"contre"})")), Action{Contre{}});
    EXPECT_EQ(action_from_json(json::parse(R"({"type":"surcontre"})")), Action{Surcontre{}});
    // And back to the same text.
    for (const char* t : {R"({"type":"pass"})", R"({"type":"name","suit":"H"})", R"({"type":"play","card":"7S"})",
                          R"({"type":"bid","value":90,"suit":"SA"})", R"({"type":"bid","value":"capot","suit":"TA"})"})
        EXPECT_EQ(action_to_json(action_from_json(json::parse(t))).dump(), t);
}

TEST(ClientRequestTest, MalformedLegalEntriesAreRefused) {
    for (const char* t : {R"([])", R"({"card":"JS"})", R"({"type":"fly"})", R"({"type":"play"})",
                          R"({"type":"play","card":7})", R"({"type":"name"})", R"({"type":"bid","suit":"H"})",
                          R"({"type":"bid","value":"lots","suit":"H"})", R"({"type":"bid","value":90})"})
        EXPECT_THROW(action_from_json(json::parse(t)), ProtocolError) << t;
}

}  // namespace request_test
}  // namespace belote::client
