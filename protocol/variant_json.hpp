#pragma once
// JSON of the variant-specific parts of events and views: combinations (CL1, CO), the coinche
// auction state, Découverte tableaux.

#include <nlohmann/json.hpp>

#include <vector>

#include "engine/melds.hpp"
#include "engine/tableau.hpp"
#include "engine/view.hpp"

namespace belote::protocol {

/// One combination: {"kind":"carre"|"sequence","length":n,"points":p,"cards":[...]}.
nlohmann::json meld_json(const Meld& meld);
/// An array of meld_json.
nlohmann::json melds_json(const std::vector<Meld>& melds);
/// [{"seat":s,"melds":[...]}, ...] (the combinations a side shows at trick 2).
nlohmann::json seat_melds_json(const std::vector<SeatMelds>& melds);
/// What was heard of announced combinations (melds = manual): [{"kind","length","points"}, ...].
nlohmann::json meld_calls_json(const std::vector<MeldCall>& calls);

/// One Découverte tableau: 8 piles [{"face_up":"JS"|null,"face_down":0|1}, ...]. A face-down card
/// is only a count: the view type holds no identity to encode (docs/design.md invariant 2).
nlohmann::json tableau_json(const TableauView& tableau);

/// Adds the variant fields of a snapshot `view` object to `out` (docs/protocol.md "snapshot"):
/// always `rules`; coinche: `contract`, `bid`, `contre_level`, `contrer`, `belote_by_suit`; with
/// announcements: `own_melds` (seat observers only), `meld_winner`, `shown_melds`, `meld_points`, and
/// with melds = manual `declared_melds` (by seat, null until the seat has announced);
/// decouverte: `tableaux` (by seat). Fields of other variants are absent.
void add_variant_view_fields(nlohmann::json& out, const View& view);

}  // namespace belote::protocol
