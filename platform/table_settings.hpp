#pragma once
// What a table chief sets besides the rules of the match (docs/protocol.md "Table options").

#include <optional>

#include "engine/options.hpp"
#include "platform/robot_level.hpp"

namespace belote::platform {

/// Shortest and longest time per move, in seconds (0 = no time limit).
inline constexpr int min_turn_time_s = 5;
inline constexpr int max_turn_time_s = 120;
/// Largest stake per match, in chips.
inline constexpr int max_stake = 1'000'000;

/// The platform options of a table (docs/rules.md §8.1, §9 last row).
struct TableSettings {
    int turn_time_s = 0;         ///< time per move in seconds; 0 = off, else min..max_turn_time_s
    bool private_table = false;  ///< not listed; sitting or watching needs the invitation code
    bool spectators = true;      ///< anyone who may see the table may watch it
    bool competitive = false;    ///< competitive (true) or practice (false)
    int stake = 0;               ///< chips per player, stored with each match (0..max_stake)
    /// Robot fill (quick play): this many seconds after the first person sits at a table that has not
    /// begun its first match, robots take the empty seats and the match starts; 0 = off, else
    /// min..max_turn_time_s.
    int robot_fill_s = 0;
    RobotLevel robot_fill_level = RobotLevel::Easy;  ///< the level of the robots the fill seats
    bool operator==(const TableSettings&) const = default;
};

/// A partial change of options (set_options): only the present fields change. Ranges are already
/// checked by the decoder (target 301/501/1000, turn time 0 or 5..120, stake 0..max_stake);
/// `variant` is any variant the engine knows: the table checks it keeps its number of seats. `rules`
/// (docs/rules.md §9) come with `variant` and are already valid for it.
struct OptionsPatch {
    std::optional<Variant> variant;
    std::optional<RuleOptions> rules;  ///< replaces every rule option (those not given: §9 defaults)
    std::optional<int> target;
    std::optional<int> turn_time_s;
    std::optional<bool> private_table;
    std::optional<bool> spectators;
    std::optional<bool> competitive;
    std::optional<int> stake;
    std::optional<int> robot_fill_s;
    std::optional<RobotLevel> robot_fill_level;
};

/// Applies `patch` to `match` (variant, target) and `settings` (the rest). A change of variant
/// resets `match.rules` to the defaults (rule options are per variant, docs/rules.md §9); `rules`,
/// when given, then replace them.
void apply_patch(const OptionsPatch& patch, MatchOptions& match, TableSettings& settings);

}  // namespace belote::platform
