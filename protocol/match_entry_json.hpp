#pragma once
// A history entry as JSON, for the replies of protocol/ that list matches (history, profile).
// protocol/ only: the server never sees JSON.

#include <nlohmann/json.hpp>

#include "protocol/match_history.hpp"

namespace belote::protocol {

/// An entry as in a history reply (docs/protocol.md "history").
nlohmann::json match_entry_json(const MatchEntry& match);

}  // namespace belote::protocol
