#include "engine/card.hpp"

namespace belote {
namespace {
constexpr std::string_view rank_letters = "789TJQKA";
constexpr std::string_view suit_letters = "SHDC";
}  // namespace

std::string to_string(Card card) {
    return {rank_letters[static_cast<int>(card.rank())], suit_letters[static_cast<int>(card.suit())]};
}

std::string to_string(Suit suit) { return {suit_letters[static_cast<int>(suit)]}; }

std::optional<Suit> parse_suit(std::string_view text) {
    if (text.size() != 1) return std::nullopt;
    auto pos = suit_letters.find(text[0]);
    if (pos == std::string_view::npos) return std::nullopt;
    return static_cast<Suit>(pos);
}

std::optional<Card> parse_card(std::string_view text) {
    if (text.size() != 2) return std::nullopt;
    auto rank = rank_letters.find(text[0]);
    auto suit = parse_suit(text.substr(1));
    if (rank == std::string_view::npos || !suit) return std::nullopt;
    return Card(static_cast<Rank>(rank), *suit);
}

std::vector<Card> to_vector(CardSet set) {
    std::vector<Card> cards;
    cards.reserve(set.size());
    for (Card c : set) cards.push_back(c);
    return cards;
}

}  // namespace belote
