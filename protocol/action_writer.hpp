#pragma once
// Cards and actions written straight into a JsonWriter (json_writer.hpp), in the JSON of
// action_json.hpp: for the messages sent at every card and for the journal entry of every action.

#include <string_view>

#include "engine/action.hpp"
#include "engine/card.hpp"
#include "protocol/json_writer.hpp"

namespace belote::protocol {

/// A card as its two-character name ("7S"): no allocation.
void write_card(JsonWriter& w, Card card);
/// An array of card names.
void write_cards(JsonWriter& w, CardSet cards);
/// The members of an action (action_json) with its kind under `kind_key` ("type" in a legal list,
/// "call" in an auction_call); the caller opens and closes the object.
void write_action_members(JsonWriter& w, const Action& a, std::string_view kind_key);
/// One action as an object in the shape of the client message that requests it (action_json).
void write_action(JsonWriter& w, const Action& a);

}  // namespace belote::protocol
