#pragma once
// The replay viewer's data (docs/protocol.md "get_record by match"): a game record replayed through
// the engine and laid out deal by deal and trick by trick, so that a client shows a finished match
// without any rules logic of its own.

#include <nlohmann/json.hpp>

#include "engine/record.hpp"

namespace belote::protocol {

/// The output of `belote replay` for `record` (replay_json: variant, target, deals, totals,
/// finished, winner, cancelled, error), each deal of `deals` with in addition:
///   "hands": [[cards of seat 0], …] each seat's cards when the play began (classic: completed after
///            the auction; coinche: the 8 dealt; découverte: the 16 cards of the tableau, face-down
///            ones included; a thrown-in deal: the cards dealt before everyone passed),
///   "turn_up": the turned-up card (découverte: the indicator) or null,
///   "auction": the calls in order, as in the `auction_call` event ({"seat","call",…}),
///   "contract": {"taker","trump"} (coinche also "contract","value","contre") or null,
///   "melds": the combinations shown at trick 2 ({"team","points","melds"}, as `melds_shown`) or null,
///   "tricks": [{"trick":n,"leader":s,"cards":[{"seat","card","belote"}],"winner":w,"points":p}, …]
///             in order (the last one without "winner" and "points" when the record stops in it).
/// A deal the record stops in (a cancelled match, or a replay error) comes last, with these fields,
/// its "deal" and "dealer", and "unfinished": true instead of "score" and "totals".
nlohmann::json replay_view_json(const GameRecord& record);

}  // namespace belote::protocol
