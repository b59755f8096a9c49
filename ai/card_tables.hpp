#pragma once
// Per-contract lookup tables for search: card points, stronger cards of the same suit, trump mask
// (docs/rules.md §1.2, §1.3), precomputed once so the hot paths are table look-ups on 32-bit masks.

#include <array>
#include <bit>
#include <cstdint>

#include "engine/contract.hpp"

namespace belote::ai {

/// Lookup tables of one contract. Indexed by Card::index() (0..31). Value type, 200 bytes.
struct CardTables {
    Contract contract;
    std::array<std::uint32_t, 32> above{};              ///< cards of the same suit that beat the card
    std::array<std::uint8_t, 32> points{};              ///< card points (§1.2)
    std::uint32_t trump = 0;                            ///< the trump suit's cards (suit contract only; 0 in SA/TA)
    std::uint32_t trump_order = 0;                      ///< cards ranked in trump order (trump suit; all in TA)
    std::array<std::array<std::int8_t, 8>, 4> order{};  ///< [suit] the suit's cards, weakest first
    std::array<std::uint8_t, 32> strength{};            ///< rank within the suit, 0 = weakest, 7 = strongest

    /// Builds the tables of `contract`.
    static CardTables of(const Contract& contract);

    /// True when `challenger` beats `best` (the card winning the trick so far), §1.3.
    bool beats(int challenger, int best) const {
        if ((challenger >> 3) == (best >> 3)) return (above[best] >> challenger) & 1u;
        return (trump >> challenger) & 1u;
    }
    /// Sum of card points of a mask.
    int points_of(std::uint32_t mask) const {
        int sum = 0;
        for (; mask; mask &= mask - 1) sum += points[std::countr_zero(mask)];
        return sum;
    }
};

/// True when the mask holds exactly one card.
constexpr bool single(std::uint32_t mask) { return mask && !(mask & (mask - 1)); }
/// True when the mask holds at least two cards.
constexpr bool several(std::uint32_t mask) { return mask & (mask - 1); }

/// The eight cards of suit `suit` (0..3) as a mask.
constexpr std::uint32_t suit_mask(int suit) { return 0xFFu << (suit * 8); }

}  // namespace belote::ai
