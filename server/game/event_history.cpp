#include "server/game/event_history.hpp"

#include "protocol/event_json.hpp"

namespace belote::game {

void EventHistory::add(HistoryEntry entry) {
    entries_.push_back(std::move(entry));
    while (entries_.size() > capacity_) entries_.pop_front();
}

nlohmann::json EventHistory::render(const HistoryEntry& entry, const Observer& observer, std::string_view table) {
    nlohmann::json out;
    if (entry.event) {
        out = protocol::event_json(*entry.event, observer, table, entry.v);
        out.update(entry.body);
    } else {
        out = entry.body;
        out["table"] = table;
        out["v"] = entry.v;
    }
    return out;
}

std::optional<std::vector<nlohmann::json>> EventHistory::since(std::uint64_t seen, std::uint64_t current,
                                                               const Observer& observer, std::string_view table) const {
    if (seen > current) return std::nullopt;
    std::vector<nlohmann::json> out;
    if (seen == current) return out;
    if (entries_.empty() || entries_.front().v > seen + 1) return std::nullopt;
    for (const auto& entry : entries_)
        if (entry.v > seen) out.push_back(render(entry, observer, table));
    return out;
}

}  // namespace belote::game
