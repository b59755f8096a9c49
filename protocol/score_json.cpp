#include "protocol/score_json.hpp"

namespace belote::protocol {

nlohmann::json deal_score_json(const DealScore& s) {
    const char* outcome = s.outcome == DealOutcome::Made ? "made" : s.outcome == DealOutcome::Failed ? "failed" : "litige";
    return {{"takers", s.takers},
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
}

}  // namespace belote::protocol
