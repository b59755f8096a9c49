// protocol::decode_request: typed commands and every validation rule of docs/protocol.md.

#include "protocol/decode.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "protocol/echo.hpp"
#include "protocol/replies.hpp"
#include "tests/protocol/protocol_test_support.hpp"

namespace belote::protocol {
namespace decode_test {

using nlohmann::json;

using testing::error_of;
using testing::request_of;
using testing::table_of;

/// The request of a table message, and the table it is for.
template <class T>
T table_request(std::string_view text) {
    return std::get<T>(std::get<TableCommand>(request_of(text).command).request);
}

TEST(DecodeTest, Hello) {
    auto r = request_of(R"({"type":"hello","id":1,"protocol":1,"nickname":"Ana"})");
    EXPECT_EQ(id_json(r.id), json(1));
    auto& h = std::get<Hello>(r.command);
    EXPECT_EQ(h.protocol, 1);
    EXPECT_EQ(h.nickname, "Ana");
    EXPECT_FALSE(h.token);

    auto t = request_of(R"({"type":"hello","id":"a","protocol":1,"nickname":"Zoé ♠","token":"8f0c"})");
    EXPECT_EQ(id_json(t.id), json("a"));
    EXPECT_EQ(std::get<Hello>(t.command).token, "8f0c");
    EXPECT_EQ(std::get<Hello>(t.command).nickname, "Zoé ♠");
}

TEST(DecodeTest, LobbyAndTableCommands) {
    EXPECT_TRUE(std::holds_alternative<ListTables>(request_of(R"({"type":"list_tables","id":2})").command));

    auto c =
        std::get<CreateTable>(request_of(R"({"type":"create_table","id":3,"variant":"classic","target":501})").command);
    EXPECT_EQ(c.variant, Variant::Classic);
    EXPECT_EQ(c.target, 501);
    auto d = std::get<CreateTable>(request_of(R"({"type":"create_table","id":3,"variant":"classic"})").command);
    EXPECT_EQ(d.target, 1000);

    auto sit = table_request<platform::Sit>(R"({"type":"sit","id":4,"table":"t1","seat":0})");
    EXPECT_EQ(table_of(R"({"type":"sit","id":4,"table":"t1","seat":0})"), "t1");
    EXPECT_EQ(sit.seat, 0);
    auto robot = table_request<platform::AddRobot>(R"({"type":"add_robot","id":5,"table":"t1","seat":7})");
    EXPECT_EQ(robot.seat, 7);                            // the range is the table's business (bad_seat)
    EXPECT_EQ(robot.level, platform::RobotLevel::Easy);  // no level: easy
    for (auto [name, level] : {std::pair{"easy", platform::RobotLevel::Easy},
                               {"medium", platform::RobotLevel::Medium},
                               {"hard", platform::RobotLevel::Hard},
                               {"expert", platform::RobotLevel::Expert}}) {
        SCOPED_TRACE(name);
        EXPECT_EQ(table_request<platform::AddRobot>(R"({"type":"add_robot","id":5,"table":"t1","seat":1,"level":")" +
                                                    std::string(name) + "\"}")
                      .level,
                  level);
    }
    EXPECT_EQ(
        table_request<platform::AddRobot>(R"({"type":"add_robot","id":5,"table":"t1","seat":1,"level":null})").level,
        platform::RobotLevel::Easy);
    table_request<platform::Start>(R"({"type":"start","id":6,"table":"t1"})");
    EXPECT_EQ(table_of(R"({"type":"start","id":6,"table":"t1"})"), "t1");

