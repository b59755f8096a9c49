// protocol::decode_request for the table-platform requests and the new fields of hello, sit and
// create_table (docs/protocol.md "Table chief and options" ... "Reconnection").

#include <gtest/gtest.h>

#include "protocol/decode.hpp"
#include "tests/protocol/protocol_test_support.hpp"

namespace belote::protocol {
namespace decode_tables_test {

using namespace platform;

template <class T>
T decoded(const std::string& text) {
    auto d = decode_request(text);
    const auto* request = std::get_if<Request>(&d);
    if (!request) ADD_FAILURE() << text << " -> " << std::get<DecodeError>(d).message;
    const T* command = nullptr;
    if constexpr (std::is_constructible_v<TableRequest, T>) {
        const auto* table = request ? std::get_if<TableCommand>(&request->command) : nullptr;
        command = table ? std::get_if<T>(&table->request) : nullptr;
    } else {
        command = request ? std::get_if<T>(&request->command) : nullptr;
    }
    if (!command) {
        ADD_FAILURE() << text << " decoded to another command";
        return T{};
    }
    return *command;
}

using testing::table_of;

/// The code of the DecodeError of `text`, or "<ok>" when it decodes.
std::string decode_error_code(const std::string& text) {
    auto d = decode_request(text);
    const auto* e = std::get_if<DecodeError>(&d);
    return e ? std::string(to_string(e->code)) : "<ok>";
}

TEST(DecodeTablesTest, SetOptionsKeepsOnlyTheGivenFields) {
    const std::string text =
        R"({"type":"set_options","id":1,"table":"t1","options":{"turn_time":20,"stake":5,"private":true}})";
    auto c = decoded<SetOptions>(text);
    EXPECT_EQ(table_of(text), "t1");
    EXPECT_EQ(c.patch.turn_time_s, 20);
    EXPECT_EQ(c.patch.stake, 5);
    EXPECT_EQ(c.patch.private_table, true);
    EXPECT_FALSE(c.patch.target);
    EXPECT_FALSE(c.patch.variant);
    EXPECT_FALSE(c.patch.spectators);
}

TEST(DecodeTablesTest, SetOptionsRanges) {
    auto set = [](const std::string& options) {
        return decode_error_code(R"({"type":"set_options","id":1,"table":"t1","options":)" + options + "}");
    };
    EXPECT_EQ(set(R"({"turn_time":0})"), "<ok>");
    EXPECT_EQ(set(R"({"turn_time":5})"), "<ok>");
    EXPECT_EQ(set(R"({"turn_time":120})"), "<ok>");
    EXPECT_EQ(set(R"({"turn_time":4})"), "invalid_options");
    EXPECT_EQ(set(R"({"turn_time":121})"), "invalid_options");
    EXPECT_EQ(set(R"({"target":500})"), "invalid_options");
    EXPECT_EQ(set(R"({"stake":1000001})"), "invalid_options");
    EXPECT_EQ(set(R"({"variant":"classic"})"), "<ok>");
    EXPECT_EQ(set(R"({"variant":"nope"})"), "invalid_options");
    EXPECT_EQ(set(R"({"private":"yes"})"), "bad_message");
    EXPECT_EQ(set(R"([])"), "bad_message");
    EXPECT_EQ(decode_error_code(R"({"type":"set_options","id":1,"table":"t1"})"), "bad_message");
}

TEST(DecodeTablesTest, CancelWatchChatInviteStand) {
    EXPECT_EQ(decoded<VoteCancel>(R"({"type":"vote_cancel","id":1,"table":"t1","accept":true})").accept, true);
    EXPECT_EQ(decode_error_code(R"({"type":"vote_cancel","id":1,"table":"t1"})"), "bad_message");
    decoded<ProposeCancel>(R"({"type":"propose_cancel","id":1,"table":"t2"})");
    EXPECT_EQ(table_of(R"({"type":"propose_cancel","id":1,"table":"t2"})"), "t2");
    decoded<Stand>(R"({"type":"stand","id":1,"table":"t2"})");
    EXPECT_EQ(table_of(R"({"type":"stand","id":1,"table":"t2"})"), "t2");
    decoded<RenewInvite>(R"({"type":"renew_invite","id":1,"table":"t2"})");
    EXPECT_EQ(table_of(R"({"type":"renew_invite","id":1,"table":"t2"})"), "t2");
    EXPECT_EQ(decoded<Watch>(R"({"type":"watch","id":1,"table":"t1","invite":"ab"})").invite, "ab");
    EXPECT_FALSE(decoded<Watch>(R"({"type":"watch","id":1,"table":"t1"})").invite);
    EXPECT_EQ(decoded<Sit>(R"({"type":"sit","id":1,"table":"t1","seat":1,"invite":"cd"})").invite, "cd");
    EXPECT_EQ(decoded<RemoveRobot>(R"({"type":"remove_robot","id":1,"table":"t1","seat":3})").seat, 3);
    EXPECT_EQ(decoded<Chat>(R"({"type":"chat","id":1,"table":"t1","text":"olá <b>"})").text, "olá <b>");
    EXPECT_EQ(decode_error_code(R"({"type":"chat","id":1,"table":"t1","text":""})"), "bad_chat");
    EXPECT_EQ(decode_error_code(R"({"type":"chat","id":1,"table":"t1","text":"a\u0007"})"), "bad_chat");
    EXPECT_EQ(decode_error_code(R"({"type":"chat","id":1,"table":"t1","text":")" + std::string(301, 'x') + "\"}"),
              "bad_chat");
    EXPECT_EQ(decode_error_code(R"({"type":"chat","id":1,"table":"t1","text":")" + std::string(300, 'x') + "\"}"),
              "<ok>");
}

