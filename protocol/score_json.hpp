#pragma once
// A deal's score breakdown as JSON (the `score` object of deal_scored and of snapshot history).

#include <nlohmann/json.hpp>

#include "engine/scoring.hpp"

namespace belote::protocol {

/// {"takers","outcome":"made"|"failed"|"litige","capot","card_points","last_trick","belote",
///  "melds","escrow_awarded","escrow_added","escrow","score"}; arrays indexed by team. Coinche adds
/// "contract_value" (80..160, 250 = capot) and "multiplier" (1, 2, 3 or 4).
nlohmann::json deal_score_json(const DealScore& score);

}  // namespace belote::protocol
