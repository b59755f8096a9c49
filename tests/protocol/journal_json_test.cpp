// The journal's JSON (protocol/journal_json): every table event and a table's creation read back
// as they were written, and what is not a journal entry is refused with a reason.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "protocol/journal_json.hpp"

namespace belote::protocol {
namespace journal_json_test {

using namespace platform;

std::string round_trip(const TableEvent& event) {
    auto text = journal_text(event);
    auto back = journal_event_from_text(text);
    if (const auto* error = std::get_if<std::string>(&back)) return "error: " + *error;
    return journal_text(std::get<TableEvent>(back));
}

TEST(JournalJsonTest, EveryEventReadsBackAsItWasWritten) {
    MatchOptions coinche{Variant::Coinche, 501, {}};
    const std::vector<TableEvent> events = {
        Seated{2, {"pabc", "Ana"}},
        Seated{1, {"pbea", "Bea"}, SeatStanding{true, 1080, 145}},
        Seated{0, {"pgus", "Gus"}, SeatStanding{false, 0, 0}},
        StandingChanged{1, SeatStanding{true, 400, 160}},
        RobotSeated{1, RobotLevel::Hard},
        SeatFreed{3},
        OptionsChanged{coinche, TableSettings{30, true, false, true, 100}},
        OptionsChanged{coinche, TableSettings{0, false, true, false, 0, 10, RobotLevel::Expert}},  // quick play
        SpectatorJoined{{"pw", "Wu"}},
        SpectatorLeft{{"pw", "Wu"}, true},
        ChatPosted{{"pabc", "Ana"}, 2, "bonjour \"à\" tous"},
        ChatPosted{{"pw", "Wu"}, std::nullopt, "hi"},
        ChatPosted{{"pw", "Wu"}, std::nullopt, "Thanks", "thanks"},
        InviteRenewed{"0123456789abcdef0123456789abcdef"},
        MatchBegun{18'446'744'073'709'551'615ull},
        MatchBegun{7, {true, 100, false, {true, true, false, false}, true, {Rating{1662.311, 290.3, 0.05999, 1}}}},
        ActionTaken{0, Action::play(parse_card("KH").value(), BeloteCall::Belote), ActionSource::Timeout},
        ActionTaken{1, Action::bid(110, Contract::no_trump()), ActionSource::Robot},
        ActionTaken{2, Action::name_suit(Suit::Clubs), ActionSource::Player},
        TurnOverdue{1},
        AutoMoved{1},
        WentAway{1},
        CameBack{1},
        Disconnected{3, 1'800'000'180'000},
        Disconnected{3, std::nullopt},
        Reconnected{3},
        Abandoned{3},
        CancelProposed{0, 1'800'000'030'000, {0, 2}, 4},
        CancelVoted{2, false},
        CancelRejected{CancelEnd::MatchEnded},
        MatchCancelled{},
    };
    for (const auto& event : events) EXPECT_EQ(round_trip(event), journal_text(event));
    EXPECT_EQ(journal_text(MatchBegun{18'446'744'073'709'551'615ull}),
              R"({"event":"match_begun","seed":18446744073709551615})");
    // A seat taken before standings were journaled reads back without one (an unknown standing).
    EXPECT_EQ(journal_text(Seated{2, {"pabc", "Ana"}}),
              R"({"event":"seated","player":{"id":"pabc","name":"Ana"},"seat":2})");
    EXPECT_EQ(journal_text(Seated{1, {"pbea", "Bea"}, SeatStanding{true, 1080, 145}}),
              R"({"event":"seated","player":{"id":"pbea","name":"Bea"},"seat":1,)"
              R"("standing":{"chips":1080,"registered":true,"xp":145}})");
}

// An action's entry is written directly (not through a JSON tree): every kind of action, as JSON
// values; and an entry written by the tree (keys in order) before that still reads back.
TEST(JournalJsonTest, EveryKindOfActionIsWrittenAsItsJson) {
    const auto kh = parse_card("KH").value();
    const std::vector<std::pair<Action, nlohmann::json>> cases = {
        {Action::pass(), {{"type", "pass"}}},
        {Action::take(), {{"type", "take"}}},
        {Action::name_suit(Suit::Clubs), {{"type", "name"}, {"suit", "C"}}},
        {Action::play(kh), {{"type", "play"}, {"card", "KH"}}},
        {Action::play(kh, BeloteCall::Rebelote), {{"type", "play"}, {"card", "KH"}, {"belote", "rebelote"}}},
        {Action::declare(CardSet{kh}), {{"type", "declare"}, {"cards", {"KH"}}}},
        {Action::bid(110, Contract::no_trump()), {{"type", "bid"}, {"value", 110}, {"suit", "SA"}}},
        {Action::bid(capot_bid_value, Contract::suit(Suit::Hearts)),
         {{"type", "bid"}, {"value", "capot"}, {"suit", "H"}}},
        {Action::contre(), {{"type", "contre"}}},
        {Action::surcontre(), {{"type", "surcontre"}}},
    };
    for (const auto& [action, expected] : cases) {
        const auto text = journal_text(ActionTaken{3, action, ActionSource::Robot});
        EXPECT_EQ(nlohmann::json::parse(text),
                  (nlohmann::json{{"event", "action_taken"}, {"seat", 3}, {"action", expected}, {"source", "robot"}}))
            << text;
        EXPECT_EQ(round_trip(ActionTaken{3, action, ActionSource::Robot}), text);
    }
    const auto old = journal_event_from_text(
        R"({"action":{"belote":"belote","card":"KH","type":"play"},"event":"action_taken","seat":0,"source":"timeout"})");
    ASSERT_TRUE(std::holds_alternative<TableEvent>(old));
    EXPECT_EQ(journal_text(std::get<TableEvent>(old)),
              journal_text(ActionTaken{0, Action::play(kh, BeloteCall::Belote), ActionSource::Timeout}));
}

TEST(JournalJsonTest, ACreationReadsBackWithItsRulesAndSettings) {
    MatchOptions options{Variant::ClassicAnnouncements, 501, {}};
    options.rules.belote.announcement = BeloteAnnouncement::Manual;
    TableCreation creation{options, TableSettings{0, true, true, false, 0, 15, RobotLevel::Hard}, "code"};
    auto back = creation_from_text(creation_text(creation));
    ASSERT_TRUE(std::holds_alternative<TableCreation>(back)) << std::get<std::string>(back);
    const auto& c = std::get<TableCreation>(back);
    EXPECT_EQ(c.options, options);
    EXPECT_EQ(c.settings, creation.settings);
    EXPECT_EQ(c.invite, "code");
}

TEST(JournalJsonTest, WhatIsNotAnEntryIsRefusedWithAReason) {
    auto error = [](std::string_view text) {
        auto r = journal_event_from_text(text);
        return std::holds_alternative<std::string>(r) ? std::get<std::string>(r) : std::string("accepted");
    };
    EXPECT_EQ(error("[1]"), "not a JSON object");
    EXPECT_EQ(error(R"({"event":"teleported"})"), "unknown event 'teleported'");
    EXPECT_EQ(error(R"({"event":"seat_freed"})"), "missing 'seat'");
    EXPECT_EQ(error(R"({"event":"seat_freed","seat":7})"), "bad 'seat'");
    EXPECT_EQ(error(R"({"event":"action_taken","seat":0,"action":{"type":"fly"},"source":"player"})"), "bad 'action'");
    EXPECT_EQ(error(R"({"event":"seated","seat":0,"player":{"id":"p"}})"), "missing 'name'");
    EXPECT_EQ(error(R"({"event":"robot_seated","seat":1,"level":"godlike"})"), "bad 'level'");
}

}  // namespace journal_json_test
}  // namespace belote::protocol