    EXPECT_EQ(table_request<platform::Act>(R"({"type":"take","id":7,"table":"t1"})").action, Action::take());
    EXPECT_EQ(table_request<platform::Act>(R"({"type":"pass","id":8,"table":"t1"})").action, Action::pass());
    EXPECT_EQ(table_request<platform::Act>(R"({"type":"name","id":9,"table":"t1","suit":"S"})").action,
              Action::name_suit(Suit::Spades));
    auto play = table_request<platform::Act>(R"({"type":"play","id":10,"table":"t2","card":"JS","extra":[1]})");
    EXPECT_EQ(table_of(R"({"type":"play","id":10,"table":"t2","card":"JS","extra":[1]})"), "t2");
    EXPECT_EQ(play.action, Action::play(Card(Rank::Jack, Suit::Spades)));
}

TEST(DecodeTest, ManualBeloteWordsAndDeclarations) {
    EXPECT_EQ(
        table_request<platform::Act>(R"({"type":"play","id":1,"table":"t","card":"KH","belote":"belote"})").action,
        Action::play(Card(Rank::King, Suit::Hearts), BeloteCall::Belote));
    EXPECT_EQ(
        table_request<platform::Act>(R"({"type":"play","id":1,"table":"t","card":"QH","belote":"rebelote"})").action,
        Action::play(Card(Rank::Queen, Suit::Hearts), BeloteCall::Rebelote));
    EXPECT_EQ(table_request<platform::Act>(R"({"type":"play","id":1,"table":"t","card":"QH","belote":null})").action,
              Action::play(Card(Rank::Queen, Suit::Hearts)));
    EXPECT_EQ(table_request<platform::Act>(R"({"type":"declare","id":2,"table":"t","cards":["JC","QC","KC"]})").action,
              Action::declare(CardSet{Card(Rank::Jack, Suit::Clubs), Card(Rank::Queen, Suit::Clubs),
                                      Card(Rank::King, Suit::Clubs)}));
    EXPECT_EQ(table_request<platform::Act>(R"({"type":"declare","id":2,"table":"t","cards":[]})").action,
              Action::declare(CardSet{}));
    for (const char* bad :
         {R"({"type":"play","id":1,"table":"t","card":"KH","belote":"yes"})",
          R"({"type":"declare","id":1,"table":"t"})", R"({"type":"declare","id":1,"table":"t","cards":["JC","JC"]})",
          R"({"type":"declare","id":1,"table":"t","cards":"JC"})"}) {
        auto e = error_of(bad);
        EXPECT_EQ(e.code, ErrorCode::BadMessage) << bad;
    }
}

struct ErrorCase {
    const char* text;
    ErrorCode code;
    json id;
    const char* mentions;  ///< substring of the message (the field name for bad_message)
};

TEST(DecodeTest, ErrorsCarryExactCodesIdsAndFieldNames) {
    const std::vector<ErrorCase> cases{
        {"", ErrorCode::BadJson, nullptr, "JSON"},
        {"{", ErrorCode::BadJson, nullptr, "JSON"},
        {"[1,2]", ErrorCode::BadJson, nullptr, "object"},
        {"\"hello\"", ErrorCode::BadJson, nullptr, "object"},
        {"42", ErrorCode::BadJson, nullptr, "object"},
        {R"({"type":"list_tables"})", ErrorCode::BadMessage, nullptr, "'id'"},
        {R"({"type":"list_tables","id":1.5})", ErrorCode::BadMessage, nullptr, "'id'"},
        {R"({"type":"list_tables","id":null})", ErrorCode::BadMessage, nullptr, "'id'"},
        {R"({"type":"list_tables","id":[1]})", ErrorCode::BadMessage, nullptr, "'id'"},
        {R"({"id":3})", ErrorCode::BadMessage, 3, "'type'"},
        {R"({"id":3,"type":7})", ErrorCode::BadMessage, 3, "'type'"},
        {R"({"id":"x","type":"dance"})", ErrorCode::UnknownType, "x", "dance"},
        {R"({"id":1,"type":"hello","nickname":"Ana"})", ErrorCode::BadMessage, 1, "'protocol'"},
        {R"({"id":1,"type":"hello","protocol":"1","nickname":"Ana"})", ErrorCode::BadMessage, 1, "'protocol'"},
        {R"({"id":1,"type":"hello","protocol":2,"nickname":"Ana"})", ErrorCode::UnsupportedProtocol, 1, "2"},
        {R"({"id":1,"type":"hello","protocol":1})", ErrorCode::BadMessage, 1, "'nickname'"},
        {R"({"id":1,"type":"hello","protocol":1,"nickname":5})", ErrorCode::BadMessage, 1, "'nickname'"},
        {R"({"id":1,"type":"hello","protocol":1,"nickname":""})", ErrorCode::BadNickname, 1, "empty"},
        {R"({"id":1,"type":"hello","protocol":1,"nickname":"0123456789012345678901234"})", ErrorCode::BadNickname, 1,
         "24"},
        {R"({"id":1,"type":"hello","protocol":1,"nickname":"a\tb"})", ErrorCode::BadNickname, 1, "control"},
        {R"({"id":1,"type":"hello","protocol":1,"nickname":"a\u0085b"})", ErrorCode::BadNickname, 1, "control"},
        {R"({"id":1,"type":"hello","protocol":1,"nickname":"   "})", ErrorCode::BadNickname, 1, "blank"},
        {R"({"id":1,"type":"hello","protocol":1,"nickname":"\u200b\u202eevil"})", ErrorCode::BadNickname, 1,
         "invisible"},
        {R"({"id":1,"type":"hello","protocol":1,"nickname":"Ana","token":7})", ErrorCode::BadMessage, 1, "'token'"},
        {R"({"id":2,"type":"create_table","target":501})", ErrorCode::BadMessage, 2, "'variant'"},
        {R"({"id":2,"type":"create_table","variant":"poker"})", ErrorCode::InvalidOptions, 2, "poker"},
        {R"({"id":2,"type":"create_table","variant":"tresette"})", ErrorCode::InvalidOptions, 2, "tresette"},
        {R"({"id":2,"type":"create_table","variant":"classic","target":500})", ErrorCode::InvalidOptions, 2, "target"},
        {R"({"id":2,"type":"create_table","variant":"classic","target":"501"})", ErrorCode::BadMessage, 2, "'target'"},
        {R"({"id":4,"type":"sit","seat":0})", ErrorCode::BadMessage, 4, "'table'"},
        {R"({"id":4,"type":"sit","table":1,"seat":0})", ErrorCode::BadMessage, 4, "'table'"},
        {R"({"id":4,"type":"sit","table":"t1"})", ErrorCode::BadMessage, 4, "'seat'"},
        {R"({"id":4,"type":"sit","table":"t1","seat":"0"})", ErrorCode::BadMessage, 4, "'seat'"},
        {R"({"id":4,"type":"sit","table":"t1","seat":1.0})", ErrorCode::BadMessage, 4, "'seat'"},
        {R"({"id":4,"type":"sit","table":"t1","seat":99999999999})", ErrorCode::BadSeat, 4, "'seat'"},
        {R"({"id":5,"type":"add_robot","table":"t1"})", ErrorCode::BadMessage, 5, "'seat'"},
        {R"({"id":5,"type":"add_robot","table":"t1","seat":1,"level":"master"})", ErrorCode::BadMessage, 5, "'level'"},
        {R"({"id":5,"type":"add_robot","table":"t1","seat":1,"level":"Expert"})", ErrorCode::BadMessage, 5, "'level'"},
        {R"({"id":5,"type":"add_robot","table":"t1","seat":1,"level":3})", ErrorCode::BadMessage, 5, "'level'"},
        {R"({"id":6,"type":"start"})", ErrorCode::BadMessage, 6, "'table'"},
        {R"({"id":7,"type":"take"})", ErrorCode::BadMessage, 7, "'table'"},
        {R"({"id":8,"type":"pass","table":null})", ErrorCode::BadMessage, 8, "'table'"},
        {R"({"id":9,"type":"name","table":"t1"})", ErrorCode::BadMessage, 9, "'suit'"},
        {R"({"id":9,"type":"name","table":"t1","suit":"X"})", ErrorCode::BadMessage, 9, "'suit'"},
        {R"({"id":10,"type":"play","table":"t1"})", ErrorCode::BadMessage, 10, "'card'"},
        {R"({"id":10,"type":"play","table":"t1","card":"1S"})", ErrorCode::BadMessage, 10, "'card'"},
        {R"({"id":10,"type":"play","table":"t1","card":["JS"]})", ErrorCode::BadMessage, 10, "'card'"},
    };
    for (const auto& c : cases) {
        SCOPED_TRACE(c.text);
        auto e = error_of(c.text);
        EXPECT_EQ(to_string(e.code), to_string(c.code));
        EXPECT_EQ(id_json(e.id), c.id);
        EXPECT_NE(e.message.find(c.mentions), std::string::npos) << e.message;
    }
}

TEST(DecodeTest, AnErrorQuotesAtMost32CharactersOfWhatTheClientSent) {
    EXPECT_EQ(echoed("dance"), "'dance'");
    EXPECT_EQ(echoed(std::string(32, 'a')), "'" + std::string(32, 'a') + "'");
    EXPECT_EQ(echoed(std::string(33, 'a')), "'" + std::string(32, 'a') + "…'");
    std::string accents;
    for (int i = 0; i < 40; ++i) accents += "é";  // 2 bytes each: cut after 32 characters, not bytes
    EXPECT_EQ(echoed(accents), "'" + accents.substr(0, 64) + "…'");
    const auto e =
        error_of(R"({"id":5,"type":"add_robot","table":"t1","seat":1,"level":")" + std::string(5000, 'x') + "\"}");
    EXPECT_EQ(e.code, ErrorCode::BadMessage);
    EXPECT_EQ(e.message, "field 'level' must be easy, medium, hard or expert, not '" + std::string(32, 'x') + "…'");
    EXPECT_EQ(error_of(R"({"id":1,"type":")" + std::string(100, 'd') + "\"}").message,
              "unknown message type '" + std::string(32, 'd') + "…'");
}

