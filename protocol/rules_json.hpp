#pragma once
// Rule options (docs/rules.md §9) <-> JSON: the "rules" object of create_table and of game records.

#include <nlohmann/json.hpp>

#include <string>
#include <variant>

#include "engine/options.hpp"

namespace belote::protocol {

/// A rules object that could not be accepted. `option` is the §9 name of the offending option
/// (empty when the problem is the object itself); `message` is readable and names it.
struct RulesError {
    std::string option;
    std::string message;
};

/// Reads `rules` (a JSON object of §9 option names -> values) for `variant` into RuleOptions,
/// starting from the §9 defaults. `rules` may be null (all defaults).
///
/// Refused (RulesError naming the option): not an object; an unknown option name; an option the
/// variant does not use (e.g. `coinche_tie` on classic, `must_undertrump` on decouverte, meld
/// options on coinche with `"coinche_announcements": false`); a value of the wrong type or outside
/// the §9 values; a §9 option the engine does not implement set to anything but its default
/// (e.g. `"melds": "manual"`). The result also passes belote::validate(). Never throws.
std::variant<RuleOptions, RulesError> rules_from_json(const nlohmann::json& rules, Variant variant);

/// Every option that `options.variant` uses, by its §9 name, with its value in `options.rules`
/// (defaults included), so a reader never has to know the defaults. rules_from_json accepts it.
nlohmann::json rules_json(const MatchOptions& options);

}  // namespace belote::protocol
