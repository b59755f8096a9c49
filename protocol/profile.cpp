#include "protocol/profile.hpp"

#include <nlohmann/json.hpp>

#include <cmath>

#include "protocol/match_entry_json.hpp"
#include "protocol/replies.hpp"

namespace belote::protocol {

using nlohmann::json;

std::string profile_text(const RequestId& id, const Profile& p) {
    json ratings = json::object();
    for (const auto& [variant, r] : p.ratings)
        ratings[variant] = {{"rating", std::lround(r.rating)},
                            {"rd", std::lround(r.rd)},
                            {"games", r.games},
                            {"provisional", r.provisional}};
    json recent = json::array();
    for (const auto& m : p.recent) recent.push_back(match_entry_json(m));
    return to_text(ok_reply(id_json(id), {{"player", p.player},
                                          {"name", p.name},
                                          {"registered", p.registered},
                                          {"xp", p.xp},
                                          {"level", p.level},
                                          {"level_xp", p.level_xp},
                                          {"next_level_xp", p.next_level_xp},
                                          {"chips", p.chips ? json(*p.chips) : json(nullptr)},
                                          {"games", p.games},
                                          {"wins", p.wins},
                                          {"abandons", p.abandons},
                                          {"ratings", std::move(ratings)},
                                          {"recent", std::move(recent)}}));
}

std::string leaderboard_text(const RequestId& id, const std::string& kind, const std::string& variant,
                             const std::string& period, int page, const std::vector<LeaderboardRow>& rows,
                             std::optional<int> next) {
    json list = json::array();
    for (const auto& r : rows)
        list.push_back({{"rank", r.rank},
                        {"player", r.player},
                        {"name", r.name},
                        {"value", r.value},
                        {"games", r.games},
                        {"level", r.level}});
    return to_text(ok_reply(id_json(id), {{"kind", kind},
                                          {"variant", variant.empty() ? json(nullptr) : json(variant)},
                                          {"period", period},
                                          {"page", page},
                                          {"rows", std::move(list)},
                                          {"next", next ? json(*next) : json(nullptr)}}));
}

}  // namespace belote::protocol