TEST(DecodeTest, NicknameLengthCountsCharactersNotBytes) {
    EXPECT_EQ(nickname_problem("ééééééééééééééééééééééé♠"), "");  // 24 characters, 48 bytes
    EXPECT_NE(nickname_problem("éééééééééééééééééééééééé♠"), "");
    EXPECT_NE(nickname_problem(std::string("a\x7f", 2)), "");
    EXPECT_NE(nickname_problem(std::string("a\0b", 3)), "");
    EXPECT_NE(nickname_problem("\xC3"), "");  // truncated UTF-8
}

TEST(DecodeTest, NeverThrowsOnHostileInput) {
    std::string deep(100000, '[');
    EXPECT_EQ(error_of(deep).code, ErrorCode::BadJson);
    EXPECT_EQ(error_of("\xff\xfe").code, ErrorCode::BadJson);
    EXPECT_EQ(error_of(R"({"id":1,"type":"play","table":"t1","card":"\u0000S"})").code, ErrorCode::BadMessage);
}

TEST(ErrorCodeTest, NamesAreStableAndRoundTrip) {
    EXPECT_EQ(to_string(ErrorCode::BadJson), "bad_json");
    EXPECT_EQ(to_string(ErrorCode::NotYourTurn), "not_your_turn");
    EXPECT_EQ(to_string(ErrorCode::Internal), "internal");
    for (int i = 0; i < error_code_count; ++i) {
        auto code = static_cast<ErrorCode>(i);
        EXPECT_EQ(parse_error_code(to_string(code)), code);
    }
    EXPECT_FALSE(parse_error_code("nope"));
}

}  // namespace decode_test
}  // namespace belote::protocol
