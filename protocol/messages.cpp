#include "protocol/messages.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

#include "engine/overloaded.hpp"
#include "protocol/action_writer.hpp"
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

json why_json(platform::Unmoved why) { return why == platform::Unmoved::None ? json(nullptr) : json(to_string(why)); }

/// What each seat got from a match that ended or was cancelled (docs/protocol.md "match_ended").
json results_json(const std::vector<platform::SeatOutcome>& outcomes) {
    json seats = json::array();
    for (const auto& o : outcomes) {
        json rating = nullptr;
        if (o.rating_before && o.rating_after)
            rating = {{"before", std::lround(o.rating_before->rating)},
                      {"after", std::lround(o.rating_after->rating)},
                      {"provisional", o.rating_after->provisional()}};
        seats.push_back({{"seat", o.seat},
                         {"chips", o.chips},
                         {"xp", o.xp},
                         {"rating", std::move(rating)},
                         {"why", why_json(o.why)},
                         {"unrated", why_json(o.unrated)}});
    }
    return seats;
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
        return {{"type", "cancel_rejected"}, {"reason", to_string(n.reason)}};
    }
    json operator()(const platform::MatchCancelledNotice& n) const {
        return {{"type", "match_cancelled"},           {"stake", n.stake},
                {"competitive", n.competitive},        {"unmoved", why_json(n.unmoved)},
                {"results", results_json(n.outcomes)}, {"abandoned", n.abandoned},
                {"players", players_json(n.players)}};
    }
    json operator()(const platform::StakeCheckNotice& n) const {
        return {{"type", "stake_check"}, {"cannot_cover", cannot_cover_json(n.cannot_cover)}};
    }
    json operator()(const platform::ChatPosted& n) const { return chat_json(n); }
    json operator()(const platform::ReadyChanged& n) const {
        return {{"type", "ready"}, {"seat", n.seat}, {"ready", n.ready}};
    }
    json operator()(const platform::RobotFillNotice& n) const {
        return {{"type", "robot_fill"}, {"deadline", optional_time(n.deadline)}};
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
                              out["unmoved"] = why_json(n.unmoved);
                              out["results"] = results_json(n.outcomes);
                              out["players"] = players_json(n.players);
                              return out;
                          },
                          [&](const platform::OptionsNotice& n) {
                              json out = PlatformBody{}(n);
                              out["table"] = table;
                              out["v"] = v;
                              if (n.chief && observer.sees_seat(*n.chief)) out["invite"] = n.invite;
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
    if (const auto* options = std::get_if<platform::OptionsNotice>(&notice)) return options->chief == seat;
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

/// Ends a notice with its table and version. The `"table":"…","v":` part is kept per thread for
/// the last table seen (it is the same for every notice of a table).
void finish(JsonWriter& w, std::string_view table, std::uint64_t v) {
    thread_local std::string cached_table;
    thread_local std::string cached_tail;
    if (table != cached_table) {
        cached_table = table;
        std::string tail;
        {
            JsonWriter t(tail);
            t.begin_object().key("x").null().key("table").value(table);  // `{"x":null,"table":"…"`
        }
        cached_tail = tail.substr(tail.find(',')) + ",\"v\":";
    }
    w.raw_member(cached_tail);
    w.value(v).end_object();
}

void card_played_text(const CardPlayed& e, std::string_view table, std::uint64_t v, std::string& out) {
    JsonWriter w(out);
    w.begin_object().key("type").value("card_played").key("seat").value(e.seat).key("card");
    write_card(w, e.card);
    w.key("belote");
    if (e.belote == BeloteCall::Belote)
        w.value("belote");
    else if (e.belote == BeloteCall::Rebelote)
        w.value("rebelote");
    else
        w.null();
    finish(w, table, v);
}

void trick_won_text(const TrickWon& e, std::string_view table, std::uint64_t v, std::string& out) {
    JsonWriter w(out);
    w.begin_object().key("type").value("trick_won").key("trick").value(e.trick_number);
    w.key("winner").value(e.winner).key("points").value(e.points).key("cards").begin_array();
    for (int i = 0; i < e.trick.size(); ++i) {
        w.begin_object().key("seat").value(e.trick.seat(i)).key("card");
        write_card(w, e.trick.card(i));
        w.end_object();
    }
    w.end_array();
    finish(w, table, v);
}

void turn_text(const platform::TurnNotice& n, bool with_legal, std::string_view table, std::uint64_t v,
               std::string& out) {
    JsonWriter w(out);
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
    finish(w, table, v);
}

void auction_call_text(const AuctionCall& e, std::string_view table, std::uint64_t v, std::string& out) {
    JsonWriter w(out);
    w.begin_object().key("type").value("auction_call");
    write_action_members(w, e.action, "call");
    w.key("seat").value(e.seat);
    finish(w, table, v);
}

void write_hand(JsonWriter& w, const PrivateHands& hands, std::optional<int> seat) {
    if (seat && hands[*seat]) {
        w.key("hand");
        write_cards(w, *hands[*seat]);
    }
}

void deal_started_text(const DealStarted& e, std::optional<int> seat, std::string_view table, std::uint64_t v,
                       std::string& out) {
    JsonWriter w(out);
    w.begin_object().key("type").value("deal_started").key("deal").value(e.deal_number).key("dealer").value(e.dealer);
    w.key("turn_up");
    if (e.turn_up)
        write_card(w, *e.turn_up);
    else
        w.null();
    write_hand(w, e.hands, seat);
    w.key("hand_sizes").begin_array();
    for (int n : e.hand_sizes) w.value(n);
    w.end_array();
    finish(w, table, v);
}

void contract_text(const ContractSettled& e, std::optional<int> seat, std::string_view table, std::uint64_t v,
                   std::string& out) {
    JsonWriter w(out);
    w.begin_object().key("type").value("contract").key("taker").value(e.taker).key("trump");
    if (e.contract.kind == ContractKind::SuitTrump)
        w.value(to_string(e.contract.trump));
    else
        w.null();
    if (e.bid_value > 0) {  // coinche
        w.key("contract").value(denomination_name(e.contract)).key("value");
        if (e.bid_value == capot_bid_value)
            w.value("capot");
        else
            w.value(e.bid_value);
        w.key("contre").value(e.contre_level);
    }
    write_hand(w, e.hands, seat);
    finish(w, table, v);
}

/// A notice with each seat's own hand: the public copy and one per seat that has a hand in it.
template <class Write>
void render_hands(const PrivateHands& hands, int seats, RenderedNotice& out, Write&& write) {
    write(std::nullopt, out.everyone);
    for (int seat = 0; seat < seats; ++seat)
        if (hands[seat]) {
            write(seat, out.own[seat]);
            out.own_seats |= 1u << seat;
        }
}

/// The notices written directly; false for the others.
bool render_direct(const platform::Notice& notice, std::string_view table, std::uint64_t v, int seats,
                   RenderedNotice& out) {
    if (const auto* turn = std::get_if<platform::TurnNotice>(&notice)) {
        turn_text(*turn, false, table, v, out.everyone);
        if (turn->turn.legal && turn->turn.seat >= 0 && turn->turn.seat < seats) {
            turn_text(*turn, true, table, v, out.own[turn->turn.seat]);
            out.own_seats |= 1u << turn->turn.seat;
        }
        return true;
    }
    const auto* event = std::get_if<Event>(&notice);
    if (!event) return false;
    if (const auto* e = std::get_if<CardPlayed>(event)) {
        card_played_text(*e, table, v, out.everyone);
        return true;
    }
    if (const auto* e = std::get_if<TrickWon>(event)) {
        trick_won_text(*e, table, v, out.everyone);
        return true;
    }
    if (const auto* e = std::get_if<AuctionCall>(event)) {
        auction_call_text(*e, table, v, out.everyone);
        return true;
    }
    if (const auto* e = std::get_if<DealStarted>(event)) {
        render_hands(e->hands, seats, out,
                     [&](std::optional<int> seat, std::string& text) { deal_started_text(*e, seat, table, v, text); });
        return true;
    }
    if (const auto* e = std::get_if<ContractSettled>(event)) {
        render_hands(e->hands, seats, out,
                     [&](std::optional<int> seat, std::string& text) { contract_text(*e, seat, table, v, text); });
        return true;
    }
    return false;
}

}  // namespace

