#pragma once
// The sides of a deal and one number per side (docs/rules.md §1.1, §7): two partnerships with four
// players, each player on his own with two or three.

#include <array>
#include <cstddef>
#include <initializer_list>

namespace belote {

/// A side: a partnership (Team 0 = seats 0 and 2, 1 = seats 1 and 3) at four players, a seat at two
/// or three.
using Side = int;
/// The most sides a deal can have (three players).
inline constexpr int max_sides = 3;

/// One number per side — points, tricks, totals — indexed by Side. size() is 2 (two partnerships or
/// two players) or 3 (three players). A default-constructed value holds two zeros, the shape of
/// every variant but three_player, so code and JSON written for two sides are unchanged: it indexes
/// and iterates like std::array<int, 2>, converts from one, and nlohmann::json writes it as an array
/// of size() numbers. Equal when sizes and entries are equal.
class SideValues {
public:
    using value_type = int;
    using size_type = std::size_t;
    using difference_type = std::ptrdiff_t;
    using reference = int&;
    using const_reference = const int&;
    using iterator = int*;
    using const_iterator = const int*;

    constexpr SideValues() = default;
    /// The given values, one per side (at most max_sides; extra values are ignored).
    constexpr SideValues(std::initializer_list<int> values) : size_(0) {
        for (int v : values)
            if (size_ < max_sides) values_[size_++] = v;
    }
    /// Two sides (the form every variant but three_player has always used).
    constexpr SideValues(const std::array<int, 2>& two) : values_{two[0], two[1], 0}, size_(2) {}
    /// `sides` zeros (2 or 3).
    static constexpr SideValues zeros(int sides) {
        SideValues v;
        v.size_ = sides;
        return v;
    }

    constexpr int size() const { return size_; }
    constexpr int& operator[](Side side) { return values_[side]; }
    constexpr const int& operator[](Side side) const { return values_[side]; }
    constexpr int* begin() { return values_.data(); }
    constexpr int* end() { return values_.data() + size_; }
    constexpr const int* begin() const { return values_.data(); }
    constexpr const int* end() const { return values_.data() + size_; }
    /// Sum over the sides.
    constexpr int sum() const {
        int total = 0;
        for (int v : *this) total += v;
        return total;
    }
    /// The first two entries, for code written for two sides (protocol/record.hpp's ReplayResult);
    /// a three-sided value loses its third entry.
    constexpr operator std::array<int, 2>() const { return {values_[0], values_[1]}; }

    friend constexpr bool operator==(const SideValues& a, const SideValues& b) {
        if (a.size_ != b.size_) return false;
        for (int i = 0; i < a.size_; ++i)
            if (a.values_[i] != b.values_[i]) return false;
        return true;
    }

private:
    std::array<int, max_sides> values_{};
    int size_ = 2;
};

}  // namespace belote
