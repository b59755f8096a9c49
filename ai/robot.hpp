#pragma once
// The robots' public entry point: one decision from a seat's view (docs/design.md invariant 7).

#include <cstdint>

#include "ai/robot_settings.hpp"
#include "engine/view.hpp"

namespace belote::ai {

/// Chooses the action of the seat of `view` (view.observer.seat), which must be to act: view.legal
/// must not be empty (otherwise Action::pass() is returned). Returns one of view.legal.
///
/// Inputs: only the seat's view (what a human in that seat would see), the settings (level, time
/// budget and clock) and `seed`, which drives every random choice. Same view, settings and seed give
/// the same action in fixed-work mode (no clock), and with a clock unless the deadline cut the work.
///
/// A card is played with the belote words it allows (manual belote modes, §2.5); combinations are
/// announced as the seat filler does (melds = manual, §3.2). three_player (§7): cards by
/// three_player_play.hpp from medium up; calls simulated at hard and expert (bidding.hpp).
///
/// Cost: easy microseconds; medium, hard, expert up to settings.time_budget with a clock (about
/// 1, 5 and 25 ms median on one core without one; docs/robots.md has the measured percentiles).
/// Allocates a few MB of search tables per call. Thread-safe: no shared state, so calls for different
/// seats may run on different threads at once; runs on the caller's thread.
Action decide(const View& view, const RobotSettings& settings, std::uint64_t seed);

}  // namespace belote::ai
