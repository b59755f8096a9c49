#pragma once
// Small helpers for engine tests: cards from wire notation.
#include <gtest/gtest.h>

#include <initializer_list>
#include <string_view>

#include "engine/card.hpp"

namespace belote::test {

inline Card C(std::string_view text) {
    auto c = parse_card(text);
    EXPECT_TRUE(c.has_value()) << text;
    return c.value_or(Card{});
}

inline CardSet S(std::initializer_list<std::string_view> cards) {
    CardSet set;
    for (auto t : cards) set.insert(C(t));
    return set;
}

}  // namespace belote::test
