#pragma once
// The match history (docs/protocol.md "history", "get_record" by match): the server's summary of a
// match that ended, and the replies that carry it. The server builds the summaries from its store.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "protocol/request_id.hpp"

namespace belote::protocol {

/// One seat of a match in the history.
struct MatchEntrySeat {
    int seat = 0;
    std::string name;
    bool robot = false;
    bool you = false;  ///< the asking player sat here
};

/// How a match ended for the asking player.
enum class MatchResult : std::uint8_t { Won, Lost, Cancelled };

/// A finished or cancelled match, as listed by `history`.
struct MatchEntry {
    std::string match;  ///< the match id
    std::string table;
    std::string variant;  ///< protocol name
    std::int64_t started_ms = 0;
    std::int64_t ended_ms = 0;
    bool cancelled = false;
    std::vector<MatchEntrySeat> seats;
    std::vector<int> totals;  ///< per side; empty for a cancelled match (none recorded)
    std::optional<int> winner;
    std::optional<MatchResult> result;  ///< none when the asking player did not play it
    std::string unmoved;                ///< why it moved no chips or XP ("practice", "same_ip"), or ""
};

/// The wire name of `result`: "won", "lost" or "cancelled".
std::string_view to_string(MatchResult result);

/// The reply to history: {"type":"ok","id","matches":[entries],"next":cursor as a string, or null}.
std::string history_text(const RequestId& id, const std::vector<MatchEntry>& matches, std::optional<std::int64_t> next);

/// The reply to get_record by match: the entry's fields, "record" (the stored game record JSON,
/// docs/game-record.md) and "replay" (replay_view_json of it). nullopt when `record` is not a
/// well-formed record (record_from_json refuses it).
std::optional<std::string> match_record_text(const RequestId& id, const MatchEntry& match, std::string_view record);

}  // namespace belote::protocol
