#pragma once
// Helpers shared by the engine tests: card literals and decks laid out for the worked examples.

#include <string>
#include <vector>

#include "engine/action.hpp"
#include "engine/card.hpp"
#include "engine/deck.hpp"

namespace belote::testing {

/// "JS" -> Card; aborts the test program on a typo (tests are the only callers).
Card card(const std::string& text);
/// "JS 9S AH" -> CardSet.
CardSet cards(const std::string& text);
/// Whether `a` is one of `actions`.
bool has(const std::vector<Action>& actions, const Action& a);
/// The ordered deck with `top` placed at the front in that order (the rest keep index order).
Deck deck_starting_with(const std::vector<Card>& top);

}  // namespace belote::testing
