#include "protocol/variant_json.hpp"

#include "protocol/action_json.hpp"
#include "protocol/bid_json.hpp"
#include "protocol/rules_json.hpp"

namespace belote::protocol {

using nlohmann::json;

json meld_json(const Meld& m) {
    return {{"kind", m.kind == MeldKind::Carre ? "carre" : "sequence"},
            {"length", m.length},
            {"points", m.points},
            {"cards", cards_json(m.cards)}};
}

json melds_json(const std::vector<Meld>& melds) {
    json out = json::array();
    for (const Meld& m : melds) out.push_back(meld_json(m));
    return out;
}

json seat_melds_json(const std::vector<SeatMelds>& melds) {
    json out = json::array();
    for (const SeatMelds& sm : melds) out.push_back({{"seat", sm.seat}, {"melds", melds_json(sm.melds)}});
    return out;
}

json meld_calls_json(const std::vector<MeldCall>& calls) {
    json out = json::array();
    for (const MeldCall& c : calls)
        out.push_back(
            {{"kind", c.kind == MeldKind::Carre ? "carre" : "sequence"}, {"length", c.length}, {"points", c.points}});
    return out;
}

json tableau_json(const TableauView& tableau) {
    json piles = json::array();
    for (const PileView& pile : tableau)
        piles.push_back(
            {{"face_up", pile.face_up ? card_json(*pile.face_up) : json(nullptr)}, {"face_down", pile.face_down}});
    return piles;
}

void add_variant_view_fields(json& out, const View& view) {
    MatchOptions options = view.options;
    out["rules"] = rules_json(options);
    if (options.variant == Variant::Coinche) {
        out["contract"] = view.contract ? json(denomination_name(*view.contract)) : json(nullptr);
        out["bid"] = view.bid ? json{{"seat", view.bid->seat},
                                     {"value", bid_value_json(view.bid->value)},
                                     {"suit", denomination_name(view.bid->contract)}}
                              : json(nullptr);
        out["contre_level"] = view.contre_level;
        out["contrer"] = view.contrer ? json(*view.contrer) : json(nullptr);
        json belote = json::object();
        for (int s = 0; s < suit_count; ++s)
            if (view.belote_by_suit[s]) belote[to_string(static_cast<Suit>(s))] = *view.belote_by_suit[s];
        out["belote_by_suit"] = std::move(belote);
    }
    if (uses_melds(options)) {
        if (view.observer.seat) out["own_melds"] = melds_json(view.own_melds);
        out["meld_winner"] = view.meld_winner ? json(*view.meld_winner) : json(nullptr);
        out["shown_melds"] = seat_melds_json(view.shown_melds);
        out["meld_points"] = view.meld_points;
        if (options.rules.melds.declaration == MeldDeclaration::Manual) {
            json declared = json::array();
            for (int s = 0; s < view.seats; ++s)
                declared.push_back(view.declared_melds[s] ? meld_calls_json(*view.declared_melds[s]) : json(nullptr));
            out["declared_melds"] = std::move(declared);
        }
    }
    if (options.variant == Variant::Decouverte) {
        json tableaux = json::array();
        for (const TableauView& t : view.tableaux) tableaux.push_back(tableau_json(t));
        out["tableaux"] = std::move(tableaux);
    }
}

}  // namespace belote::protocol
