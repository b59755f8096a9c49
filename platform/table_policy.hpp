#pragma once
// The platform limits and windows of a table (docs/protocol.md "Bounds" and "Presence").

#include <chrono>
#include <cstddef>

#include "platform/robot_level.hpp"

namespace belote::platform {

/// Durations and limits a Table enforces. Defaults are the documented values.
struct TablePolicy {
    /// How long a disconnected player's seat stays reserved during a match (robot plays meanwhile).
    std::chrono::milliseconds reclaim_window = std::chrono::minutes(3);
    /// How long seated humans have to answer a cancel proposal.
    std::chrono::milliseconds cancel_window = std::chrono::seconds(30);
    /// Cancel proposals a player may make per match.
    int cancel_proposals_per_match = 3;
    /// Automatic (timed-out) moves in a row after which a player is "away".
    int auto_moves_before_away = 3;
    /// Events kept per table for replay to reconnecting clients.
    std::size_t history_capacity = 512;
    /// Chat: at most `chat_burst` messages per connection in any `chat_period`.
    int chat_burst = 5;
    std::chrono::milliseconds chat_period = std::chrono::seconds(10);
    /// Chat messages a table keeps and sends in its snapshots (to whoever joins or comes back).
    std::size_t chat_history = 50;
    /// The level of the robot that plays a human's seat (disconnected, away, abandoned, overdue).
    RobotLevel takeover_robot_level = RobotLevel::Expert;
};

}  // namespace belote::platform
