#include "platform/table_state.hpp"

namespace belote::platform {

TableState TableState::create(std::string id, const MatchOptions& options, const TableSettings& settings,
                              const TablePolicy& policy, std::string invite) {
    TableState state;
    state.id = std::move(id);
    state.policy = policy;
    state.options = options;
    state.settings = settings;
    state.invite = std::move(invite);
    state.match = Match(options, 0);  // the seed comes with the start (MatchBegun)
    return state;
}

int TableState::free_seats() const {
    int free = 0;
    for (int k = 0; k < seat_count(); ++k) free += seats[k].empty();
    return free;
}

bool TableState::match_running() const {
    return !cancelled && (match.phase() == Phase::Auction || match.phase() == Phase::Play);
}

TableStatus TableState::status() const {
    if (match.phase() == Phase::NotStarted) return TableStatus::Waiting;
    if (match.finished() || cancelled) return TableStatus::Finished;
    return TableStatus::Playing;
}

std::optional<int> TableState::chief() const {
    std::optional<int> best;
    for (int s = 0; s < seat_count(); ++s)
        if (seats[s].human && (!best || seats[s].sat_order < seats[*best].sat_order)) best = s;
    return best;
}

std::optional<int> TableState::seat_of(const std::string& player_id) const {
    for (int s = 0; s < seat_count(); ++s)
        if (seats[s].human && seats[s].human->id == player_id) return s;
    return std::nullopt;
}

bool TableState::robot_controlled(int seat) const {
    const SeatState& st = seats[seat];
    // A seated robot always plays its seat; a person's is played by a robot only in a match.
    return st.robot || (match_running() && (st.abandoned || st.away || st.disconnected || overdue == seat));
}

SeatPresence TableState::presence(int seat) const {
    const SeatState& st = seats[seat];
    if (st.abandoned) return SeatPresence::Abandoned;
    if (st.disconnected) return SeatPresence::Disconnected;
    if (st.away) return SeatPresence::Away;
    return SeatPresence::Present;
}

std::optional<int> TableState::robot_to_act() const {
    if (!match_running()) return std::nullopt;
    auto seat = match.to_act();
    if (!seat || !robot_controlled(*seat)) return std::nullopt;
    return seat;
}

RobotLevel TableState::robot_level(int seat) const {
    const SeatState& st = seats[seat];
    return st.robot ? st.robot_level : policy.takeover_robot_level;
}

bool TableState::invite_ok(const std::optional<std::string>& code) const {
    return !settings.private_table || (code && *code == invite);
}

bool TableState::returns_as_spectator(const std::string& player_id, std::int64_t now_ms) const {
    auto it = departed_spectators.find(player_id);
    return settings.spectators && it != departed_spectators.end() &&
           now_ms - it->second < policy.reclaim_window.count();
}

std::optional<PlayerInfo> TableState::occupant(int seat) const {
    const SeatState& st = seats[seat];
    if (st.human) {
        std::optional<int> level;
        if (st.standing && st.standing->registered) level = level_of(st.standing->xp);
        return PlayerInfo{st.human->name, false, std::nullopt, level};
    }
    if (st.robot) return PlayerInfo{"Robot " + std::to_string(seat), true, st.robot_level, std::nullopt};
    return std::nullopt;
}

std::vector<CannotCover> TableState::cannot_cover() const {
    std::vector<CannotCover> out;
    if (!settings.competitive || settings.stake <= 0 || match_running()) return out;
    for (int s = 0; s < seat_count(); ++s) {
        const SeatState& st = seats[s];
        if (st.robot)
            out.push_back({s, Shortfall::Robot, 0});
        else if (st.human && st.standing && !st.standing->registered)
            out.push_back({s, Shortfall::Guest, 0});
        else if (st.human && st.standing && st.standing->chips < settings.stake)
            out.push_back({s, Shortfall::Chips, st.standing->chips});
    }
    return out;
}

TableInfo TableState::info() const {
    TableInfo out;
    out.id = id;
    out.variant = match_running() ? match.options().variant : options.variant;
    out.target = match_running() ? match.options().target : options.target;
    out.status = status();
    for (int s = 0; s < seat_count(); ++s) out.seats.push_back(occupant(s));
    return out;
}

LobbyEntry TableState::lobby_entry() const {
    LobbyEntry entry;
    entry.info = info();
    entry.options = options;
    entry.settings = settings;
    if (auto c = chief()) entry.chief = seats[*c].human->name;
    entry.spectators = static_cast<int>(spectators.size());
    entry.listed = !settings.private_table;
    return entry;
}

std::string TableState::match_id() const {
    return matches_begun ? id + "-" + std::to_string(matches_begun) : std::string();
}

Lineup TableState::lineup() const {
    Lineup l;
    l.match_id = match_id();
    l.seats = seat_count();
    for (int seat = 0; seat < seat_count(); ++seat)
        if (match_lineup[seat]) l.players[seat] = match_lineup[seat]->id;
    return l;
}

std::vector<PlayerInfo> TableState::match_names() const {
    std::vector<PlayerInfo> out;
    if (!matches_begun) return out;
    for (int seat = 0; seat < seat_count(); ++seat) {
        if (match_lineup[seat])
            out.push_back({match_lineup[seat]->name, false, std::nullopt, std::nullopt});
        else
            out.push_back({"Robot " + std::to_string(seat), true, std::nullopt, std::nullopt});
    }
    return out;
}

}  // namespace belote::platform