void render_notice(const platform::Notice& notice, std::string_view table, std::uint64_t v, int seats,
                   RenderedNotice& out) {
    out.own_seats = 0;
    if (render_direct(notice, table, v, seats, out)) return;
    out.everyone = to_text(notice_json(notice, Observer::spectator(), table, v));
    for (int seat = 0; seat < seats; ++seat)
        if (private_for(notice, seat)) {
            out.own[seat] = to_text(notice_json(notice, Observer::of_seat(seat), table, v));
            out.own_seats |= 1u << seat;
        }
}

RenderedNotice render_notice(const platform::Notice& notice, std::string_view table, std::uint64_t v, int seats) {
    RenderedNotice out;
    render_notice(notice, table, v, seats, out);
    return out;
}

std::string snapshot_text(const platform::Snapshot& snapshot) { return to_text(snapshot_json(snapshot)); }

void ok_text(const RequestId& id, std::string& out) {
    JsonWriter w(out);
    w.begin_object().key("type").value("ok").key("id");
    write_id(w, id);
    w.end_object();
}

std::string ok_text(const RequestId& id) {
    std::string out;
    ok_text(id, out);
    return out;
}

namespace {

json identity_json(const PlayerIdentity& player) {
    return {{"id", player.id}, {"nickname", player.nickname}, {"guest", player.guest}};
}

}  // namespace

