#pragma once
// How strongly a robot plays (docs/robots.md "Levels"). The table only stores and shows it; the
// server's robot pool maps it to the robots of ai/.

#include <cstdint>

namespace belote::platform {

/// A robot's level: `easy` is the engine's rule-of-thumb robot, `expert` the strongest search.
enum class RobotLevel : std::uint8_t { Easy, Medium, Hard, Expert };

}  // namespace belote::platform
