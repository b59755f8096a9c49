#pragma once
// The whole state of one table as a value (docs/design.md "a table is a state machine"): seats, chief,
// options, the match, presence, deadlines, the cancel vote, spectators. decide() reads it,
// evolve() changes it; nothing else does.

#include <array>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/match.hpp"
#include "engine/record.hpp"
#include "platform/table_commands.hpp"
#include "platform/table_events.hpp"
#include "platform/table_info.hpp"
#include "platform/table_policy.hpp"
#include "platform/table_settings.hpp"

namespace belote::platform {

/// One seat: empty, a robot, or a human with its presence.
struct SeatState {
    std::optional<PlayerRef> human;
    bool robot = false;
    RobotLevel robot_level = RobotLevel::Easy;     ///< of the robot seated here (when `robot`)
    std::uint64_t sat_order = 0;                   ///< increasing sit counter (the chief has the smallest)
    std::uint64_t seated_since_v = 0;              ///< the table version when the human sat (no replay before it)
    bool disconnected = false;                     ///< the human has no connection (a robot plays)
    std::optional<std::int64_t> reclaim_deadline;  ///< end of the reclaim window (epoch ms)
    bool abandoned = false;                ///< the reclaim window passed: the robot plays to the end of the match
    std::optional<SeatStanding> standing;  ///< of the human, as the server last read it (none: unknown)
    bool away = false;                     ///< too many automatic moves in a row: the robot plays
    int auto_moves = 0;                    ///< automatic moves in a row
    int cancel_proposals = 0;              ///< this match
    bool ready = false;                    ///< between matches: the human said it is ready for the next one
    bool empty() const { return !human && !robot; }
};

/// An open cancel proposal (docs/protocol.md "Friendly cancel").
struct CancelVote {
    int by = 0;
    std::int64_t deadline = 0;
    std::map<int, std::optional<bool>> votes;  ///< every seated human; nullopt = not yet voted
    std::uint64_t number = 0;
};

/// A table. Copyable; every field is public so tests and the journal can read it, but only
/// evolve() (platform/evolve.hpp) changes it.
struct TableState {
    std::string id;
    TablePolicy policy;
    MatchOptions options;  ///< of the next match (`match` holds the current one's)
    TableSettings settings;
    std::string invite;  ///< the invitation code of a private table
    Match match{MatchOptions{}, 0};
    bool cancelled = false;                                  ///< the current match was cancelled by agreement
    std::vector<RecordedAction> actions;                     ///< every action the current match accepted
    std::vector<std::string> match_players;                  ///< ids of the humans seated when the current match began
    std::array<std::optional<PlayerRef>, 4> match_lineup{};  ///< who sat where when it began (none: a robot)
    std::uint64_t matches_begun = 0;                         ///< matches begun at this table, the current one included
    std::int64_t match_began_ms = 0;                         ///< when the current match began (epoch ms)
    MatchTerms terms;                                        ///< of the current match (docs/room.md)
    std::array<bool, 4> match_abandoned{};                   ///< seats abandoned in the current match
    /// The chips and XP of the current match's last money step: its stakes once it began, its
    /// settlement or refund once it ended (docs/room.md); the server posts its transfers.
    Settlement settlement;
    std::array<SeatState, 4> seats{};  ///< match.seats() of them are used
    std::uint64_t sit_counter = 0;
    std::uint64_t v = 0;  ///< the version: the number of notices so far (docs/design.md invariant 4)
    std::optional<std::int64_t> turn_deadline;  ///< of the decision in progress (epoch ms)
    std::optional<int> overdue;                 ///< the seat whose time ran out: its robot makes this decision
    std::optional<CancelVote> cancel;
    std::uint64_t cancel_counter = 0;
    std::map<std::string, PlayerRef> spectators;              ///< by player id
    std::map<std::string, std::int64_t> departed_spectators;  ///< lost their connection: id -> when
    std::map<std::string, std::deque<std::int64_t>> chatted;  ///< recent chat times by player id
    std::deque<ChatPosted> chat;  ///< the last policy.chat_history messages, for whoever (re)joins
    /// When robots take the empty seats and the match starts (settings.robot_fill_s): armed while a
    /// human sits at a table that has not begun its first match.
    std::optional<std::int64_t> fill_deadline;
    bool fill_spent = false;  ///< the robot fill ran (it runs once)

    /// A new table with no one seated. `options` must be valid (validate()).
    static TableState create(std::string id, const MatchOptions& options, const TableSettings& settings,
                             const TablePolicy& policy, std::string invite);

    int seat_count() const { return match.seats(); }
    /// The seats nobody (person or robot) occupies.
    int free_seats() const;
    /// A match is being played (started, not over, not cancelled).
    bool match_running() const;
    TableStatus status() const;
    /// The seated human who sat first, if any.
    std::optional<int> chief() const;
    /// The seat of player `id`, if seated.
    std::optional<int> seat_of(const std::string& player_id) const;
    bool watching(const std::string& player_id) const { return spectators.count(player_id) > 0; }
    /// True when `player_id` watched until its connection was lost, less than the reclaim window
    /// before `now_ms`, and the table still allows spectators.
    bool returns_as_spectator(const std::string& player_id, std::int64_t now_ms) const;
    /// True when a robot makes the decisions of `seat` now: a seated robot's always, a person's
    /// only in a match, while the person is disconnected, away, gone for good or overdue.
    bool robot_controlled(int seat) const;
    SeatPresence presence(int seat) const;
    /// The seat whose decision a robot must make now, if any.
    std::optional<int> robot_to_act() const;
    /// The level of the robot that plays `seat` when robot_controlled(seat): the seated robot's, or
    /// policy.takeover_robot_level for a human's seat.
    RobotLevel robot_level(int seat) const;
    /// True when `invite` lets a stranger in (always at a public table).
    bool invite_ok(const std::optional<std::string>& invite) const;
    /// The name shown for `seat` (a robot is "Robot <seat>"), or nullopt when it is empty.
    std::optional<PlayerInfo> occupant(int seat) const;
    /// The seats that cannot cover the stake of the next match (docs/room.md "Who takes part"): none
    /// at a practice table, with stake 0, or while a match is played.
    std::vector<CannotCover> cannot_cover() const;
    TableInfo info() const;
    LobbyEntry lobby_entry() const;
    /// The id of the current (or last) match: "<table id>-<matches_begun>"; empty before the first.
    std::string match_id() const;
    /// The current (or last) match's players by seat, as it began.
    Lineup lineup() const;
    /// Who played the current (or last) match, by seat, named as when it began (a robot: "Robot
    /// <seat>"); empty before the first match.
    std::vector<PlayerInfo> match_names() const;
};

}  // namespace belote::platform
