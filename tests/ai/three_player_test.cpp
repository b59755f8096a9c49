// ai::decide at a three_player seat (docs/rules.md §7): the search models two sides, so every level
// decides as the engine's seat-filler robot with the same seed (docs/robots.md), and a whole match
// of robots at every level is legal to its end.

#include <gtest/gtest.h>

#include "ai/robot.hpp"
#include "engine/match.hpp"
#include "engine/robot.hpp"

namespace belote::ai {
namespace {

TEST(ThreePlayerRobots, EveryLevelPlaysAsTheSeatFillerAndAMatchEnds) {
    MatchOptions options;
    options.variant = Variant::ThreePlayer;
    options.target = 301;
    Match match(options, 17);
    match.start();
    const Level levels[3] = {Level::Expert, Level::Hard, Level::Medium};
    int decisions = 0;
    for (int guard = 0; guard < 5000 && !match.finished(); ++guard) {
        const Seat seat = *match.to_act();
        const View view = match.view(Observer::of_seat(seat));
        const std::uint64_t seed = 1000 + static_cast<std::uint64_t>(guard);
        RobotSettings settings;
        settings.level = levels[seat];
        const Action chosen = decide(view, settings, seed);
        Rng rng(seed);
        const Action filler = view.legal.size() == 1 ? view.legal.front() : robot_decide(view, rng);
        ASSERT_EQ(chosen, filler) << "seat " << seat << " decision " << decisions;
        ASSERT_TRUE(match.apply(seat, chosen).ok());
        ++decisions;
    }
    EXPECT_TRUE(match.finished());
    EXPECT_EQ(match.totals().size(), 3);
    EXPECT_GT(decisions, 24);
}

}  // namespace
}  // namespace belote::ai
