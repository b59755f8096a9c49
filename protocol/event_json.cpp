#include "protocol/event_json.hpp"

#include "protocol/action_json.hpp"
#include "protocol/bid_json.hpp"
#include "protocol/rules_json.hpp"
#include "protocol/score_json.hpp"
#include "protocol/variant_json.hpp"

namespace belote::protocol {
namespace {

using nlohmann::json;

/// Sets out["hand"] when the projected event still holds the observer's own hand.
void own_hand(json& out, const PrivateHands& hands, const Observer& observer) {
    if (!observer.seat) return;
    auto seat = static_cast<std::size_t>(*observer.seat);
    if (seat < hands.size() && hands[seat]) out["hand"] = cards_json(*hands[seat]);
}

struct Encoder {
    const Observer& observer;
    json& out;

    void operator()(const MatchStarted& e) const {
        out["type"] = "match_started";
        out["variant"] = to_string(e.options.variant);
        out["target"] = e.options.target;
        out["first_dealer"] = e.first_dealer;
        out["rules"] = rules_json(e.options);
    }
    void operator()(const DealStarted& e) const {
        out["type"] = "deal_started";
        out["deal"] = e.deal_number;
        out["dealer"] = e.dealer;
        out["turn_up"] = e.turn_up ? card_json(*e.turn_up) : json(nullptr);
        own_hand(out, e.hands, observer);
        out["hand_sizes"] = e.hand_sizes;
    }
    void operator()(const AuctionCall& e) const {
        json call = auction_call_json(e);
        out.update(call);
        out["type"] = "auction_call";
    }
    void operator()(const DealThrownIn& e) const {
        out["type"] = "deal_thrown_in";
        out["next_dealer"] = e.next_dealer;
    }
    void operator()(const ContractSettled& e) const {
        out["type"] = "contract";
        out["taker"] = e.taker;
        out["trump"] = e.contract.kind == ContractKind::SuitTrump ? json(to_string(e.contract.trump)) : json(nullptr);
        if (e.bid_value > 0) {  // coinche
            out["contract"] = denomination_name(e.contract);
            out["value"] = bid_value_json(e.bid_value);
            out["contre"] = e.contre_level;
        }
        own_hand(out, e.hands, observer);
    }
    void operator()(const TurnStarted& e) const {
        out["type"] = "turn";
        out["seat"] = e.seat;
        out["phase"] = e.auction ? "auction" : "play";
        if (e.legal && observer.sees_seat(e.seat)) out["legal"] = actions_json(*e.legal);
    }
    void operator()(const CardPlayed& e) const {
        out["type"] = "card_played";
        out["seat"] = e.seat;
        out["card"] = card_json(e.card);
        out["belote"] = e.belote == BeloteCall::Belote     ? json("belote")
                        : e.belote == BeloteCall::Rebelote ? json("rebelote")
                                                           : json(nullptr);
    }
    void operator()(const TrickWon& e) const {
        out["type"] = "trick_won";
        out["trick"] = e.trick_number;
        out["winner"] = e.winner;
        out["points"] = e.points;
        out["cards"] = trick_json(e.trick)["cards"];
    }
    void operator()(const DealScored& e) const {
        out["type"] = "deal_scored";
        out["deal"] = e.deal_number;
        out["score"] = deal_score_json(e.score);
        out["totals"] = e.totals;
    }
    void operator()(const MatchEnded& e) const {
        out["type"] = "match_ended";
        out["winner"] = e.winner;
        out["totals"] = e.totals;
    }
    void operator()(const MeldsFound& e) const {
        out["type"] = "melds_found";
        if (!observer.seat) return;
        auto seat = static_cast<std::size_t>(*observer.seat);
        if (seat < e.melds.size() && e.melds[seat]) out["melds"] = melds_json(*e.melds[seat]);
    }
    void operator()(const MeldsShown& e) const {
        out["type"] = "melds_shown";
        out["team"] = e.team;
        out["points"] = e.points;
        out["melds"] = seat_melds_json(e.melds);
    }
    void operator()(const TableauxDealt& e) const {
        out["type"] = "tableaux_dealt";
        out["tableaux"] = json::array();
        for (const TableauView& t : e.tableaux) out["tableaux"].push_back(tableau_json(t));
    }
    void operator()(const MeldsDeclared& e) const {
        out["type"] = "melds_declared";
        out["seat"] = e.seat;
        out["melds"] = meld_calls_json(e.melds);
    }
    void operator()(const CardRevealed& e) const {
        out["type"] = "card_revealed";
        out["seat"] = e.seat;
        out["pile"] = e.pile;
        out["card"] = card_json(e.card);
    }
};

}  // namespace

json event_json(const Event& event, const Observer& observer, std::string_view table, std::uint64_t v) {
    const Event seen = project(event, observer);  // the secrecy choke point
    json out = json::object();
    std::visit(Encoder{observer, out}, seen);
    out["table"] = table;
    out["v"] = v;
    return out;
}

}  // namespace belote::protocol
