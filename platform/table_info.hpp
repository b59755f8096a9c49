#pragma once
// How a table looks from outside: its state, who sits where and how each seat is played.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/options.hpp"
#include "platform/robot_level.hpp"
#include "platform/table_settings.hpp"

namespace belote::platform {

/// `waiting` (no match yet), `playing`, `finished` (the last match ended or was cancelled).
enum class TableStatus : std::uint8_t { Waiting, Playing, Finished };

/// Who sits in a seat, as shown to everyone.
struct PlayerInfo {
    std::string name;
    bool robot = false;
    std::optional<RobotLevel> level{};  ///< a seated robot's level
    std::optional<int> xp_level{};      ///< a registered player's level (docs/room.md "XP and levels")
    bool operator==(const PlayerInfo&) const = default;
};

/// The public description of a table (lobby listing, snapshot header).
struct TableInfo {
    std::string id;
    Variant variant = Variant::Classic;
    int target = 1000;
    TableStatus status = TableStatus::Waiting;
    std::vector<std::optional<PlayerInfo>> seats;  ///< one entry per seat; nullopt = empty
    bool operator==(const TableInfo&) const = default;
};

/// A lobby entry: the description plus the options and who leads the table.
struct LobbyEntry {
    TableInfo info;
    MatchOptions options;  ///< of the next match (variant, target)
    TableSettings settings;
    std::optional<std::string> chief;  ///< the chief's name
    int spectators = 0;
    bool listed = true;  ///< false for a private table
    bool operator==(const LobbyEntry&) const = default;
};

/// How a seat is played right now (docs/protocol.md "Presence").
enum class SeatPresence : std::uint8_t {
    Present,       ///< its human plays it (or nobody / a robot by choice: see robot_playing)
    Disconnected,  ///< a robot plays until the human returns (reclaim window)
    Away,          ///< automatic moves in a row: a robot plays until the human acts
    Abandoned,     ///< the reclaim window passed: the robot plays to the end of the match
};

}  // namespace belote::platform
