#include "platform/table_settings.hpp"

namespace belote::platform {

void apply_patch(const OptionsPatch& patch, MatchOptions& match, TableSettings& settings) {
    if (patch.variant && *patch.variant != match.variant) {
        match.variant = *patch.variant;
        match.rules = RuleOptions{};
    }
    if (patch.rules) match.rules = *patch.rules;
    if (patch.target) match.target = *patch.target;
    if (patch.turn_time_s) settings.turn_time_s = *patch.turn_time_s;
    if (patch.private_table) settings.private_table = *patch.private_table;
    if (patch.spectators) settings.spectators = *patch.spectators;
    if (patch.competitive) settings.competitive = *patch.competitive;
    if (patch.stake) settings.stake = *patch.stake;
    if (patch.robot_fill_s) settings.robot_fill_s = *patch.robot_fill_s;
    if (patch.robot_fill_level) settings.robot_fill_level = *patch.robot_fill_level;
}

}  // namespace belote::platform
