#pragma once
// The bounded per-table record of recent events, for replay to reconnecting clients
// (DESIGN.md invariant 4). Engine events are kept as engine events and projected again for each
// recipient at replay time, so a replay carries exactly what that recipient was sent.

#include <nlohmann/json.hpp>

#include <cstdint>
#include <deque>
#include <optional>
#include <string_view>
#include <vector>

#include "engine/events.hpp"

namespace belote::game {

/// One published event of a table.
struct HistoryEntry {
    std::uint64_t v = 0;
    std::optional<Event> event;  ///< an engine event (projected per recipient), or
    nlohmann::json body;         ///< with `event`: extra fields merged in (e.g. turn deadline);
                                 ///< without: the whole public event (without table and v)
};

/// Keeps the last `capacity` entries. Not thread-safe (used on the table's strand).
class EventHistory {
public:
    explicit EventHistory(std::size_t capacity) : capacity_(capacity) {}

    /// Appends an entry (its v must be the previous one + 1); drops the oldest beyond capacity.
    void add(HistoryEntry entry);

    /// The messages `observer` missed after version `seen` (the table is at version `current`),
    /// in order, with `table` and `v`; nullopt when they are no longer all kept (or `seen` is
    /// ahead of `current`): the caller sends a snapshot instead.
    std::optional<std::vector<nlohmann::json>> since(std::uint64_t seen, std::uint64_t current,
                                                     const Observer& observer, std::string_view table) const;

    /// The message for `observer` of one entry (engine events go through protocol::event_json).
    static nlohmann::json render(const HistoryEntry& entry, const Observer& observer, std::string_view table);

private:
    std::size_t capacity_;
    std::deque<HistoryEntry> entries_;
};

}  // namespace belote::game
