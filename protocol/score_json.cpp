#include "protocol/score_json.hpp"

namespace belote::protocol {

nlohmann::json deal_score_json(const DealScore& s) {
    const char* outcome = s.outcome == DealOutcome::Made     ? "made"
                          : s.outcome == DealOutcome::Failed ? "failed"
                                                             : "litige";
    nlohmann::json out = {{"takers", s.takers},
                          {"outcome", outcome},
                          {"capot", s.capot},
                          {"card_points", s.card_points},
                          {"last_trick", s.last_trick},
                          {"belote", s.belote},
                          {"melds", s.melds},
                          {"escrow_awarded", s.escrow_awarded},
                          {"escrow_added", s.escrow_added},
                          {"escrow", s.escrow_after},
                          {"score", s.score}};
    if (s.contract_value > 0) {  // coinche: the contract and its multiplier (1, 2, 3 or 4)
        out["contract_value"] = s.contract_value;
        out["multiplier"] = s.multiplier;
    }
    return out;
}

}  // namespace belote::protocol
