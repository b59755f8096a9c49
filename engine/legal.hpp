#pragma once
// The legal-move function of docs/rules.md §1.5.

#include "engine/options.hpp"
#include "engine/trick.hpp"

namespace belote {

/// The cards the next player of `trick` may play.
/// `hand`: the cards that player may play from (in Découverte, the available tableau cards, §6.4).
/// `partnerships`: true at a 4-player table (partner rules apply), false for 2 players (§6.5).
/// Returns a subset of `hand`; it is empty only when `hand` is. docs/rules.md §1.5, options per §9.
CardSet legal_cards(CardSet hand, const Trick& trick, const Contract& contract, const PlayRules& rules,
                    bool partnerships);

}  // namespace belote
