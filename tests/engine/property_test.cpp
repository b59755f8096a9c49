// Property tests over thousands of seeded random Classic matches (docs/rules.md §1.4, §2.6, §8):
// every card dealt once, legal sets never empty, 162/252 per deal, 8 cards per player per deal,
// deal scores recomputed independently, match end exactly as §8 says.
#include <gtest/gtest.h>

#include "engine/match.hpp"
#include "engine/robot.hpp"

namespace belote {
namespace property_test {

// What the test itself counts from the events of one deal, to recompute the score independently.
struct DealCount {
    std::array<int, 2> points{};  // card points + last-trick bonus
    std::array<int, 2> tricks{};
    std::array<int, 2> belote{};
    std::array<int, 4> cards_played{};
    Seat taker = 0;
};

std::array<int, 2> expected_score(const DealCount& c, int escrow_before, int& escrow_after) {
    Team t = team_of(c.taker), d = 1 - t;
    std::array<int, 2> total{c.points[0] + c.belote[0], c.points[1] + c.belote[1]};
    std::array<int, 2> score{};
    escrow_after = 0;
    Team winners;
    if (c.tricks[t] == 8) {
        score[t] = 252 + c.belote[t];
        score[d] = c.belote[d];
        winners = t;
    } else if (c.tricks[d] == 8) {
        score[t] = c.belote[t];
        score[d] = 252 + c.belote[d];
        winners = d;
    } else if (total[t] > total[d]) {
        score = total;
        winners = t;
    } else if (total[t] < total[d]) {
        score[t] = c.belote[t];
        score[d] = 162 + c.belote[d];
        winners = d;
    } else {
        score[d] = total[d];
        escrow_after = escrow_before + total[t];
        return score;
    }
    score[winners] += escrow_before;
    return score;
}

class ClassicProperties {
public:
    explicit ClassicProperties(int target = 1000) : target_(target) {}

    void check_match(std::uint64_t seed, bool robots, MatchOptions options = {}) {
        Match match(options, seed);
        Rng chooser(seed ^ 0xABCDEF);
        handle(match.start());
        while (!match.finished()) {
            Seat s = *match.to_act();
            auto legal = match.legal_actions(s);
            ASSERT_FALSE(legal.empty()) << "seed " << seed;
            Action a =
                robots ? robot_decide(match.view(Observer::of_seat(s)), chooser) : legal[chooser.below(legal.size())];
            ApplyResult r = match.apply(s, a);
            ASSERT_TRUE(r.ok()) << r.message;
            handle(r.events);
            ASSERT_LT(deals_, 500) << "match does not end, seed " << seed;
        }
        EXPECT_TRUE(ended_);
        EXPECT_EQ(match.totals(), totals_);
    }

private:
    void handle(const std::vector<Event>& events) {
        for (const Event& e : events) std::visit([this](const auto& ev) { on(ev); }, e);
    }
    void on(const auto&) { ADD_FAILURE() << "an event of another variant in a classic match"; }
    void on(const MatchStarted&) {}
    void on(const DealStarted& e) {
        count_ = {};
        EXPECT_FALSE(ended_ || expect_end_) << "a deal started after the match should have ended";
        CardSet all;
        for (Seat s = 0; s < 4; ++s) {
            EXPECT_EQ(e.hands[s]->size(), 5);
            EXPECT_TRUE((all & *e.hands[s]).empty());
            all |= *e.hands[s];
        }
        EXPECT_FALSE(all.contains(*e.turn_up));
    }
    void on(const AuctionCall&) {}
    void on(const DealThrownIn&) {}
    void on(const TurnStarted& e) { EXPECT_FALSE(e.legal->empty()); }
    void on(const ContractSettled& e) {
        count_.taker = e.taker;
        CardSet all;
        for (Seat s = 0; s < 4; ++s) {
            EXPECT_EQ(e.hands[s]->size(), 8);
            EXPECT_TRUE((all & *e.hands[s]).empty());
            all |= *e.hands[s];
        }
        EXPECT_EQ(all, CardSet::full());  // every card dealt exactly once
        contract_ = e.contract;
    }
    void on(const CardPlayed& e) {
        count_.cards_played[e.seat]++;
        if (e.belote == BeloteCall::Belote) count_.belote[team_of(e.seat)] = 20;
    }
    void on(const TrickWon& e) {
        Team team = team_of(e.winner);
        EXPECT_EQ(e.points, e.trick.points(contract_));
        count_.points[team] += e.points;
        count_.tricks[team]++;
        if (e.trick_number == 8) count_.points[team] += (count_.tricks[team] == 8) ? 100 : 10;
    }
    void on(const DealScored& e) {
        deals_++;
        int sum = count_.points[0] + count_.points[1];
        EXPECT_TRUE(sum == 162 || sum == 252);
        EXPECT_EQ(sum == 252, count_.tricks[0] == 8 || count_.tricks[1] == 8);
        EXPECT_EQ(e.score.card_points[0] + e.score.card_points[1], 152);
        for (Seat s = 0; s < 4; ++s) EXPECT_EQ(count_.cards_played[s], 8);
        int escrow_after = 0;
        EXPECT_EQ(e.score.score, expected_score(count_, escrow_, escrow_after));
        EXPECT_EQ(e.score.escrow_after, escrow_after);
        escrow_ = escrow_after;
        for (Team t : {0, 1}) totals_[t] += e.score.score[t];
        EXPECT_EQ(e.totals, totals_);
        bool should_end = (totals_[0] >= target_ || totals_[1] >= target_) && totals_[0] != totals_[1];
        expect_end_ = should_end;
    }
    void on(const MatchEnded& e) {
        EXPECT_TRUE(expect_end_);
        EXPECT_EQ(e.totals, totals_);
        EXPECT_EQ(e.winner, totals_[0] > totals_[1] ? 0 : 1);
        ended_ = true;
    }

    DealCount count_;
    Contract contract_;
    std::array<int, 2> totals_{};
    int escrow_ = 0;
    int deals_ = 0;
    int target_;
    bool expect_end_ = false;
    bool ended_ = false;
};

TEST(ClassicProperties, RandomLegalPlayThousandsOfMatches) {
    for (std::uint64_t seed = 0; seed < 1500; ++seed) {
        ClassicProperties p;
        p.check_match(seed, false);
        if (::testing::Test::HasFailure()) FAIL() << "seed " << seed;
    }
}

TEST(ClassicProperties, RobotPlay) {
    for (std::uint64_t seed = 0; seed < 500; ++seed) {
        ClassicProperties p;
        p.check_match(seed, true);
        if (::testing::Test::HasFailure()) FAIL() << "seed " << seed;
    }
}

TEST(ClassicProperties, NonDefaultOptions) {
    MatchOptions options;
    options.target = 301;
    options.rules.play.must_undertrump = false;
    options.rules.play.trump_lead_overtake_partner = false;
    options.rules.play.partner_winning_trump_restriction = PartnerWinningTrumpRestriction::NoUndertrumpUnlessOnlyTrumps;
    options.rules.round2_allow_turned_suit = true;
    options.rules.shuffle_policy = ShufflePolicy::ShuffleOnceThenCut;
    for (std::uint64_t seed = 0; seed < 500; ++seed) {
        ClassicProperties p(301);
        p.check_match(seed, false, options);
        if (::testing::Test::HasFailure()) FAIL() << "seed " << seed;
    }
}

}  // namespace property_test
}  // namespace belote
