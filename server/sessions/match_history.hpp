#pragma once
// The match history of a player (docs/protocol.md "history", "get_record" by match): what the
// store keeps of a match that ended, as the protocol shows it to the player who asks.

#include <optional>
#include <string>

#include "protocol/match_history.hpp"
#include "server/store/store.hpp"

namespace belote::sessions {

/// `match` as seen by player `player_id`: its seats (which one was the player's), totals, winner and
/// the result from the player's side (none when the player did not play it).
protocol::MatchEntry history_entry(const store::FinishedMatch& match, const std::string& player_id);

/// Whether player `player_id` may read `match`'s record: anyone for a public table's match; only
/// those who played it for a private table's.
bool may_read_record(const store::FinishedMatch& match, const std::string& player_id);

}  // namespace belote::sessions