// docs/protocol.md "chat": a quick-chat phrase goes by its key, with its English wording.
TEST(DecodeTablesTest, AQuickChatPhraseIsSentByItsKey) {
    auto phrase = decoded<Chat>(R"({"type":"chat","id":1,"table":"t1","phrase":"well_played"})");
    EXPECT_EQ(phrase.phrase, "well_played");
    EXPECT_EQ(phrase.text, "Well played!");
    EXPECT_EQ(decoded<Chat>(R"({"type":"chat","id":1,"table":"t1","phrase":"good_game"})").text, "Good game");
    EXPECT_EQ(decoded<Chat>(R"({"type":"chat","id":1,"table":"t1","phrase":"heart"})").text, "\u2665");  // an emote
    EXPECT_FALSE(decoded<Chat>(R"({"type":"chat","id":1,"table":"t1","text":"oi"})").phrase);
    EXPECT_EQ(decode_error_code(R"({"type":"chat","id":1,"table":"t1","phrase":"insult"})"), "bad_chat");
    EXPECT_EQ(decode_error_code(R"({"type":"chat","id":1,"table":"t1","phrase":"thanks","text":"x"})"), "bad_chat");
    EXPECT_EQ(decode_error_code(R"({"type":"chat","id":1,"table":"t1","phrase":1})"), "bad_message");
}

TEST(DecodeTablesTest, HelloResumeAndCreateTableOptions) {
    auto hello =
        decoded<Hello>(R"({"type":"hello","id":1,"protocol":1,"nickname":"A","token":"x","resume":{"t1":42,"t3":0}})");
    EXPECT_EQ(hello.resume.at("t1"), 42u);
    EXPECT_EQ(hello.resume.at("t3"), 0u);
    EXPECT_EQ(decode_error_code(R"({"type":"hello","id":1,"protocol":1,"nickname":"A","resume":{"t1":-1}})"),
              "bad_message");
    EXPECT_EQ(decode_error_code(R"({"type":"hello","id":1,"protocol":1,"nickname":"A","resume":[1]})"), "bad_message");
    auto create = decoded<CreateTable>(
        R"({"type":"create_table","id":1,"variant":"classic","private":true,"turn_time":30,"spectators":false,"competitive":true,"stake":7})");
    EXPECT_TRUE(create.settings.private_table);
    EXPECT_EQ(create.settings.turn_time_s, 30);
    EXPECT_FALSE(create.settings.spectators);
    EXPECT_TRUE(create.settings.competitive);
    EXPECT_EQ(create.settings.stake, 7);
    EXPECT_EQ(decode_error_code(R"({"type":"create_table","id":1,"variant":"classic","turn_time":1})"),
              "invalid_options");
}

}  // namespace decode_tables_test
}  // namespace belote::protocol
