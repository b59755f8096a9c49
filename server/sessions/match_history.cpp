#include "server/sessions/match_history.hpp"

#include <algorithm>

#include "engine/trick.hpp"

namespace belote::sessions {
namespace {

bool played(const store::FinishedMatch& match, const std::string& player_id) {
    return std::any_of(match.seats.begin(), match.seats.end(),
                       [&](const store::MatchSeat& s) { return s.account_id == player_id; });
}

}  // namespace

protocol::MatchEntry history_entry(const store::FinishedMatch& match, const std::string& player_id) {
    protocol::MatchEntry entry;
    entry.match = match.id;
    entry.table = match.table_id;
    entry.variant = match.variant;
    entry.started_ms = match.started_ms;
    entry.ended_ms = match.ended_ms;
    entry.cancelled = match.cancelled;
    entry.totals = match.totals;
    entry.winner = match.winner;
    entry.unmoved = match.unmoved;
    for (const auto& s : match.seats) {
        bool you = s.account_id == player_id;
        entry.seats.push_back({s.seat, s.name, !s.account_id.has_value(), you});
        if (!you) continue;
        if (match.cancelled)
            entry.result = protocol::MatchResult::Cancelled;
        else if (match.winner)
            entry.result = *match.winner == side_of(s.seat, static_cast<int>(match.seats.size()))
                               ? protocol::MatchResult::Won
                               : protocol::MatchResult::Lost;
    }
    return entry;
}

bool may_read_record(const store::FinishedMatch& match, const std::string& player_id) {
    return !match.private_table || played(match, player_id);
}

}  // namespace belote::sessions
