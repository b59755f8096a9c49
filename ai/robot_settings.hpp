#pragma once
// How strong a robot plays and how long it may think (issue 15: levels, time budget, fixed work).

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string_view>

namespace belote::ai {

/// Robot strength, weakest first. Each level plays stronger than the one below (docs/robots.md).
enum class Level : std::uint8_t {
    Easy,    ///< the engine's rule-based robot (engine/robot.cpp), kept as it was
    Medium,  ///< sampled worlds (hard constraints), heuristic playouts, heuristic bidding
    Hard,    ///< weighted worlds, exact solving of the last tricks, simulated bidding
    Expert,  ///< more worlds, exact solving from the middle of the deal, full inference
};

/// "easy", "medium", "hard", "expert".
std::string_view to_string(Level level);
/// Parses the names of to_string(Level); nullopt for anything else.
std::optional<Level> parse_level(std::string_view text);

/// Reads a monotonic clock. The robot never reads a clock of its own: the caller passes one.
using Clock = std::function<std::chrono::steady_clock::time_point()>;

/// What a robot may spend on one decision.
struct RobotSettings {
    Level level = Level::Expert;
    /// Wall-clock budget per decision, counted from the call; used only when `clock` is set. The robot
    /// does its level's work and stops early only when the deadline comes first.
    std::chrono::microseconds time_budget{std::chrono::milliseconds(40)};
    /// Empty: fixed-work mode (no clock at all; the decision depends only on the view, the settings
    /// and the seed). Set: the deadline start + time_budget bounds the thinking time.
    Clock clock;
    /// Multiplies the level's amount of work (worlds sampled, solver nodes); 1 = the level as
    /// documented. For benchmarks and tuning only.
    double work_scale = 1.0;
};

}  // namespace belote::ai