std::string hello_text(const RequestId& id, std::string_view token, const PlayerIdentity& player) {
    return to_text(ok_reply(id_json(id), {{"protocol", version}, {"token", token}, {"player", identity_json(player)}}));
}

std::string session_text(const RequestId& id, std::string_view token, const PlayerIdentity& player) {
    return to_text(ok_reply(id_json(id), {{"token", token}, {"player", identity_json(player)}}));
}

std::string rate_limited_text(const RequestId& id, std::string_view message, std::int64_t retry_after_s) {
    json reply = error_reply(id_json(id), ErrorCode::RateLimited, message);
    reply["retry_after"] = std::max<std::int64_t>(1, retry_after_s);
    return to_text(reply);
}

std::string created_text(const RequestId& id, std::string_view table, std::string_view invite) {
    return to_text(ok_reply(id_json(id), {{"table", table}, {"invite", invite}}));
}

std::string invite_text(const RequestId& id, std::string_view invite) {
    return to_text(ok_reply(id_json(id), {{"invite", invite}}));
}

std::string tables_text(const RequestId& id, const std::vector<platform::LobbyEntry>& tables,
                        std::optional<std::uint64_t> next) {
    json list = json::array();
    for (const auto& entry : tables) list.push_back(lobby_entry_json(entry));
    return to_text(ok_reply(
        id_json(id), {{"tables", std::move(list)}, {"next", next ? json(std::to_string(*next)) : json(nullptr)}}));
}

std::string tables_text(const RequestId& id, const std::vector<platform::LobbyEntry>& tables,
                        const std::vector<std::string>& remote, std::optional<std::uint64_t> next) {
    json list = json::array();
    for (const auto& entry : tables) list.push_back(lobby_entry_json(entry));
    for (const auto& row : remote)
        if (auto parsed = json::parse(row, nullptr, false); parsed.is_object()) list.push_back(std::move(parsed));
    return to_text(ok_reply(
        id_json(id), {{"tables", std::move(list)}, {"next", next ? json(std::to_string(*next)) : json(nullptr)}}));
}

std::string lobby_row_text(const platform::LobbyEntry& entry) { return to_text(lobby_entry_json(entry)); }

std::optional<LobbyRow> parse_lobby_row(std::string_view text) {
    const json row = json::parse(text, nullptr, false);
    if (!row.is_object() || !row.contains("variant") || !row["variant"].is_string() || !row.contains("seats") ||
        !row["seats"].is_array())
        return std::nullopt;
    LobbyRow out{row["variant"].get<std::string>(), 0};
    for (const auto& seat : row["seats"])
        if (seat.is_object() && seat.contains("player") && seat["player"].is_null()) ++out.free_seats;
    return out;
}

std::string record_text(const RequestId& id, const GameRecord& record) {
    return to_text(ok_reply(id_json(id), {{"record", record_json(record)}}));
}

std::string stored_record_text(const RequestId& id, std::string_view record) {
    json parsed = json::parse(record, nullptr, false);
    return to_text(ok_reply(id_json(id), {{"record", parsed.is_discarded() ? json(nullptr) : parsed}}));
}

std::string error_text(const RequestId& id, ErrorCode code, std::string_view message) {
    return to_text(error_reply(id_json(id), code, message));
}

std::string refusal_text(const RequestId& id, const platform::Refused& refused) {
    json reply = error_reply(id_json(id), code_of(refused), refused.message);
    if (refused.until) reply["until"] = *refused.until;
    return to_text(reply);
}

std::string table_moved_text(std::string_view table, std::optional<std::string_view> url) {
    json out{{"type", "table_moved"}, {"table", table}};
    if (url) out["url"] = *url;
    return to_text(out);
}

std::string table_elsewhere_text(const RequestId& id, std::string_view table, std::string_view url) {
    json reply = error_reply(id_json(id), ErrorCode::TableElsewhere,
                             "table " + std::string(table) + " is served by another server: reconnect there");
    reply["table"] = table;
    reply["url"] = url;
    return to_text(reply);
}

}  // namespace belote::protocol
