#pragma once
// Cards and card sets (docs/rules.md §1.1, docs/design.md "Conventions").

#include <bit>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace belote {

/// The four suits, in the order of the wire notation list `S H D C`.
enum class Suit : std::uint8_t { Spades = 0, Hearts = 1, Diamonds = 2, Clubs = 3 };
inline constexpr int suit_count = 4;

/// Ranks in natural order (7 lowest, ace highest), docs/rules.md §1.2 "natural order".
enum class Rank : std::uint8_t { Seven = 0, Eight, Nine, Ten, Jack, Queen, King, Ace };
inline constexpr int rank_count = 8;
inline constexpr int deck_size = 32;

/// One card, stored as suit * 8 + rank (0..31). Value type, trivially copyable.
class Card {
public:
    constexpr Card() = default;
    constexpr Card(Rank rank, Suit suit)
        : index_(static_cast<std::uint8_t>(static_cast<int>(suit) * 8 + static_cast<int>(rank))) {}
    /// Builds a card from its index 0..31 (suit * 8 + rank); no range check.
    static constexpr Card from_index(int index) {
        Card c;
        c.index_ = static_cast<std::uint8_t>(index);
        return c;
    }

    constexpr int index() const { return index_; }
    constexpr Suit suit() const { return static_cast<Suit>(index_ >> 3); }
    constexpr Rank rank() const { return static_cast<Rank>(index_ & 7); }
    constexpr auto operator<=>(const Card&) const = default;

private:
    std::uint8_t index_ = 0;
};

/// A set of cards as a 32-bit mask (bit i = Card::from_index(i)). Value type.
class CardSet {
public:
    constexpr CardSet() = default;
    constexpr explicit CardSet(std::uint32_t bits) : bits_(bits) {}
    constexpr CardSet(std::initializer_list<Card> cards) {
        for (Card c : cards) insert(c);
    }

    static constexpr CardSet full() { return CardSet(0xFFFFFFFFu); }
    /// All eight cards of `suit`.
    static constexpr CardSet of_suit(Suit suit) { return CardSet(0xFFu << (static_cast<int>(suit) * 8)); }

    constexpr std::uint32_t bits() const { return bits_; }
    constexpr bool empty() const { return bits_ == 0; }
    constexpr int size() const { return std::popcount(bits_); }
    constexpr bool contains(Card c) const { return (bits_ >> c.index()) & 1u; }
    constexpr void insert(Card c) { bits_ |= 1u << c.index(); }
    constexpr void erase(Card c) { bits_ &= ~(1u << c.index()); }
    constexpr CardSet operator&(CardSet o) const { return CardSet(bits_ & o.bits_); }
    constexpr CardSet operator|(CardSet o) const { return CardSet(bits_ | o.bits_); }
    constexpr CardSet operator-(CardSet o) const { return CardSet(bits_ & ~o.bits_); }
    constexpr CardSet& operator|=(CardSet o) {
        bits_ |= o.bits_;
        return *this;
    }
    constexpr bool operator==(const CardSet&) const = default;
    constexpr CardSet suit(Suit s) const { return *this & of_suit(s); }
    /// Lowest-index card of a non-empty set.
    constexpr Card first() const { return Card::from_index(std::countr_zero(bits_)); }

    /// Iterates the cards in index order (spades 7..A, hearts, diamonds, clubs).
    class iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = Card;
        using difference_type = std::ptrdiff_t;
        using pointer = const Card*;
        using reference = Card;
        constexpr iterator() = default;
        constexpr explicit iterator(std::uint32_t bits) : bits_(bits) {}
        constexpr Card operator*() const { return Card::from_index(std::countr_zero(bits_)); }
        constexpr iterator& operator++() {
            bits_ &= bits_ - 1;
            return *this;
        }
        constexpr iterator operator++(int) {
            iterator old = *this;
            ++*this;
            return old;
        }
        constexpr bool operator==(const iterator& o) const = default;

    private:
        std::uint32_t bits_ = 0;
    };
    constexpr iterator begin() const { return iterator(bits_); }
    constexpr iterator end() const { return iterator(0); }

private:
    std::uint32_t bits_ = 0;
};

/// Wire notation of a card, rank then suit: "JS", "TH", "7C" (docs/design.md "Conventions").
std::string to_string(Card card);
/// One-letter notation of a suit: "S", "H", "D", "C".
std::string to_string(Suit suit);
/// Parses "JS"-style notation; nullopt for anything else (wrong length, unknown rank or suit).
std::optional<Card> parse_card(std::string_view text);
/// Parses "S"/"H"/"D"/"C"; nullopt otherwise.
std::optional<Suit> parse_suit(std::string_view text);
/// The cards of a set in index order.
std::vector<Card> to_vector(CardSet set);

}  // namespace belote
