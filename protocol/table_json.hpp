#pragma once
// Table-level messages that are not engine events: the lobby listing, seat_changed, snapshot.

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/options.hpp"
#include "engine/view.hpp"

namespace belote::protocol {

/// Who sits in a seat, as shown to everyone.
struct PlayerInfo {
    std::string name;
    bool robot = false;
    bool operator==(const PlayerInfo&) const = default;
};

/// `waiting` (not started), `playing`, `finished`.
enum class TableState : std::uint8_t { Waiting, Playing, Finished };

/// Wire name of a table state.
std::string_view to_string(TableState state);

/// The public description of a table (lobby listing, snapshot header).
struct TableInfo {
    std::string id;
    Variant variant = Variant::Classic;
    int target = 1000;
    TableState state = TableState::Waiting;
    std::vector<std::optional<PlayerInfo>> seats;  ///< one entry per seat; nullopt = empty
    bool operator==(const TableInfo&) const = default;
};

/// [{"seat":0,"player":{"name":…,"robot":…}|null}, …]
nlohmann::json seats_json(const std::vector<std::optional<PlayerInfo>>& seats);

/// One entry of the list_tables reply: {"table","variant","target","state","seats"}.
nlohmann::json table_summary_json(const TableInfo& info);

/// The `seat_changed` event: {"type":"seat_changed","table","v","seat","player"}.
nlohmann::json seat_changed_json(std::string_view table, std::uint64_t v, int seat,
                                 const std::optional<PlayerInfo>& player);

/// The `snapshot` event for the observer of `view`: the table header (seats, variant, target,
/// state) and view_json(view). `v` is the table's current version (that of its last event).
nlohmann::json snapshot_json(const TableInfo& info, std::uint64_t v, const View& view);

/// The `view` object of a snapshot. `hand` and `legal` are present only when the view is a seat's
/// (engine views never hold another seat's hand: DESIGN.md invariant 2).
nlohmann::json view_json(const View& view);

}  // namespace belote::protocol
