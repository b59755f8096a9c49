#include "server/tables/table_recovery.hpp"

#include <exception>

#include "platform/evolve.hpp"
#include "protocol/journal_json.hpp"

namespace belote::tables {

std::variant<Recovered, std::string> recover_table(const store::OpenTable& open, const platform::TablePolicy& policy) {
    const auto& id = open.table.id;
    auto creation = protocol::creation_from_text(open.table.creation);
    if (const auto* error = std::get_if<std::string>(&creation)) return "table " + id + ": creation: " + *error;
    const auto& c = std::get<protocol::TableCreation>(creation);
    Recovered out{platform::TableState::create(id, c.options, c.settings, policy, c.invite),
                  TableHistory(policy.history_capacity), 0};
    std::vector<platform::Published> published;
    protocol::RenderedNotice scratch;
    for (const auto& entry : open.journal) {
        const std::string where = "table " + id + ": journal entry " + std::to_string(entry.seq);
        if (entry.seq != out.journal_seq + 1) return where + ": expected entry " + std::to_string(out.journal_seq + 1);
        auto event = protocol::journal_event_from_text(entry.event);
        if (const auto* error = std::get_if<std::string>(&event)) return where + ": " + *error;
        published.clear();
        try {
            platform::evolve(out.state, std::get<platform::TableEvent>(event), entry.at_ms, published);
        } catch (const std::exception& e) {
            return where + ": refused by the engine: " + e.what();
        }
        for (const auto& p : published) out.history.add(render_delivered(p, id, out.state.seat_count(), scratch));
        out.journal_seq = entry.seq;
    }
    return out;
}

}  // namespace belote::tables
