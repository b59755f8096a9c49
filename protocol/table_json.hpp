#pragma once
// Table-level messages as JSON trees (the lobby listing, seat_changed, table options, snapshots):
// protocol/'s own building blocks, also used by its tests. The server uses messages.hpp.

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "engine/view.hpp"
#include "platform/snapshot.hpp"
#include "platform/table_info.hpp"

namespace belote::protocol {

/// Wire name of a table status: "waiting", "playing", "finished".
std::string_view to_string(platform::TableStatus status);

/// Wire name of a presence: "present", "disconnected", "away", "abandoned".
std::string_view to_string(platform::SeatPresence presence);
/// `easy`, `medium`, `hard`, `expert` (the `level` of `add_robot` and of a robot seat).
std::string_view to_string(platform::RobotLevel level);
/// The level named `name` (as to_string writes it), or nullopt.
std::optional<platform::RobotLevel> parse_robot_level(std::string_view name);

/// Wire name of why a cancel proposal ended: "refused", "timeout", "match_ended".
std::string_view to_string(platform::CancelEnd end);

/// A time in milliseconds since the epoch as a JSON number, or null.
nlohmann::json optional_time(const std::optional<std::int64_t>& ms);

/// [{"seat":0,"player":{"name":…,"robot":…}|null}, …]; a registered player's "level" is its level
/// (a number), a robot's its strength ("easy" …).
nlohmann::json seats_json(const std::vector<std::optional<platform::PlayerInfo>>& seats);

/// [{"seat":1,"why":"guest"|"robot"|"chips","chips":40 (chips only)}, …]: who cannot cover the stake.
nlohmann::json cannot_cover_json(const std::vector<platform::CannotCover>& seats);

/// {"table","variant","target","state","seats"}: the description of a table.
nlohmann::json table_summary_json(const platform::TableInfo& info);

/// One entry of the list_tables reply: table_summary_json plus "options", "chief" (name or null)
/// and "spectators" (count).
nlohmann::json lobby_entry_json(const platform::LobbyEntry& entry);

/// The rule options of `options` (docs/rules.md §9) whose value is not the variant's default, as in
/// rules_json; an option the default rules do not list (a meld option under decouverte_announcements)
/// counts as changed. Empty when every option has its default.
nlohmann::json rules_changed_json(const MatchOptions& options);

/// {"variant","target","turn_time","private","spectators","competitive","stake"}, "robot_fill"
/// when it is on, and "rules" (rules_changed_json) when some rule option is not its default
/// (docs/protocol.md "Table options").
nlohmann::json options_json(const MatchOptions& match, const platform::TableSettings& settings);

/// The `seat_changed` event: {"type":"seat_changed","table","v","seat","player"}.
nlohmann::json seat_changed_json(std::string_view table, std::uint64_t v, int seat,
                                 const std::optional<platform::PlayerInfo>& player);

/// The `snapshot` event for the observer of `view`: the table header (seats, variant, target,
/// state) and view_json(view). `v` is the table's current version (that of its last event).
nlohmann::json snapshot_json(const platform::TableInfo& info, std::uint64_t v, const View& view);

/// The whole snapshot: snapshot_json plus the table's fields (chief, options, invite for the
/// chief, presence, deadline, cancelled, cancel, spectators, cannot_cover).
nlohmann::json snapshot_json(const platform::Snapshot& snapshot);

/// The body of a seat_status event (without "type"): {"seat","status","robot_playing","robot_level",
/// "reclaim_deadline"}.
nlohmann::json seat_status_json(const platform::SeatStatusNotice& status);

/// The `chat` event without "table" and "v": {"type":"chat","from":{"name","role","seat"},"text"}
/// (also each entry of a snapshot's `chat`).
nlohmann::json chat_json(const platform::ChatPosted& chat);

/// [{"name","robot"}, …] by seat: who played a match (match_ended.players, a snapshot's `match_players`).
nlohmann::json players_json(const std::vector<platform::PlayerInfo>& players);

/// The `view` object of a snapshot. `hand` and `legal` are present only when the view is a seat's
/// (engine views never hold another seat's hand: docs/design.md invariant 2).
nlohmann::json view_json(const View& view);

}  // namespace belote::protocol
