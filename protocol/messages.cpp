#include "protocol/messages.hpp"

#include <nlohmann/json.hpp>

#include "protocol/bid_json.hpp"
#include "protocol/event_json.hpp"
#include "protocol/json_writer.hpp"
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

// The messages sent at every card are written directly (json_writer.hpp); the others go through
// notice_json. A test checks both give the same JSON for every event of many matches.

void write_id(JsonWriter& w, const RequestId& id) {
    if (const auto* n = std::get_if<std::int64_t>(&id))
        w.value(*n);
    else if (const auto* s = std::get_if<std::string>(&id))
        w.value(*s);
    else
        w.null();
}

void write_card(JsonWriter& w, Card card) { w.value(to_string(card)); }  // two characters: no allocation

void write_cards(JsonWriter& w, CardSet cards) {
    w.begin_array();
    for (Card c : cards) write_card(w, c);
    w.end_array();
}

/// One action in the shape of the client message that requests it (action_json).
void write_action(JsonWriter& w, const Action& a) {
    w.begin_object().key("type");
    switch (a.kind) {
        case ActionKind::Pass: w.value("pass"); break;
        case ActionKind::Take: w.value("take"); break;
        case ActionKind::NameSuit:
            w.value("name").key("suit");
            if (a.contract.kind == ContractKind::NoTrump)
                w.value("no_trump");
            else if (a.contract.kind == ContractKind::AllTrump)
                w.value("all_trump");
            else
                w.value(to_string(a.contract.trump));
            break;
        case ActionKind::PlayCard:
            w.value("play").key("card");
            write_card(w, a.card);
            if (a.belote != BeloteCall::None)
                w.key("belote").value(a.belote == BeloteCall::Belote ? "belote" : "rebelote");
            break;
        case ActionKind::Declare:
            w.value("declare").key("cards");
            write_cards(w, a.cards);
            break;
        case ActionKind::Bid:
            w.value("bid").key("value");
            if (a.value == capot_bid_value)
                w.value("capot");
            else
                w.value(a.value);
            w.key("suit").value(denomination_name(a.contract));
            break;
        case ActionKind::Contre: w.value("contre"); break;
        case ActionKind::Surcontre: w.value("surcontre"); break;
    }
    w.end_object();
}

std::string finish(JsonWriter& w, std::string_view table, std::uint64_t v) {
    w.key("table").value(table).key("v").value(v).end_object();
    return w.take();
}

std::string card_played_text(const CardPlayed& e, std::string_view table, std::uint64_t v) {
    JsonWriter w;
    w.begin_object().key("type").value("card_played").key("seat").value(e.seat).key("card");
    write_card(w, e.card);
    w.key("belote");
    if (e.belote == BeloteCall::Belote)
        w.value("belote");
    else if (e.belote == BeloteCall::Rebelote)
        w.value("rebelote");
    else
        w.null();
    return finish(w, table, v);
}

std::string trick_won_text(const TrickWon& e, std::string_view table, std::uint64_t v) {
    JsonWriter w(192);
    w.begin_object().key("type").value("trick_won").key("trick").value(e.trick_number);
    w.key("winner").value(e.winner).key("points").value(e.points).key("cards").begin_array();
    for (int i = 0; i < e.trick.size(); ++i) {
        w.begin_object().key("seat").value(e.trick.seat(i)).key("card");
        write_card(w, e.trick.card(i));
        w.end_object();
    }
    w.end_array();
    return finish(w, table, v);
}

std::string turn_text(const platform::TurnNotice& n, bool with_legal, std::string_view table, std::uint64_t v) {
    JsonWriter w(with_legal ? 256 : 128);
    w.begin_object().key("type").value("turn").key("seat").value(n.turn.seat);
    w.key("phase").value(n.turn.auction ? "auction" : "play");
    if (with_legal) {
        w.key("legal").begin_array();
        for (const Action& a : *n.turn.legal) write_action(w, a);
        w.end_array();
    }
    w.key("deadline");
    if (n.deadline)
        w.value(*n.deadline);
    else
        w.null();
    return finish(w, table, v);
}

/// The notices written directly; false for the others.
bool render_direct(const platform::Notice& notice, std::string_view table, std::uint64_t v, int seats,
                   RenderedNotice& out) {
    if (const auto* turn = std::get_if<platform::TurnNotice>(&notice)) {
        out.everyone = turn_text(*turn, false, table, v);
        if (turn->turn.legal && turn->turn.seat >= 0 && turn->turn.seat < seats)
            out.own[turn->turn.seat] = turn_text(*turn, true, table, v);
        return true;
    }
    const auto* event = std::get_if<Event>(&notice);
    if (!event) return false;
    if (const auto* e = std::get_if<CardPlayed>(event)) {
        out.everyone = card_played_text(*e, table, v);
        return true;
    }
    if (const auto* e = std::get_if<TrickWon>(event)) {
        out.everyone = trick_won_text(*e, table, v);
        return true;
    }
    return false;
}

}  // namespace

RenderedNotice render_notice(const platform::Notice& notice, std::string_view table, std::uint64_t v, int seats) {
    RenderedNotice out;
    if (render_direct(notice, table, v, seats, out)) return out;
    out.everyone = to_text(notice_json(notice, Observer::spectator(), table, v));
    for (int seat = 0; seat < seats; ++seat)
        if (private_for(notice, seat)) out.own[seat] = to_text(notice_json(notice, Observer::of_seat(seat), table, v));
    return out;
}

std::string snapshot_text(const platform::Snapshot& snapshot) { return to_text(snapshot_json(snapshot)); }

std::string ok_text(const RequestId& id) {
    JsonWriter w(32);
    w.begin_object().key("type").value("ok").key("id");
    write_id(w, id);
    w.end_object();
    return w.take();
}

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
