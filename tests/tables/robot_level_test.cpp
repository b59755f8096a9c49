// The level of the robot that plays a seat (platform/table_state.hpp robot_level): a seated robot
// plays at the level `add_robot` gave it; a human's seat, once a robot plays it, at the table
// policy's takeover level.

#include <gtest/gtest.h>

#include <vector>

#include "platform/decide.hpp"
#include "platform/evolve.hpp"
#include "platform/snapshot.hpp"
#include "platform/table_state.hpp"

namespace belote::testing {
namespace robot_level_test {

using namespace platform;

/// Applies `command` to `state`; fails the test when it is not accepted.
void apply(TableState& state, const Command& command) {
    Decision decision = decide(state, command, 0);
    auto* events = std::get_if<std::vector<TableEvent>>(&decision);
    ASSERT_NE(events, nullptr) << "refused or deferred";
    std::vector<Published> out;
    for (const auto& e : *events) evolve(state, e, 0, out);
}

TEST(RobotLevelTest, SeatedRobotsKeepTheirLevelAndTakeoversUseThePolicy) {
    TablePolicy policy;
    policy.takeover_robot_level = RobotLevel::Medium;
    TableState s = TableState::create("t1", MatchOptions{}, TableSettings{}, policy, "");
    const PlayerRef ana{"p1", "Ana"};
    apply(s, FromPlayer{ana, Sit{0, {}}});
    apply(s, FromPlayer{ana, AddRobot{1, RobotLevel::Expert}});
    apply(s, FromPlayer{ana, AddRobot{2, RobotLevel::Hard}});
    apply(s, FromPlayer{ana, AddRobot{3}});
    EXPECT_EQ(s.robot_level(1), RobotLevel::Expert);
    EXPECT_EQ(s.robot_level(2), RobotLevel::Hard);
    EXPECT_EQ(s.robot_level(3), RobotLevel::Easy);  // no level given
    ASSERT_TRUE(s.occupant(1)->level);
    EXPECT_EQ(*s.occupant(1)->level, RobotLevel::Expert);
    EXPECT_FALSE(s.occupant(0)->level);  // a human has none
    EXPECT_FALSE(seat_status(s, 0).robot_level);

    apply(s, FromPlayer{ana, Start{42}});
    EXPECT_EQ(seat_status(s, 1).robot_level, RobotLevel::Expert);  // a seated robot plays as itself
    EXPECT_FALSE(seat_status(s, 0).robot_level);                   // Ana plays
    apply(s, ConnectionLost{ana});
    EXPECT_TRUE(s.robot_controlled(0));
    EXPECT_EQ(s.robot_level(0), RobotLevel::Medium);
    EXPECT_EQ(seat_status(s, 0).robot_level, RobotLevel::Medium);  // what everyone is told
}

TEST(RobotLevelTest, APersonsSeatIsPlayedByARobotOnlyInAMatch) {
    TableState s = TableState::create("t1", MatchOptions{}, TableSettings{}, TablePolicy{}, "");
    const PlayerRef ana{"p1", "Ana"}, bia{"p2", "Bia"};
    apply(s, FromPlayer{ana, Sit{0, {}}});
    apply(s, FromPlayer{bia, Sit{1, {}}});
    apply(s, FromPlayer{ana, AddRobot{2}});
    apply(s, FromPlayer{ana, AddRobot{3}});
    apply(s, ConnectionLost{bia});
    EXPECT_FALSE(s.robot_controlled(1));  // gone before the match: nobody plays for her yet
    EXPECT_FALSE(seat_status(s, 1).robot_playing);
    EXPECT_TRUE(s.robot_controlled(2));  // a seated robot always plays its seat

    apply(s, FromPlayer{ana, Start{42}});
    EXPECT_TRUE(s.robot_controlled(1));
    EXPECT_TRUE(seat_status(s, 1).robot_playing);
    EXPECT_FALSE(s.robot_controlled(0));
}

}  // namespace robot_level_test
}  // namespace belote::testing
