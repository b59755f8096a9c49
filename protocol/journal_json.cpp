#include "protocol/journal_json.hpp"

#include <nlohmann/json.hpp>

#include "engine/overloaded.hpp"
#include "protocol/action_json.hpp"
#include "protocol/action_writer.hpp"
#include "protocol/record.hpp"
#include "protocol/rules_json.hpp"
#include "protocol/table_json.hpp"

namespace belote::protocol {

using nlohmann::json;
// Named one by one: a using-directive here would reach the other files of this file's unity batch.
using platform::Abandoned, platform::ActionSource, platform::ActionTaken, platform::AutoMoved, platform::CameBack,
    platform::CancelEnd, platform::CancelProposed, platform::CancelRejected, platform::CancelVoted,
    platform::ChatPosted, platform::Disconnected, platform::InviteRenewed, platform::MatchBegun,
    platform::MatchCancelled, platform::OptionsChanged, platform::PlayerRef, platform::Rating, platform::ReadyChanged,
    platform::Reconnected, platform::RobotLevel, platform::RobotSeated, platform::SeatFreed, platform::SeatStanding,
    platform::Seated, platform::SeatsFilled, platform::SpectatorJoined, platform::SpectatorLeft,
    platform::StandingChanged, platform::TableEvent, platform::TableSettings, platform::TurnOverdue, platform::WentAway;

namespace {

/// Thrown while reading: becomes the error of the *_from_text functions.
struct Malformed {
    std::string what;
};

json player_ref_json(const PlayerRef& p) { return {{"id", p.id}, {"name", p.name}}; }

json standing_json(const SeatStanding& s) { return {{"registered", s.registered}, {"chips", s.chips}, {"xp", s.xp}}; }

/// The ratings a match began with (doubles round-trip exactly through nlohmann's output).
json ratings_json(const std::array<Rating, 4>& ratings) {
    json out = json::array();
    for (const auto& r : ratings)
        out.push_back({{"rating", r.rating}, {"rd", r.rd}, {"volatility", r.volatility}, {"games", r.games}});
    return out;
}

json options_fields(const MatchOptions& options, const TableSettings& settings) {
    json out = {{"variant", to_string(options.variant)}, {"target", options.target},
                {"rules", rules_json(options)},          {"turn_time", settings.turn_time_s},
                {"private", settings.private_table},     {"spectators", settings.spectators},
                {"competitive", settings.competitive},   {"stake", settings.stake}};
    if (settings.robot_fill_s > 0) out["robot_fill"] = settings.robot_fill_s;  // absent: off (and before it existed)
    if (settings.robot_fill_level != platform::RobotLevel::Easy)               // absent: easy (and before it existed)
        out["robot_fill_level"] = to_string(settings.robot_fill_level);
    return out;
}

std::string_view source_name(ActionSource source) {
    switch (source) {
        case ActionSource::Player: return "player";
        case ActionSource::Robot: return "robot";
        case ActionSource::Timeout: return "timeout";
    }
    return "player";
}

json table_event_json(const TableEvent& event) {
    return std::visit(
        Overloaded{
            [](const Seated& e) -> json {
                json out{{"event", "seated"}, {"seat", e.seat}, {"player", player_ref_json(e.player)}};
                if (e.standing) out["standing"] = standing_json(*e.standing);
                return out;
            },
            [](const StandingChanged& e) -> json {
                return {{"event", "standing_changed"}, {"seat", e.seat}, {"standing", standing_json(e.standing)}};
            },
            [](const RobotSeated& e) -> json {
                return {{"event", "robot_seated"}, {"seat", e.seat}, {"level", to_string(e.level)}};
            },
            [](const SeatFreed& e) -> json {
                return {{"event", "seat_freed"}, {"seat", e.seat}};
            },
            [](const OptionsChanged& e) -> json {
                json out = options_fields(e.options, e.settings);
                out["event"] = "options_changed";
                return out;
            },
            [](const SpectatorJoined& e) -> json {
                return {{"event", "spectator_joined"}, {"player", player_ref_json(e.player)}};
            },
            [](const SpectatorLeft& e) -> json {
                return {{"event", "spectator_left"},
                        {"player", player_ref_json(e.player)},
                        {"disconnected", e.disconnected}};
            },
            [](const ChatPosted& e) -> json {
                json out = {{"event", "chat_posted"},
                            {"from", player_ref_json(e.from)},
                            {"seat", e.seat ? json(*e.seat) : json(nullptr)},
                            {"text", e.text}};
                if (e.phrase) out["phrase"] = *e.phrase;
                return out;
            },
            [](const InviteRenewed& e) -> json {
                return {{"event", "invite_renewed"}, {"code", e.code}};
            },
            [](const MatchBegun& e) -> json {
                const auto& t = e.terms;
                json out{{"event", "match_begun"}, {"seed", e.seed}};
                // A practice match moves nothing whatever its terms: they are written for a
                // competitive one only (and a match_begun without them reads back as practice).
                if (t.competitive)
                    out["terms"] = {
                        {"competitive", t.competitive}, {"stake", t.stake}, {"same_ip", t.same_address},
                        {"counts", t.counts},           {"rated", t.rated}, {"ratings", ratings_json(t.ratings)}};
                return out;
            },
            [](const ActionTaken& e) -> json {
                return {{"event", "action_taken"},
                        {"seat", e.seat},
                        {"action", action_json(e.action)},
                        {"source", source_name(e.source)}};
            },
            [](const TurnOverdue& e) -> json {
                return {{"event", "turn_overdue"}, {"seat", e.seat}};
            },
            [](const AutoMoved& e) -> json {
                return {{"event", "auto_moved"}, {"seat", e.seat}};
            },
            [](const WentAway& e) -> json {
                return {{"event", "went_away"}, {"seat", e.seat}};
            },
            [](const CameBack& e) -> json {
                return {{"event", "came_back"}, {"seat", e.seat}};
            },
            [](const Disconnected& e) -> json {
                return {{"event", "disconnected"},
                        {"seat", e.seat},
                        {"reclaim_deadline", e.reclaim_deadline ? json(*e.reclaim_deadline) : json(nullptr)}};
            },
            [](const Reconnected& e) -> json {
                return {{"event", "reconnected"}, {"seat", e.seat}};
            },
            [](const Abandoned& e) -> json {
                return {{"event", "abandoned"}, {"seat", e.seat}};
            },
            [](const CancelProposed& e) -> json {
                return {{"event", "cancel_proposed"},
                        {"by", e.by},
                        {"deadline", e.deadline},
                        {"voters", e.voters},
                        {"number", e.number}};
            },
            [](const CancelVoted& e) -> json {
                return {{"event", "cancel_voted"}, {"seat", e.seat}, {"accept", e.accept}};
            },
            [](const CancelRejected& e) -> json {
                return {{"event", "cancel_rejected"}, {"reason", to_string(e.reason)}};
            },
            [](const MatchCancelled&) -> json {
                return {{"event", "match_cancelled"}};
            },
            [](const ReadyChanged& e) -> json {
                return {{"event", "ready_changed"}, {"seat", e.seat}, {"ready", e.ready}};
            },
            [](const SeatsFilled&) -> json {
                return {{"event", "seats_filled"}};
            },
        },
        event);
}

// Reading. Each helper throws Malformed naming the field.

const json& journal_field(const json& j, const char* name) {
    auto it = j.find(name);
    if (it == j.end()) throw Malformed{std::string("missing '") + name + "'"};
    return *it;
}

template <class T>
T get(const json& j, const char* name) {
    const json& v = journal_field(j, name);
    try {
        return v.get<T>();
    } catch (const json::exception&) {
        throw Malformed{std::string("bad '") + name + "'"};
    }
}

template <class T>
std::optional<T> get_optional(const json& j, const char* name) {
    const json& v = journal_field(j, name);
    if (v.is_null()) return std::nullopt;
    return get<T>(j, name);
}

int journal_seat(const json& j, const char* name) {
    int seat = get<int>(j, name);
    if (seat < 0 || seat > 3) throw Malformed{std::string("bad '") + name + "'"};
    return seat;
}

PlayerRef player_of(const json& j, const char* name) {
    const json& p = journal_field(j, name);
    if (!p.is_object()) throw Malformed{std::string("bad '") + name + "'"};
    return {get<std::string>(p, "id"), get<std::string>(p, "name")};
}

SeatStanding standing_of(const json& j, const char* name) {
    const json& s = journal_field(j, name);
    if (!s.is_object()) throw Malformed{std::string("bad '") + name + "'"};
    return {get<bool>(s, "registered"), get<std::int64_t>(s, "chips"), get<std::int64_t>(s, "xp")};
}

RobotLevel level_of(const json& j, const char* name) {
    auto level = parse_robot_level(get<std::string>(j, name));
    if (!level) throw Malformed{std::string("bad '") + name + "'"};
    return *level;
}

MatchOptions options_of(const json& j) {
    auto variant = parse_variant(get<std::string>(j, "variant"), VariantScope::All);
    if (!variant) throw Malformed{"bad 'variant'"};
    MatchOptions options{*variant, get<int>(j, "target"), {}};
    auto rules = rules_from_json(journal_field(j, "rules"), *variant);
    if (const auto* error = std::get_if<RulesError>(&rules)) throw Malformed{"bad 'rules': " + error->message};
    options.rules = std::get<RuleOptions>(rules);
    if (auto problem = validate(options)) throw Malformed{*problem};
    return options;
}

TableSettings settings_of(const json& j) {
    TableSettings s;
    s.turn_time_s = get<int>(j, "turn_time");
    s.private_table = get<bool>(j, "private");
    s.spectators = get<bool>(j, "spectators");
    s.competitive = get<bool>(j, "competitive");
    s.stake = get<int>(j, "stake");
    if (j.contains("robot_fill")) s.robot_fill_s = get<int>(j, "robot_fill");
    if (j.contains("robot_fill_level")) s.robot_fill_level = level_of(j, "robot_fill_level");
    return s;
}

ActionSource source_of(const std::string& name) {
    if (name == "player") return ActionSource::Player;
    if (name == "robot") return ActionSource::Robot;
    if (name == "timeout") return ActionSource::Timeout;
    throw Malformed{"bad 'source'"};
}

CancelEnd cancel_end_of(const std::string& name) {
    if (name == "refused") return CancelEnd::Refused;
    if (name == "timeout") return CancelEnd::Timeout;
    if (name == "match_ended") return CancelEnd::MatchEnded;
    throw Malformed{"bad 'reason'"};
}

TableEvent event_of(const json& j) {
    const auto name = get<std::string>(j, "event");
    if (name == "seated") {
        Seated seated{journal_seat(j, "seat"), player_of(j, "player"), std::nullopt};
        if (j.contains("standing")) seated.standing = standing_of(j, "standing");  // absent before issue 13's fixes
        return seated;
    }
    if (name == "standing_changed") return StandingChanged{journal_seat(j, "seat"), standing_of(j, "standing")};
    if (name == "robot_seated") return RobotSeated{journal_seat(j, "seat"), level_of(j, "level")};
    if (name == "seat_freed") return SeatFreed{journal_seat(j, "seat")};
    if (name == "options_changed") return OptionsChanged{options_of(j), settings_of(j)};
    if (name == "spectator_joined") return SpectatorJoined{player_of(j, "player")};
    if (name == "spectator_left") return SpectatorLeft{player_of(j, "player"), get<bool>(j, "disconnected")};
    if (name == "chat_posted")
        return ChatPosted{
            player_of(j, "from"), get_optional<int>(j, "seat"), get<std::string>(j, "text"),
            j.contains("phrase") ? get_optional<std::string>(j, "phrase") : std::nullopt};  // typed text has none
    if (name == "invite_renewed") return InviteRenewed{get<std::string>(j, "code")};
    if (name == "match_begun") {
        MatchBegun begun{get<std::uint64_t>(j, "seed"), {}};
        if (auto it = j.find("terms"); it != j.end()) {  // absent: a practice match (or one from before)
            auto& t = begun.terms;
            t.competitive = get<bool>(*it, "competitive");
            t.stake = get<int>(*it, "stake");
            t.same_address = get<bool>(*it, "same_ip");
            t.counts = it->at("counts").get<std::array<bool, 4>>();
            t.rated = get<bool>(*it, "rated");
            const auto& ratings = it->at("ratings");
            for (std::size_t s = 0; s < t.ratings.size() && s < ratings.size(); ++s)
                t.ratings[s] = {ratings[s].at("rating").get<double>(), ratings[s].at("rd").get<double>(),
                                ratings[s].at("volatility").get<double>(), ratings[s].at("games").get<int>()};
        }
        return begun;
    }
    if (name == "action_taken") {
        auto action = action_from_json(journal_field(j, "action"));
        if (!action) throw Malformed{"bad 'action'"};
        return ActionTaken{journal_seat(j, "seat"), *action, source_of(get<std::string>(j, "source"))};
    }
    if (name == "turn_overdue") return TurnOverdue{journal_seat(j, "seat")};
    if (name == "auto_moved") return AutoMoved{journal_seat(j, "seat")};
    if (name == "went_away") return WentAway{journal_seat(j, "seat")};
    if (name == "came_back") return CameBack{journal_seat(j, "seat")};
    if (name == "disconnected")
        return Disconnected{journal_seat(j, "seat"), get_optional<std::int64_t>(j, "reclaim_deadline")};
    if (name == "reconnected") return Reconnected{journal_seat(j, "seat")};
    if (name == "abandoned") return Abandoned{journal_seat(j, "seat")};
    if (name == "cancel_proposed")
        return CancelProposed{journal_seat(j, "by"), get<std::int64_t>(j, "deadline"),
                              get<std::vector<int>>(j, "voters"), get<std::uint64_t>(j, "number")};
    if (name == "cancel_voted") return CancelVoted{journal_seat(j, "seat"), get<bool>(j, "accept")};
    if (name == "cancel_rejected") return CancelRejected{cancel_end_of(get<std::string>(j, "reason"))};
    if (name == "match_cancelled") return MatchCancelled{};
    if (name == "ready_changed") return ReadyChanged{journal_seat(j, "seat"), get<bool>(j, "ready")};
    if (name == "seats_filled") return SeatsFilled{};
    throw Malformed{"unknown event '" + name + "'"};
}

template <class T, class F>
std::variant<T, std::string> read(std::string_view text, F&& f) {
    json j = json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object()) return std::string("not a JSON object");
    try {
        return f(j);
    } catch (const Malformed& m) {
        return m.what;
    }
}

}  // namespace

std::string creation_text(const TableCreation& creation) {
    json out = options_fields(creation.options, creation.settings);
    out["invite"] = creation.invite;
    return out.dump();
}

std::variant<TableCreation, std::string> creation_from_text(std::string_view text) {
    return read<TableCreation>(text, [](const json& j) {
        return TableCreation{options_of(j), settings_of(j), get<std::string>(j, "invite")};
    });
}

std::string stored_record(const GameRecord& record) { return record_json(record).dump(); }

std::string journal_text(const TableEvent& event) {
    // An action is most of a journal: written directly, without a tree (docs/performance.md).
    if (const auto* taken = std::get_if<ActionTaken>(&event)) {
        std::string out;
        JsonWriter w(out);
        w.begin_object().key("event").value("action_taken").key("seat").value(taken->seat).key("action");
        write_action(w, taken->action);
        w.key("source").value(source_name(taken->source)).end_object();
        w.flush();
        return out;
    }
    return table_event_json(event).dump();
}

std::variant<TableEvent, std::string> journal_event_from_text(std::string_view text) {
    return read<TableEvent>(text, [](const json& j) { return event_of(j); });
}

}  // namespace belote::protocol
