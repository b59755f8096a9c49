#include "protocol/messages.hpp"

#include <nlohmann/json.hpp>

#include "protocol/event_json.hpp"
#include "protocol/record.hpp"
#include "protocol/replies.hpp"
#include "protocol/table_json.hpp"
#include "protocol/version.hpp"

namespace belote::protocol {
namespace {

using nlohmann::json;

template <class... F>
struct Overloaded : F... {
    using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

json optional_time(const std::optional<std::int64_t>& t) { return t ? json(*t) : json(nullptr); }

std::string_view cancel_end_name(platform::CancelEnd end) {
    switch (end) {
        case platform::CancelEnd::Refused: return "refused";
        case platform::CancelEnd::Timeout: return "timeout";
        case platform::CancelEnd::MatchEnded: return "match_ended";
    }
    return "refused";
}

/// The body of a platform notice (everything but "table" and "v"); the same for every recipient.
struct PlatformBody {
    json operator()(const platform::SeatChangedNotice& n) const {
        json out = seat_changed_json("", 0, n.seat, n.player);
        out.erase("table");
        out.erase("v");
        return out;
    }
    json operator()(const platform::OptionsNotice& n) const {
        return {{"type", "table_options"},
                {"chief", n.chief ? json(*n.chief) : json(nullptr)},
                {"options", options_json(n.options, n.settings)}};
    }
    json operator()(const platform::SeatStatusNotice& n) const {
        json out = seat_status_json(n);
        out["type"] = "seat_status";
        return out;
    }
    json operator()(const platform::SpectatorCount& n) const { return {{"type", "spectators"}, {"count", n.count}}; }
    json operator()(const platform::AutoMoved& n) const {
        return {{"type", "auto_move"}, {"seat", n.seat}, {"reason", "timeout"}};
    }
    json operator()(const platform::CancelProposed& n) const {
        return {{"type", "cancel_proposed"}, {"by", n.by}, {"deadline", n.deadline}, {"voters", n.voters}};
    }
    json operator()(const platform::CancelVoted& n) const {
        return {{"type", "cancel_vote"}, {"seat", n.seat}, {"accept", n.accept}};
    }
    json operator()(const platform::CancelRejected& n) const {
        return {{"type", "cancel_rejected"}, {"reason", cancel_end_name(n.reason)}};
    }
    json operator()(const platform::MatchCancelled&) const { return {{"type", "match_cancelled"}}; }
    json operator()(const platform::ChatPosted& n) const {
        return {{"type", "chat"},
                {"from",
                 {{"name", n.from.name},
                  {"role", n.seat ? "player" : "spectator"},
                  {"seat", n.seat ? json(*n.seat) : json(nullptr)}}},
                {"text", n.text}};
    }
};

/// The message for `observer`.
json notice_json(const platform::Notice& notice, const Observer& observer, std::string_view table, std::uint64_t v) {
    return std::visit(Overloaded{
                          [&](const Event& e) { return event_json(e, observer, table, v); },
                          [&](const platform::TurnNotice& n) {
                              json out = event_json(Event{n.turn}, observer, table, v);
                              out["deadline"] = optional_time(n.deadline);
                              return out;
                          },
                          [&](const platform::MatchEndNotice& n) {
                              json out = event_json(Event{n.end}, observer, table, v);
                              out["abandoned"] = n.abandoned;
                              out["stake"] = n.stake;
                              out["competitive"] = n.competitive;
                              return out;
                          },
                          [&](const auto& n) {
                              json out = PlatformBody{}(n);
                              out["table"] = table;
                              out["v"] = v;
                              return out;
                          },
                      },
                      notice);
}

/// True when seat `seat`'s copy of `notice` differs from the public one.
bool private_for(const platform::Notice& notice, int seat) {
    if (const auto* turn = std::get_if<platform::TurnNotice>(&notice))
        return turn->turn.seat == seat && turn->turn.legal.has_value();
    const auto* event = std::get_if<Event>(&notice);
    if (!event) return false;
    if (const auto* e = std::get_if<DealStarted>(event)) return e->hands[seat].has_value();
    if (const auto* e = std::get_if<ContractSettled>(event)) return e->hands[seat].has_value();
    if (const auto* e = std::get_if<MeldsFound>(event)) return e->melds[seat].has_value();
    return false;
}

json ok_json(const RequestId& id) { return ok_reply(id_json(id)); }

}  // namespace

RenderedNotice render_notice(const platform::Notice& notice, std::string_view table, std::uint64_t v, int seats) {
    RenderedNotice out;
    out.everyone = to_text(notice_json(notice, Observer::spectator(), table, v));
    for (int seat = 0; seat < seats; ++seat)
        if (private_for(notice, seat)) out.own[seat] = to_text(notice_json(notice, Observer::of_seat(seat), table, v));
    return out;
}

std::string snapshot_text(const platform::Snapshot& snapshot) { return to_text(snapshot_json(snapshot)); }

std::string ok_text(const RequestId& id) { return to_text(ok_json(id)); }

std::string hello_text(const RequestId& id, std::string_view token, std::string_view player_id,
                       std::string_view nickname) {
    return to_text(
        ok_reply(id_json(id),
                 {{"protocol", version}, {"token", token}, {"player", {{"id", player_id}, {"nickname", nickname}}}}));
}

std::string created_text(const RequestId& id, std::string_view table, std::string_view invite) {
    return to_text(ok_reply(id_json(id), {{"table", table}, {"invite", invite}}));
}

std::string invite_text(const RequestId& id, std::string_view invite) {
    return to_text(ok_reply(id_json(id), {{"invite", invite}}));
}

std::string tables_text(const RequestId& id, const std::vector<platform::LobbyEntry>& tables) {
    json list = json::array();
    for (const auto& entry : tables) list.push_back(lobby_entry_json(entry));
    return to_text(ok_reply(id_json(id), {{"tables", std::move(list)}}));
}

std::string record_text(const RequestId& id, const GameRecord& record) {
    return to_text(ok_reply(id_json(id), {{"record", record_json(record)}}));
}

std::string error_text(const RequestId& id, ErrorCode code, std::string_view message) {
    return to_text(error_reply(id_json(id), code, message));
}

}  // namespace belote::protocol
