#pragma once
// A player's profile in the card room (docs/protocol.md "profile"): progress, level, chips, the
// ratings per variant and the recent matches. The server builds it from its store.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "protocol/match_history.hpp"
#include "protocol/request_id.hpp"

namespace belote::protocol {

/// Most recent matches a profile lists.
inline constexpr std::size_t profile_recent_matches = 10;

/// A rating as shown (docs/room.md "Rating").
struct ShownRating {
    double rating = 1500;
    double rd = 350;
    int games = 0;
    bool provisional = true;
};

/// What a profile shows.
struct Profile {
    std::string player;  ///< the player id
    std::string name;
    bool registered = false;
    std::int64_t xp = 0;
    int level = 1;
    std::int64_t level_xp = 0;          ///< the XP the level starts at
    std::int64_t next_level_xp = 0;     ///< the XP of the next level
    std::optional<std::int64_t> chips;  ///< none for a guest (no wallet)
    int games = 0, wins = 0, abandons = 0;
    std::map<std::string, ShownRating> ratings;  ///< by variant (protocol name), those played rated
    std::vector<MatchEntry> recent;              ///< newest first, at most profile_recent_matches
};

/// One row of a leaderboard.
struct LeaderboardRow {
    int rank = 1;
    std::string player;
    std::string name;
    std::int64_t value = 0;  ///< XP, or the rating rounded to the point
    int games = 0;
    int level = 1;  ///< of the player's XP, on an XP leaderboard
};

/// The reply to leaderboard: {"type":"ok","id","kind","variant","period","page","rows":[{"rank",
/// "player","name","value","games","level"}],"next": the next page, or null}.
std::string leaderboard_text(const RequestId& id, const std::string& kind, const std::string& variant,
                             const std::string& period, int page, const std::vector<LeaderboardRow>& rows,
                             std::optional<int> next);

/// The reply to profile: {"type":"ok","id","player","name","registered","xp","level","level_xp",
/// "next_level_xp","chips","games","wins","abandons","ratings":{variant:{"rating","rd","games",
/// "provisional"}},"recent":[history entries]}.
std::string profile_text(const RequestId& id, const Profile& profile);

}  // namespace belote::protocol
