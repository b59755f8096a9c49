#include "test_support.hpp"

#include <algorithm>
#include <cstdlib>
#include <sstream>

namespace belote::testing {

Card card(const std::string& text) {
    auto parsed = parse_card(text);
    if (!parsed) std::abort();
    return *parsed;
}

CardSet cards(const std::string& text) {
    CardSet set;
    std::istringstream in(text);
    for (std::string word; in >> word;) set.insert(card(word));
    return set;
}

bool has(const std::vector<Action>& actions, const Action& a) {
    return std::find(actions.begin(), actions.end(), a) != actions.end();
}

Deck deck_starting_with(const std::vector<Card>& top) {
    Deck deck{};
    std::size_t i = 0;
    for (Card c : top) deck[i++] = c;
    for (Card c : ordered_deck())
        if (std::find(top.begin(), top.end(), c) == top.end()) deck[i++] = c;
    return deck;
}

}  // namespace belote::testing
