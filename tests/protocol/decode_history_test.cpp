// protocol::decode_request for the match history: `history` and `get_record` by match.

#include <gtest/gtest.h>

#include "protocol/decode.hpp"
#include "tests/protocol/protocol_test_support.hpp"

namespace belote::protocol {
namespace decode_history_test {

using testing::error_of;

template <class T>
T command_of(std::string_view text) {
    auto decoded = decode_request(text);
    if (auto* r = std::get_if<Request>(&decoded)) return std::get<T>(r->command);
    ADD_FAILURE() << "expected a request for " << text << ", got " << std::get<DecodeError>(decoded).message;
    return {};
}

TEST(DecodeHistoryTest, HistoryTakesAnOptionalCursorAndLimit) {
    auto plain = command_of<History>(R"({"type":"history","id":1})");
    EXPECT_FALSE(plain.cursor);
    EXPECT_EQ(plain.limit, 20);
    auto paged = command_of<History>(R"({"type":"history","id":1,"cursor":"41","limit":50})");
    EXPECT_EQ(paged.cursor, 41);
    EXPECT_EQ(paged.limit, 50);
    auto nulls = command_of<History>(R"({"type":"history","id":1,"cursor":null,"limit":null})");
    EXPECT_FALSE(nulls.cursor);
    EXPECT_EQ(nulls.limit, 20);
    EXPECT_EQ(command_of<History>(R"({"type":"history","id":1,"limit":1})").limit, 1);
}

TEST(DecodeHistoryTest, HistoryRefusesABadCursorOrLimit) {
    for (auto text : {R"({"type":"history","id":1,"limit":0})", R"({"type":"history","id":1,"limit":51})",
                      R"({"type":"history","id":1,"limit":-3})", R"({"type":"history","id":1,"limit":"5"})",
                      R"({"type":"history","id":1,"limit":2.5})"}) {
        auto e = error_of(text);
        EXPECT_EQ(e.code, ErrorCode::BadMessage) << text;
    }
    EXPECT_EQ(error_of(R"({"type":"history","id":1,"limit":0})").message, "field 'limit' must be within 1..50");
    EXPECT_EQ(error_of(R"({"type":"history","id":1,"limit":"5"})").message, "field 'limit' must be an integer");
    for (auto text : {R"({"type":"history","id":1,"cursor":""})", R"({"type":"history","id":1,"cursor":"x1"})",
                      R"({"type":"history","id":1,"cursor":"0"})", R"({"type":"history","id":1,"cursor":"-2"})",
                      R"({"type":"history","id":1,"cursor":"99999999999999999999"})"}) {
        auto e = error_of(text);
        EXPECT_EQ(e.code, ErrorCode::BadMessage) << text;
        EXPECT_EQ(e.message, "field 'cursor' must be the 'next' of a history reply") << text;
    }
    EXPECT_EQ(error_of(R"({"type":"history","id":1,"cursor":7})").message, "field 'cursor' must be a string");
}

TEST(DecodeHistoryTest, GetRecordByMatch) {
    EXPECT_EQ(command_of<GetMatchRecord>(R"({"type":"get_record","id":1,"match":"tAB-2"})").match, "tAB-2");
    EXPECT_EQ(command_of<GetMatchRecord>(R"({"type":"get_record","id":1,"match":"tAB-2","table":null})").match,
              "tAB-2");
    // By table, as before (a null match is no match).
    auto decoded = decode_request(R"({"type":"get_record","id":1,"table":"t1","match":null})");
    ASSERT_TRUE(std::holds_alternative<Request>(decoded));
    EXPECT_TRUE(std::holds_alternative<TableCommand>(std::get<Request>(decoded).command));
}

TEST(DecodeHistoryTest, GetRecordByMatchRefusesABadId) {
    auto both = error_of(R"({"type":"get_record","id":1,"match":"t1-1","table":"t1"})");
    EXPECT_EQ(both.code, ErrorCode::BadMessage);
    EXPECT_EQ(both.message, "get_record takes 'table' or 'match', not both");
    EXPECT_EQ(error_of(R"({"type":"get_record","id":1,"match":""})").message,
              "field 'match' must be a match id of 1..64 characters");
    const std::string long_id = R"({"type":"get_record","id":1,"match":")" + std::string(65, 'm') + R"("})";
    EXPECT_EQ(error_of(long_id).message, "field 'match' must be a match id of 1..64 characters");
    EXPECT_EQ(error_of(R"({"type":"get_record","id":1,"match":5})").message, "field 'match' must be a string");
    EXPECT_EQ(error_of(R"({"type":"get_record","id":1})").message, "missing field 'table'");
}

}  // namespace decode_history_test
}  // namespace belote::protocol
