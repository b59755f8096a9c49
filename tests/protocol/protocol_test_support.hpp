#pragma once
// Helpers shared by the protocol tests: an event's JSON as one recipient gets it, and what
// decode_request makes of a text (card literals: tests/engine/test_support.hpp).

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

#include "protocol/decode.hpp"
#include "protocol/event_json.hpp"

namespace belote::protocol::testing {

/// `e` as seat `s` gets it, at table "t1" with sequence number 7.
inline nlohmann::json for_seat(const Event& e, Seat s) { return event_json(e, Observer::of_seat(s), "t1", 7); }

/// `e` as a spectator gets it, at table "t1" with sequence number 7.
inline nlohmann::json for_spectator(const Event& e) { return event_json(e, Observer::spectator(), "t1", 7); }

/// The DecodeError of `text`; a test failure (and an empty error) when it decodes to a request.
inline DecodeError error_of(std::string_view text) {
    auto decoded = decode_request(text);
    if (auto* e = std::get_if<DecodeError>(&decoded)) return *e;
    ADD_FAILURE() << "expected an error for " << text;
    return {};
}

/// The Request of `text`; a test failure (and an empty request) when it does not decode.
inline Request request_of(std::string_view text) {
    auto decoded = decode_request(text);
    if (auto* r = std::get_if<Request>(&decoded)) return *r;
    ADD_FAILURE() << "expected a request for " << text << ", got " << std::get<DecodeError>(decoded).message;
    return {};
}

/// The table a table message `text` is for.
inline std::string table_of(std::string_view text) { return std::get<TableCommand>(request_of(text).command).table; }

}  // namespace belote::protocol::testing
