#include "protocol/match_history.hpp"

#include <nlohmann/json.hpp>

#include "protocol/match_entry_json.hpp"
#include "protocol/record.hpp"
#include "protocol/replay_view.hpp"
#include "protocol/replies.hpp"

namespace belote::protocol {
namespace {

using nlohmann::json;

}  // namespace

json match_entry_json(const MatchEntry& m) {
    json seats = json::array();
    for (const auto& s : m.seats)
        seats.push_back({{"seat", s.seat}, {"name", s.name}, {"robot", s.robot}, {"you", s.you}});
    return {{"match", m.match},
            {"table", m.table},
            {"variant", m.variant},
            {"started", m.started_ms},
            {"ended", m.ended_ms},
            {"cancelled", m.cancelled},
            {"seats", std::move(seats)},
            {"totals", m.totals.empty() ? json(nullptr) : json(m.totals)},
            {"winner", m.winner ? json(*m.winner) : json(nullptr)},
            {"result", m.result ? json(to_string(*m.result)) : json(nullptr)},
            {"unmoved", m.unmoved.empty() ? json(nullptr) : json(m.unmoved)}};
}

std::string_view to_string(MatchResult result) {
    switch (result) {
        case MatchResult::Won: return "won";
        case MatchResult::Lost: return "lost";
        case MatchResult::Cancelled: return "cancelled";
    }
    return "cancelled";
}

std::string history_text(const RequestId& id, const std::vector<MatchEntry>& matches,
                         std::optional<std::int64_t> next) {
    json list = json::array();
    for (const auto& m : matches) list.push_back(match_entry_json(m));
    return to_text(ok_reply(
        id_json(id), {{"matches", std::move(list)}, {"next", next ? json(std::to_string(*next)) : json(nullptr)}}));
}

std::optional<std::string> match_record_text(const RequestId& id, const MatchEntry& match, std::string_view record) {
    json parsed = json::parse(record, nullptr, false);
    if (parsed.is_discarded()) return std::nullopt;
    auto read = record_from_json(parsed);
    const auto* game = std::get_if<GameRecord>(&read);
    if (!game) return std::nullopt;
    json fields = match_entry_json(match);
    fields["replay"] = replay_view_json(*game);
    fields["record"] = std::move(parsed);
    return to_text(ok_reply(id_json(id), std::move(fields)));
}

}  // namespace belote::protocol
