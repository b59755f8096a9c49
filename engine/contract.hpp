#pragma once
// Contract types, card ranking and card points (docs/rules.md §1.2, §1.3).

#include <array>
#include <optional>

#include "engine/card.hpp"

namespace belote {

/// What a deal is played under: one trump suit, no trump (SA) or all trump (TA). docs/rules.md §1.2.
enum class ContractKind : std::uint8_t { SuitTrump, NoTrump, AllTrump };

/// The trump part of a contract. `trump` is meaningful only for ContractKind::SuitTrump.
struct Contract {
    ContractKind kind = ContractKind::SuitTrump;
    Suit trump = Suit::Spades;

    static constexpr Contract suit(Suit s) { return {ContractKind::SuitTrump, s}; }
    static constexpr Contract no_trump() { return {ContractKind::NoTrump, Suit::Spades}; }
    static constexpr Contract all_trump() { return {ContractKind::AllTrump, Suit::Spades}; }
    constexpr bool operator==(const Contract&) const = default;

    /// True when `s` is ranked in trump order under this contract (the trump suit; every suit in TA).
    constexpr bool ranks_as_trump(Suit s) const {
        return kind == ContractKind::AllTrump || (kind == ContractKind::SuitTrump && s == trump);
    }
    /// True when `s` is the trump suit of a suit contract (TA has no single trump suit).
    constexpr bool is_trump(Suit s) const { return kind == ContractKind::SuitTrump && s == trump; }
};

namespace detail {
// Indexed by Rank (7 8 9 T J Q K A).
inline constexpr std::array<int, 8> trump_strength{0, 1, 6, 4, 7, 2, 3, 5};  // J 9 A T K Q 8 7
inline constexpr std::array<int, 8> plain_strength{0, 1, 2, 6, 3, 4, 5, 7};  // A T K Q J 9 8 7
inline constexpr std::array<int, 8> trump_points{0, 0, 14, 10, 20, 3, 4, 11};
inline constexpr std::array<int, 8> plain_points{0, 0, 0, 10, 2, 3, 4, 11};
inline constexpr std::array<int, 8> no_trump_points{0, 0, 0, 10, 2, 3, 4, 19};
inline constexpr std::array<int, 8> all_trump_points{0, 0, 9, 5, 13, 1, 3, 7};
}  // namespace detail

/// Card points of `card` under `contract`, docs/rules.md §1.2 table (each contract type totals 152).
constexpr int card_points(Card card, const Contract& contract) {
    int r = static_cast<int>(card.rank());
    switch (contract.kind) {
        case ContractKind::NoTrump: return detail::no_trump_points[r];
        case ContractKind::AllTrump: return detail::all_trump_points[r];
        case ContractKind::SuitTrump: break;
    }
    return card.suit() == contract.trump ? detail::trump_points[r] : detail::plain_points[r];
}

/// Strength of `card` within its own suit under `contract` (0 = weakest, 7 = strongest).
constexpr int strength_in_suit(Card card, const Contract& contract) {
    int r = static_cast<int>(card.rank());
    return contract.ranks_as_trump(card.suit()) ? detail::trump_strength[r] : detail::plain_strength[r];
}

namespace detail {
// above_ranks[order][rank]: bit mask of the ranks (bit = Rank) stronger than `rank` in trump order
// (order 1) or plain order (order 0). Precomputed: cards_above is on the legal-move hot path.
constexpr std::array<std::array<std::uint8_t, 8>, 2> make_above_ranks() {
    std::array<std::array<std::uint8_t, 8>, 2> table{};
    for (int order = 0; order < 2; ++order)
        for (int r = 0; r < 8; ++r)
            for (int o = 0; o < 8; ++o) {
                const auto& strength = order ? trump_strength : plain_strength;
                if (strength[o] > strength[r]) table[order][r] = static_cast<std::uint8_t>(table[order][r] | (1u << o));
            }
    return table;
}
inline constexpr auto above_ranks = make_above_ranks();
}  // namespace detail

/// The cards of `suit` that beat `card` (same suit) under `contract`.
constexpr CardSet cards_above(Card card, const Contract& contract) {
    int order = contract.ranks_as_trump(card.suit()) ? 1 : 0;
    return CardSet(static_cast<std::uint32_t>(detail::above_ranks[order][static_cast<int>(card.rank())])
                   << (static_cast<int>(card.suit()) * 8));
}

/// Sum of card_points over a set.
constexpr int card_points(CardSet cards, const Contract& contract) {
    int sum = 0;
    for (Card c : cards) sum += card_points(c, contract);
    return sum;
}

}  // namespace belote
