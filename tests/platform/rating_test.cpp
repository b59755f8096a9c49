// platform/rating: Glicko-2 against the worked example of Glickman's "Example of the Glicko-2
// system" (a 1500/200 player beats 1400/30, loses to 1550/100 and 1700/300: 1464.06 / 151.52,
// volatility 0.05999), a period without games, and the match rules (partnerships, three seats).

#include "platform/rating.hpp"

#include <gtest/gtest.h>

namespace belote::platform {
namespace rating_test {

TEST(Glicko2Test, ReproducesTheWorkedExampleOfGlickmansPaper) {
    Rating player{1500, 200, 0.06, 0};
    auto after = glicko2(player, {{1400, 30, 1}, {1550, 100, 0}, {1700, 300, 0}}, 0.5);
    // The paper rounds each step (μ' = −0.2069) and so prints 1464.06; unrounded it is 1464.0507.
    EXPECT_NEAR(after.rating, 1464.06, 0.01);
    EXPECT_NEAR(after.rating, 1464.0507, 0.0001);
    EXPECT_NEAR(after.rd, 151.52, 0.005);
    EXPECT_NEAR(after.rd, 151.5165, 0.0001);
    EXPECT_NEAR(after.volatility, 0.05999, 0.00001);  // the paper prints 0.05999; unrounded 0.0599960
    EXPECT_NEAR(after.volatility, 0.059996, 0.000001);
    EXPECT_EQ(after.games, 1);
}

TEST(Glicko2Test, APeriodWithoutGamesOnlyWidensTheDeviation) {
    auto after = glicko2(Rating{1500, 200, 0.06, 3}, {});
    EXPECT_DOUBLE_EQ(after.rating, 1500);
    EXPECT_NEAR(after.rd, 200.27, 0.005);  // sqrt(φ² + σ²) on the Glicko-2 scale
    EXPECT_EQ(after.games, 3);
}

TEST(Glicko2Test, AMatchRatesPartnersAgainstTheOpposingPairAndThreeSeatsPairwise) {
    std::vector<Rating> four(4, Rating{});
    auto rated = rate_match(four, 0);
    ASSERT_EQ(rated.size(), 4u);
    EXPECT_GT(rated[0].rating, 1500);
    EXPECT_DOUBLE_EQ(rated[0].rating, rated[2].rating);
    EXPECT_LT(rated[1].rating, 1500);
    EXPECT_NEAR(rated[0].rating - 1500, 1500 - rated[1].rating, 1e-9);  // symmetric from equal ratings
    EXPECT_TRUE(rated[0].provisional());

    auto three = rate_match(std::vector<Rating>(3, Rating{}), 2);
    EXPECT_GT(three[2].rating, 1500);
    EXPECT_DOUBLE_EQ(three[0].rating, three[1].rating);  // two losers: a draw between them
    EXPECT_LT(three[0].rating, 1500);
}

TEST(Glicko2Test, TenRatedGamesEndTheProvisionalPeriod) {
    Rating r;
    for (int i = 0; i < 9; ++i) r = glicko2(r, {{1500, 350, i % 2 ? 1.0 : 0.0}});
    EXPECT_TRUE(r.provisional());
    r = glicko2(r, {{1500, 350, 1}});
    EXPECT_FALSE(r.provisional());
}

}  // namespace rating_test
}  // namespace belote::platform
