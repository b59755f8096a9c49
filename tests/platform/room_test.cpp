// platform/room: the card room's rules with exact figures (docs/room.md) — who may stake, the stakes,
// the settlement of 2-, 3- and 4-seat matches (house 10%, odd pots, the split between partners),
// abandons, cancels, same address, guests, practice, the XP of each seat and the level curve.

#include "platform/room.hpp"

#include <gtest/gtest.h>

#include <numeric>

namespace belote::platform {
namespace room_test {

Lineup lineup_of(std::vector<std::optional<std::string>> players) {
    Lineup l;
    l.match_id = "m1";
    l.seats = static_cast<int>(players.size());
    for (std::size_t s = 0; s < players.size(); ++s) l.players[s] = players[s];
    return l;
}

MatchTerms staked(int stake, int seats) {
    MatchTerms t{true, stake, false, {}};
    for (int s = 0; s < seats; ++s) t.counts[s] = true;
    return t;
}

std::vector<std::int64_t> chips_of(const Settlement& s) {
    std::vector<std::int64_t> out;
    for (const auto& o : s.seats) out.push_back(o.chips);
    return out;
}
std::vector<int> xp_of(const Settlement& s) {
    std::vector<int> out;
    for (const auto& o : s.seats) out.push_back(o.xp);
    return out;
}
std::int64_t to_house(const Settlement& s) {
    std::int64_t sum = 0;
    for (const auto& t : s.transfers)
        if (t.to == "house") sum += t.amount;
    return sum;
}
std::int64_t paid_out(const Settlement& s) {
    std::int64_t sum = 0;
    for (const auto& t : s.transfers) sum += t.amount;
    return sum;
}

const std::array<bool, 4> nobody{};

TEST(RoomStake, EachRegisteredSeatMovesItsStakeToTheEscrow) {
    auto l = lineup_of({"pa", "pb"});
    auto s = stake(l, staked(100, 2));
    ASSERT_EQ(s.transfers.size(), 2u);
    EXPECT_EQ(s.transfers[0], (Transfer{"m1:0:stake", "wallet:pa", "escrow:m1", 100}));
    EXPECT_EQ(s.transfers[1], (Transfer{"m1:1:stake", "wallet:pb", "escrow:m1", 100}));
    EXPECT_EQ(chips_of(s), (std::vector<std::int64_t>{-100, -100}));
}

TEST(RoomSettle, TwoSeatsWinnerTakesThePotLessTenPercent) {
    auto l = lineup_of({"pa", "pb"});
    auto s = settle(l, staked(100, 2), 1, nobody);
    EXPECT_EQ(chips_of(s), (std::vector<std::int64_t>{-100, 80}));  // 200 pot, 20 house, 180 to seat 1
    EXPECT_EQ(xp_of(s), (std::vector<int>{5, 20}));
    EXPECT_EQ(to_house(s), 20);
    EXPECT_EQ(paid_out(s), 200);
    EXPECT_EQ(s.transfers[1], (Transfer{"m1:1:win", "escrow:m1", "wallet:pb", 180}));
}

TEST(RoomSettle, ThreeSeatsWinnerEarnsThirtyXp) {
    auto l = lineup_of({"pa", "pb", "pc"});
    auto s = settle(l, staked(50, 3), 0, nobody);
    EXPECT_EQ(chips_of(s), (std::vector<std::int64_t>{85, -50, -50}));  // 150 pot, 15 house, 135 to seat 0
    EXPECT_EQ(xp_of(s), (std::vector<int>{30, 5, 5}));
    EXPECT_EQ(to_house(s), 15);
}

TEST(RoomSettle, PartnershipWinnersEarnTwentyEachAndShareThePot) {
    auto l = lineup_of({"pa", "pb", "pc", "pd"});
    auto s = settle(l, staked(100, 4), 1, nobody);
    EXPECT_EQ(chips_of(s), (std::vector<std::int64_t>{-100, 80, -100, 80}));  // 400 pot, 40 house, 180 each
    EXPECT_EQ(xp_of(s), (std::vector<int>{5, 20, 5, 20}));
    EXPECT_EQ(to_house(s), 40);
}

TEST(RoomSettle, AnOddPotRoundsTheHouseDownAndGivesTheSpareChipToTheLowerSeat) {
    auto l = lineup_of({"pa", "pb", "pc", "pd"});
    auto s = settle(l, staked(3, 4), 0, nobody);
    // 12 pot, house floor(1.2) = 1, 11 left: 6 to seat 0, 5 to seat 2.
    EXPECT_EQ(chips_of(s), (std::vector<std::int64_t>{3, -3, 2, -3}));
    EXPECT_EQ(to_house(s), 1);
    auto two = settle(lineup_of({"pa", "pb"}), staked(5, 2), 0, nobody);
    EXPECT_EQ(chips_of(two), (std::vector<std::int64_t>{4, -5}));  // 10 pot, 1 house, 9 to the winner
    auto tiny = settle(lineup_of({"pa", "pb"}), staked(1, 2), 0, nobody);
    EXPECT_EQ(chips_of(tiny), (std::vector<std::int64_t>{1, -1}));  // 2 pot, house 0
    EXPECT_EQ(to_house(tiny), 0);
    EXPECT_EQ(tiny.transfers.size(), 1u);
}

TEST(RoomSettle, AnAbandonerLosesTheStakeAndEarnsNothingThePartnerCollectsAlone) {
    auto l = lineup_of({"pa", "pb", "pc", "pd"});
    std::array<bool, 4> gone{false, false, true, false};
    auto s = settle(l, staked(100, 4), 0, gone);
    EXPECT_EQ(chips_of(s), (std::vector<std::int64_t>{260, -100, -100, -100}));  // 360 to seat 0 alone
    EXPECT_EQ(xp_of(s), (std::vector<int>{20, 5, 0, 5}));
    EXPECT_EQ(s.seats[2].why, Unmoved::Abandoned);
    EXPECT_TRUE(s.seats[2].abandoned);
}

TEST(RoomSettle, WhenTheWholeWinningSideAbandonedTheOthersCollect) {
    auto l = lineup_of({"pa", "pb"});
    std::array<bool, 4> gone{true, false, false, false};
    auto s = settle(l, staked(100, 2), 0, gone);  // seat 0's robot won
    EXPECT_EQ(chips_of(s), (std::vector<std::int64_t>{-100, 80}));
    EXPECT_EQ(xp_of(s), (std::vector<int>{0, 5}));
    std::array<bool, 4> all{true, true, false, false};
    auto none = settle(l, staked(100, 2), 1, all);
    EXPECT_EQ(chips_of(none), (std::vector<std::int64_t>{-100, -100}));
    EXPECT_EQ(to_house(none), 200);
}

TEST(RoomRefund, ACancelRefundsEveryStakeButAnAbandonersWhichTheHouseKeeps) {
    auto l = lineup_of({"pa", "pb", "pc", "pd"});
    std::array<bool, 4> gone{false, true, false, false};
    auto s = refund(l, staked(100, 4), gone);
    EXPECT_EQ(chips_of(s), (std::vector<std::int64_t>{0, -100, 0, 0}));
    EXPECT_EQ(xp_of(s), (std::vector<int>{0, 0, 0, 0}));
    EXPECT_EQ(to_house(s), 100);
    EXPECT_EQ(paid_out(s), 400);
    EXPECT_EQ(s.transfers[1], (Transfer{"m1:1:forfeit", "escrow:m1", "house", 100}));
    EXPECT_EQ(s.seats[0].why, Unmoved::Cancelled);
}

TEST(RoomSettle, PracticeSameAddressGuestsAndRobotsMoveNothing) {
    auto l = lineup_of({"pa", std::nullopt});
    MatchTerms practice{false, 100, false, {true, true}};
    auto p = settle(l, practice, 0, nobody);
    EXPECT_TRUE(p.transfers.empty());
    EXPECT_EQ(xp_of(p), (std::vector<int>{0, 0}));
    EXPECT_EQ(p.seats[0].why, Unmoved::Practice);

    MatchTerms same{true, 100, true, {true, true}};
    auto s = settle(lineup_of({"pa", "pb"}), same, 0, nobody);
    EXPECT_TRUE(s.transfers.empty());
    EXPECT_EQ(xp_of(s), (std::vector<int>{0, 0}));
    EXPECT_STREQ(to_string(s.seats[1].why), "same_ip");
    EXPECT_TRUE(stake(lineup_of({"pa", "pb"}), same).transfers.empty());

    MatchTerms guest{true, 0, false, {true, false}};
    auto g = settle(lineup_of({"pa", "pguest"}), guest, 1, nobody);
    EXPECT_EQ(xp_of(g), (std::vector<int>{5, 0}));
    EXPECT_EQ(g.seats[1].why, Unmoved::Guest);
    EXPECT_EQ(g.seats[0].why, Unmoved::None);
    EXPECT_EQ(g.seats[0].unrated, Unmoved::Guest);  // Ana's XP counts, a guest at the table keeps her rating
    // A robot seated from the start: nothing moves for anyone (XP against robots cannot be farmed).
    auto r = settle(l, MatchTerms{true, 0, false, {true, false}}, 0, nobody);
    EXPECT_EQ(xp_of(r), (std::vector<int>{0, 0}));
    EXPECT_EQ(r.seats[0].why, Unmoved::Robot);
    EXPECT_EQ(r.seats[1].why, Unmoved::Robot);
    EXPECT_EQ(unmoved_of(MatchTerms{true, 0, false, {true, false}}, l), Unmoved::Robot);
    EXPECT_EQ(unmoved_of(practice, l), Unmoved::Practice);
}

TEST(RoomSettle, AnAbandonLeavesTheRatingsAndSaysSo) {
    auto terms = staked(10, 2);
    terms.rated = true;
    std::array<bool, 4> gone{false, true, false, false};
    auto s = settle(lineup_of({"pa", "pb"}), terms, 0, gone);
    EXPECT_EQ(s.seats[0].unrated, Unmoved::Abandoned);
    EXPECT_EQ(s.seats[1].why, Unmoved::Abandoned);
    EXPECT_EQ(s.seats[1].unrated, Unmoved::None);
}

TEST(RoomCooldown, EscalatesWithTheAbandonsOfTheSevenDaysUpToTheLastOne) {
    const std::int64_t t = 1'800'000'000'000, minute = 60'000, hour = 60 * minute, day = 24 * hour;
    EXPECT_EQ(cooldown_after({}, t), std::nullopt);
    EXPECT_EQ(cooldown_after({t}, t), std::nullopt);  // one abandon: none
    EXPECT_EQ(cooldown_after({t - hour, t}, t), (Cooldown{t + 15 * minute, 2}));
    EXPECT_EQ(cooldown_after({t, t - 2 * day, t - hour}, t), (Cooldown{t + hour, 3}));  // any order
    EXPECT_EQ(cooldown_after({t - 3 * day, t - 2 * day, t - hour, t}, t), (Cooldown{t + 6 * hour, 4}));
    EXPECT_EQ(cooldown_after({t - 4 * day, t - 3 * day, t - 2 * day, t - hour, t}, t), (Cooldown{t + day, 5}));
    EXPECT_EQ(cooldown_after({t - 6 * day, t - 5 * day, t - 4 * day, t - 3 * day, t - 2 * day, t - hour, t}, t),
              (Cooldown{t + day, 7}));
    // It ends: a minute before, not yet.
    EXPECT_EQ(cooldown_after({t - hour, t}, t + 15 * minute - 1), (Cooldown{t + 15 * minute, 2}));
    EXPECT_EQ(cooldown_after({t - hour, t}, t + 15 * minute), std::nullopt);
    // Only the abandons of the 7 days up to the last one count...
    EXPECT_EQ(cooldown_after({t - 7 * day, t}, t), std::nullopt);
    EXPECT_EQ(cooldown_after({t - 7 * day + 1, t}, t), (Cooldown{t + 15 * minute, 2}));
    // ... so older abandons ageing out later never shorten a cool-down already begun.
    EXPECT_EQ(cooldown_after({t - 6 * day, t - 5 * day, t - 4 * day, t - 3 * day, t}, t + 2 * day - 1), std::nullopt);
    EXPECT_EQ(cooldown_after({t - 6 * day, t - 5 * day, t - 4 * day, t - 3 * day, t}, t + day - 1),
              (Cooldown{t + day, 5}));
}

TEST(RoomTerms, StartIsRefusedNamingEveryoneWhoCannotCoverTheStake) {
    auto l = lineup_of({"pa", "pb", std::nullopt, "pd"});
    std::vector<Standing> standings{{"pa", "Ana", true, 500, "127.0.0.2"},
                                    {"pb", "Bea", true, 40, "127.0.0.3"},
                                    {"pd", "Dan", false, 0, "127.0.0.4"}};
    auto t = match_terms(true, 100, l, standings);
    EXPECT_FALSE(t.terms);
    EXPECT_EQ(t.refusal, "cannot cover the stake of 100 chips: Bea has 40, seat 2 is a robot, Dan is a guest");
}

TEST(RoomTerms, TheSameAddressTwiceMakesTheMatchUnratedInsteadOfRefusingIt) {
    auto l = lineup_of({"pa", "pb"});
    std::vector<Standing> standings{{"pa", "Ana", true, 100, "127.0.0.2"}, {"pb", "Bea", true, 100, "127.0.0.2"}};
    auto t = match_terms(true, 100, l, standings);
    ASSERT_TRUE(t.terms);
    EXPECT_TRUE(t.terms->same_address);
    EXPECT_FALSE(t.terms->stakes(0));
}

// The stake is not taken when two players share an address, but the start is still judged by it
// (docs/room.md "Who takes part"): a start nobody can cover is refused (report13b #2).
TEST(RoomTerms, TheSameAddressDoesNotSkipTheStakeCheck) {
    std::vector<Standing> standings{{"pa", "Ana", true, 1000, "127.0.0.50"}, {"pb", "Bea", true, 1000, "127.0.0.50"}};
    auto t = match_terms(true, 5000, lineup_of({"pa", "pb"}), standings);
    EXPECT_FALSE(t.terms);
    EXPECT_EQ(t.reason, TermsRefusal::CannotStake);
    EXPECT_EQ(t.refusal, "cannot cover the stake of 5000 chips: Ana has 1000, Bea has 1000");
    auto robot = match_terms(true, 100, lineup_of({"pa", "pb", std::nullopt}), standings);
    EXPECT_FALSE(robot.terms);
    EXPECT_EQ(robot.refusal, "cannot cover the stake of 100 chips: seat 2 is a robot");
}

TEST(RoomTerms, ACoveredStakeAndAFreeTableAreAccepted) {
    auto l = lineup_of({"pa", "pb"});
    std::vector<Standing> standings{{"pa", "Ana", true, 100, "127.0.0.2"}, {"pb", "Bea", false, 0, "127.0.0.3"}};
    EXPECT_EQ(match_terms(true, 0, l, standings).terms, (MatchTerms{true, 0, false, {true, false}}));
    standings[1].registered = true;
    standings[1].chips = 100;
    EXPECT_EQ(match_terms(true, 100, l, standings).terms, (MatchTerms{true, 100, false, {true, true}, true, {}}));
    EXPECT_EQ(match_terms(true, 100, l, {standings[0]}).refusal, "the chips of pb could not be read: try again");
    EXPECT_TRUE(match_terms(false, 100, l, {}).terms);  // practice needs nobody's chips
}

TEST(RoomSettle, ARatedMatchMovesTheRatingsUnlessSomeoneAbandoned) {
    auto terms = staked(10, 2);
    terms.rated = true;
    auto l = lineup_of({"pa", "pb"});
    auto s = settle(l, terms, 0, nobody);
    ASSERT_TRUE(s.seats[0].rating_after && s.seats[1].rating_after);
    EXPECT_EQ(*s.seats[0].rating_before, Rating{});
    EXPECT_EQ(*s.seats[0].rating_after, rate_match({Rating{}, Rating{}}, 0)[0]);
    EXPECT_GT(s.seats[0].rating_after->rating, 1500);
    EXPECT_LT(s.seats[1].rating_after->rating, 1500);
    std::array<bool, 4> gone{false, true, false, false};
    auto a = settle(l, terms, 0, gone);
    EXPECT_FALSE(a.seats[0].rating_after);
    EXPECT_FALSE(settle(l, staked(10, 2), 0, nobody).seats[0].rating_after);  // not rated
    auto same = match_terms(true, 0, l, {{"pa", "Ana", true, 0, "10.0.0.1"}, {"pb", "Bea", true, 0, "10.0.0.1"}});
    EXPECT_FALSE(same.terms->rated);
    auto robot = match_terms(true, 0, lineup_of({"pa", std::nullopt}), {{"pa", "Ana", true, 0, "10.0.0.1"}});
    EXPECT_FALSE(robot.terms->rated);
}

TEST(RoomTerms, APlayerCoolingDownAfterAbandoningMayNotStartACompetitiveMatch) {
    auto l = lineup_of({"pa", "pb"});
    std::vector<Standing> standings{{"pa", "Ana", true, 500, "127.0.0.2"}, {"pb", "Bea", true, 500, "127.0.0.3"}};
    standings[1].cooldown = Cooldown{1'800'000'900'000, 2};
    auto t = match_terms(true, 0, l, standings);
    EXPECT_FALSE(t.terms);
    EXPECT_EQ(t.reason, TermsRefusal::CoolingDown);
    EXPECT_EQ(t.until, 1'800'000'900'000);
    EXPECT_EQ(t.refusal,
              "Bea abandoned 2 competitive matches in 7 days: competitive play again from 2027-01-15 "
              "08:15 UTC");
    EXPECT_TRUE(match_terms(false, 0, l, standings).terms);  // practice is open
}

TEST(RoomLevels, FollowTheDocumentedCurve) {
    EXPECT_EQ(xp_for_level(1), 0);
    EXPECT_EQ(xp_for_level(2), 50);
    EXPECT_EQ(xp_for_level(3), 150);
    EXPECT_EQ(xp_for_level(10), 2250);
    EXPECT_EQ(level_of(0), 1);
    EXPECT_EQ(level_of(49), 1);
    EXPECT_EQ(level_of(50), 2);
    EXPECT_EQ(level_of(149), 2);
    EXPECT_EQ(level_of(150), 3);
    EXPECT_EQ(level_of(2250), 10);
}

}  // namespace room_test
}  // namespace belote::platform
