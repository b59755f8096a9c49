#include "ai/robot_settings.hpp"

#include <array>
#include <utility>

namespace belote::ai {
namespace {
constexpr std::array<std::pair<Level, std::string_view>, 4> level_names{{
    {Level::Easy, "easy"},
    {Level::Medium, "medium"},
    {Level::Hard, "hard"},
    {Level::Expert, "expert"},
}};
}  // namespace

std::string_view to_string(Level level) {
    for (auto& [l, name] : level_names)
        if (l == level) return name;
    return "unknown";
}

std::optional<Level> parse_level(std::string_view text) {
    for (auto& [l, name] : level_names)
        if (name == text) return l;
    return std::nullopt;
}

}  // namespace belote::ai
