#include "protocol/table_json.hpp"

#include "protocol/action_json.hpp"
#include "protocol/rules_json.hpp"
#include "protocol/score_json.hpp"
#include "protocol/variant_json.hpp"

namespace belote::protocol {

using nlohmann::json;
using platform::PlayerInfo;
using platform::TableInfo;

std::string_view to_string(platform::TableStatus status) {
    switch (status) {
        case platform::TableStatus::Waiting: return "waiting";
        case platform::TableStatus::Playing: return "playing";
        case platform::TableStatus::Finished: return "finished";
    }
    return "waiting";
}

std::string_view to_string(platform::SeatPresence presence) {
    switch (presence) {
        case platform::SeatPresence::Present: return "present";
        case platform::SeatPresence::Disconnected: return "disconnected";
        case platform::SeatPresence::Away: return "away";
        case platform::SeatPresence::Abandoned: return "abandoned";
    }
    return "present";
}

std::string_view to_string(platform::RobotLevel level) {
    switch (level) {
        case platform::RobotLevel::Easy: return "easy";
        case platform::RobotLevel::Medium: return "medium";
        case platform::RobotLevel::Hard: return "hard";
        case platform::RobotLevel::Expert: return "expert";
    }
    return "easy";
}

std::optional<platform::RobotLevel> parse_robot_level(std::string_view name) {
    for (auto level : {platform::RobotLevel::Easy, platform::RobotLevel::Medium, platform::RobotLevel::Hard,
                       platform::RobotLevel::Expert})
        if (to_string(level) == name) return level;
    return std::nullopt;
}

namespace {

json player_json(const std::optional<PlayerInfo>& player) {
    if (!player) return nullptr;
    json out{{"name", player->name}, {"robot", player->robot}};
    if (player->level) out["level"] = to_string(*player->level);
    if (player->xp_level) out["level"] = *player->xp_level;  // a registered player's (docs/room.md)
    return out;
}

json int_or_null(const std::optional<int>& value) { return value ? json(*value) : json(nullptr); }

std::string_view phase_name(Phase phase) {
    switch (phase) {
        case Phase::NotStarted: return "not_started";
        case Phase::Auction: return "auction";
        case Phase::Play: return "play";
        case Phase::Finished: return "finished";
    }
    return "not_started";
}

}  // namespace

json optional_time(const std::optional<std::int64_t>& ms) { return ms ? json(*ms) : json(nullptr); }

std::string_view to_string(platform::CancelEnd end) {
    switch (end) {
        case platform::CancelEnd::Refused: return "refused";
        case platform::CancelEnd::Timeout: return "timeout";
        case platform::CancelEnd::MatchEnded: return "match_ended";
    }
    return "refused";
}

json cannot_cover_json(const std::vector<platform::CannotCover>& seats) {
    json out = json::array();
    for (const auto& c : seats) {
        json seat{{"seat", c.seat}, {"why", platform::to_string(c.why)}};
        if (c.why == platform::Shortfall::Chips) seat["chips"] = c.chips;
        out.push_back(std::move(seat));
    }
    return out;
}

json seats_json(const std::vector<std::optional<PlayerInfo>>& seats) {
    json out = json::array();
    for (std::size_t i = 0; i < seats.size(); ++i) out.push_back({{"seat", i}, {"player", player_json(seats[i])}});
    return out;
}

json table_summary_json(const TableInfo& info) {
    return {{"table", info.id},
            {"variant", to_string(info.variant)},
            {"target", info.target},
            {"state", to_string(info.status)},
            {"seats", seats_json(info.seats)}};
}

json seat_changed_json(std::string_view table, std::uint64_t v, int seat, const std::optional<PlayerInfo>& player) {
    return {{"type", "seat_changed"}, {"table", table}, {"v", v}, {"seat", seat}, {"player", player_json(player)}};
}

json view_json(const View& view) {
    json out;
    out["seat"] = int_or_null(view.observer.seat);
    out["phase"] = phase_name(view.phase);
    out["deal"] = view.deal_number;
    out["dealer"] = view.deal_number > 0 ? json(view.dealer) : json(nullptr);
    out["turn_up"] = view.turn_up ? card_json(*view.turn_up) : json(nullptr);
    if (view.observer.seat) out["hand"] = cards_json(view.hand);
    out["hand_sizes"] = json(std::vector<int>(view.hand_sizes.begin(), view.hand_sizes.begin() + view.seats));
    out["auction_round"] = view.auction_round;
    json calls = json::array();
    for (const AuctionCall& c : view.auction) calls.push_back(auction_call_json(c));
    out["auction"] = std::move(calls);
    out["taker"] = int_or_null(view.taker);
    out["trump"] = view.contract && view.contract->kind == ContractKind::SuitTrump
                       ? json(to_string(view.contract->trump))
                       : json(nullptr);
    out["belote_seat"] = int_or_null(view.belote_seat);
    out["trick"] = view.phase == Phase::Play ? trick_json(view.trick) : json(nullptr);
    out["last_trick"] = view.last_trick ? trick_json(*view.last_trick) : json(nullptr);
    json tricks = json::array();  // the completed tricks of the deal (public): the log of a player who comes back
    for (const Trick& t : view.tricks) {
        json trick = trick_json(t);
        if (view.contract) {
            trick["winner"] = t.winner(*view.contract);
            trick["points"] = t.points(*view.contract);
        }
        tricks.push_back(std::move(trick));
    }
    out["tricks"] = std::move(tricks);
    out["tricks_won"] = view.tricks_won;
    out["card_points_won"] = view.card_points_won;
    out["totals"] = view.totals;
    out["escrow"] = view.escrow;
    out["to_act"] = int_or_null(view.to_act);
    if (view.observer.seat) out["legal"] = actions_json(view.legal);
    json history = json::array();
    for (const DealScore& s : view.history) history.push_back(deal_score_json(s));
    out["history"] = std::move(history);
    out["winner"] = int_or_null(view.winner);
    add_variant_view_fields(out, view);
    return out;
}

json snapshot_json(const TableInfo& info, std::uint64_t v, const View& view) {
    return {{"type", "snapshot"},
            {"table", info.id},
            {"v", v},
            {"seats", seats_json(info.seats)},
            {"variant", to_string(info.variant)},
            {"target", info.target},
            {"state", to_string(info.status)},
            {"view", view_json(view)}};
}

json rules_changed_json(const MatchOptions& options) {
    MatchOptions defaults;
    defaults.variant = options.variant;
    const json all = rules_json(options);
    const json standard = rules_json(defaults);
    json out = json::object();
    for (auto it = all.begin(); it != all.end(); ++it) {
        auto d = standard.find(it.key());
        if (d == standard.end() || *d != it.value()) out[it.key()] = it.value();
    }
    return out;
}

json options_json(const MatchOptions& match, const platform::TableSettings& settings) {
    json out = {{"variant", to_string(match.variant)},
                {"target", match.target},
                {"turn_time", settings.turn_time_s},
                {"private", settings.private_table},
                {"spectators", settings.spectators},
                {"competitive", settings.competitive},
                {"stake", settings.stake}};
    if (settings.robot_fill_s > 0) {
        out["robot_fill"] = settings.robot_fill_s;
        out["robot_fill_level"] = to_string(settings.robot_fill_level);
    }
    if (json rules = rules_changed_json(match); !rules.empty()) out["rules"] = std::move(rules);
    return out;
}

json chat_json(const platform::ChatPosted& chat) {
    json out = {{"type", "chat"},
                {"from",
                 {{"name", chat.from.name},
                  {"role", chat.seat ? "player" : "spectator"},
                  {"seat", chat.seat ? json(*chat.seat) : json(nullptr)}}},
                {"text", chat.text}};
    if (chat.phrase) out["phrase"] = *chat.phrase;
    return out;
}

json players_json(const std::vector<PlayerInfo>& players) {
    json out = json::array();
    for (const auto& p : players) out.push_back({{"name", p.name}, {"robot", p.robot}});
    return out;
}

json lobby_entry_json(const platform::LobbyEntry& entry) {
    json out = table_summary_json(entry.info);
    out["options"] = options_json(entry.options, entry.settings);
    out["chief"] = entry.chief ? json(*entry.chief) : json(nullptr);
    out["spectators"] = entry.spectators;
    return out;
}

json seat_status_json(const platform::SeatStatusNotice& status) {
    return {{"seat", status.seat},
            {"status", to_string(status.presence)},
            {"robot_playing", status.robot_playing},
            {"robot_level", status.robot_level ? json(to_string(*status.robot_level)) : json(nullptr)},
            {"reclaim_deadline", optional_time(status.reclaim_deadline)}};
}

json snapshot_json(const platform::Snapshot& snapshot) {
    json out = snapshot_json(snapshot.info, snapshot.v, snapshot.view);
    out["chief"] = int_or_null(snapshot.chief);
    out["options"] = options_json(snapshot.options, snapshot.settings);
    if (snapshot.invite) out["invite"] = *snapshot.invite;
    json presence = json::array();
    for (const auto& status : snapshot.presence) presence.push_back(seat_status_json(status));
    out["presence"] = std::move(presence);
    out["deadline"] = optional_time(snapshot.deadline);
    out["cancelled"] = snapshot.cancelled;
    if (snapshot.cancel) {
        json votes = json::object();
        for (const auto& [seat, vote] : snapshot.cancel->votes)
            votes[std::to_string(seat)] = vote ? json(*vote) : json(nullptr);
        out["cancel"] = {{"by", snapshot.cancel->by}, {"deadline", snapshot.cancel->deadline}, {"votes", votes}};
    } else {
        out["cancel"] = nullptr;
    }
    out["spectators"] = snapshot.spectators;
    out["cannot_cover"] = cannot_cover_json(snapshot.cannot_cover);
    out["ready"] = snapshot.ready;
    json chat = json::array();
    for (const auto& c : snapshot.chat) {
        json line = chat_json(c);
        line.erase("type");
        chat.push_back(std::move(line));
    }
    out["chat"] = std::move(chat);
    out["match_players"] = players_json(snapshot.match_players);
    out["robot_fill"] = optional_time(snapshot.fill_deadline);
    return out;
}

}  // namespace belote::protocol
