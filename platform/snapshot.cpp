#include "platform/snapshot.hpp"

namespace belote::platform {

SeatStatusNotice seat_status(const TableState& state, int seat) {
    const bool robot = state.robot_controlled(seat);
    return {seat, state.presence(seat), robot, robot ? std::optional(state.robot_level(seat)) : std::nullopt,
            state.seats[seat].reclaim_deadline};
}

Snapshot snapshot_of(const TableState& state, const Observer& observer) {
    Snapshot out;
    out.info = state.info();
    out.v = state.v;
    out.view = state.match.view(observer);
    out.chief = state.chief();
    out.options = state.options;
    out.settings = state.settings;
    if (observer.seat && observer.seat == out.chief) out.invite = state.invite;
    for (int seat = 0; seat < state.seat_count(); ++seat) out.presence.push_back(seat_status(state, seat));
    out.deadline = state.turn_deadline;
    out.cancelled = state.cancelled;
    out.cancel = state.cancel;
    out.spectators = static_cast<int>(state.spectators.size());
    out.cannot_cover = state.cannot_cover();
    for (int seat = 0; seat < state.seat_count(); ++seat) out.ready.push_back(state.seats[seat].ready);
    out.chat.assign(state.chat.begin(), state.chat.end());
    out.match_players = state.match_names();
    out.fill_deadline = state.fill_deadline;
    return out;
}

}  // namespace belote::platform
