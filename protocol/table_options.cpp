#include "protocol/table_options.hpp"

namespace belote::protocol {

void apply_patch(const OptionsPatch& patch, MatchOptions& match, TableSettings& settings) {
    if (patch.variant && *patch.variant != match.variant) {
        match.variant = *patch.variant;
        match.rules = RuleOptions{};  // §9 rule options are per variant: a new variant starts from its defaults
    }
    if (patch.target) match.target = *patch.target;
    if (patch.turn_time_s) settings.turn_time_s = *patch.turn_time_s;
    if (patch.private_table) settings.private_table = *patch.private_table;
    if (patch.spectators) settings.spectators = *patch.spectators;
    if (patch.competitive) settings.competitive = *patch.competitive;
    if (patch.stake) settings.stake = *patch.stake;
}

nlohmann::json options_json(const MatchOptions& match, const TableSettings& settings) {
    return {{"variant", to_string(match.variant)},
            {"target", match.target},
            {"turn_time", settings.turn_time_s},
            {"private", settings.private_table},
            {"spectators", settings.spectators},
            {"competitive", settings.competitive},
            {"stake", settings.stake}};
}

}  // namespace belote::protocol
