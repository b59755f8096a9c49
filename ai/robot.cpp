#include "ai/robot.hpp"

#include "ai/bidding.hpp"
#include "ai/budget.hpp"
#include "ai/card_play.hpp"
#include "ai/levels.hpp"
#include "ai/three_player_play.hpp"
#include "engine/robot.hpp"

namespace belote::ai {

Action decide_with(const View& view, const LevelParams& params, const Budget& budget, std::uint64_t seed) {
    if (view.legal.empty()) return Action::pass();
    if (view.legal.size() == 1) return view.legal.front();
    Rng rng(seed);
    if (view.phase == Phase::Auction) {
        if (params.heuristic_bidding) return robot_decide(view, rng);
        return choose_call(view, params.bid, rng, budget);
    }
    // melds = manual (§3.2): the seat filler announces every combination at trick 1.
    if (view.legal.front().kind == ActionKind::Declare) return robot_decide(view, rng);
    const Card card =
        view.options.variant == Variant::Decouverte    ? choose_decouverte_card(view, params.play, rng, budget)
        : view.options.variant == Variant::ThreePlayer ? choose_three_player_card(view, params.play, rng, budget)
                                                       : choose_card(view, params.play, rng, budget);
    return with_belote_words(view, card);
}

Action decide(const View& view, const RobotSettings& settings, std::uint64_t seed) {
    if (view.legal.empty()) return Action::pass();
    if (view.legal.size() == 1) return view.legal.front();
    if (settings.level == Level::Easy) {
        Rng rng(seed);
        return robot_decide(view, rng);
    }
    return decide_with(view, level_params(settings.level, view.options.variant, settings.work_scale), Budget(settings),
                       seed);
}

}  // namespace belote::ai
