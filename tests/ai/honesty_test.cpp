// Robots decide from the seat's view only (docs/design.md invariant 7, issue 15 "Honesty, tested"):
// (1) the hidden cards of the other seats are dealt differently, consistently with everything the
// seat saw (same actions replayed, same view): the decision is the same for the same seed;
// (2) every decision is legal (with its belote words in the manual modes), across many positions of
// the five variants with random rule options.
// BELOTE_AI_LEGALITY_POSITIONS=N runs (2) on N positions per variant (default 1,500; the long run
// of docs/robots.md uses 100,000).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>

#include "robot_test_support.hpp"

namespace belote::ai {
namespace honesty_test {

using testing::fingerprint;
using testing::play_until;
using testing::random_options;
using testing::Step;

constexpr std::array<Variant, 5> variants{Variant::Classic, Variant::ClassicAnnouncements, Variant::Coinche,
                                          Variant::Decouverte, Variant::ThreePlayer};

std::function<Action(const View&, std::uint64_t)> robot_of(Level level, double scale) {
    RobotSettings s;
    s.level = level;
    s.work_scale = scale;
    return [s](const View& v, std::uint64_t seed) { return decide(v, s, seed); };
}

// Every card `view`'s seat can see: its hand, the cards played, the turn-up, the combinations shown
// and, in Découverte, every face-up tableau card.
CardSet visible_cards(const View& v) {
    CardSet seen = v.hand | v.trick.cards();
    for (const Trick& t : v.tricks) seen |= t.cards();
    if (v.turn_up) seen.insert(*v.turn_up);
    if (v.deal_turn_up) seen.insert(*v.deal_turn_up);
    for (const SeatMelds& sm : v.shown_melds)
        for (const Meld& m : sm.melds) seen |= m.cards;
    for (const TableauView& t : v.tableaux)
        for (const PileView& p : t)
            if (p.face_up) seen.insert(*p.face_up);
    return seen;
}

TEST(Honesty, SameDecisionWhenTheHiddenCardsAreDealtOtherwise) {
    int checked_total = 0;
    for (Variant variant : variants) {
        Rng rng(100 + static_cast<int>(variant));
        int checked = 0;
        for (int trial = 0; checked < 12 && trial < 400; ++trial) {
            const MatchOptions options = random_options(variant, rng);
            const std::uint64_t match_seed = rng.next();
            Match original(options, match_seed);
            original.start(0);
            const int stop_at = static_cast<int>(rng.below(60));
            int decisions = 0;
            const std::vector<Step> steps = play_until(
                original, robot_of(Level::Medium, 1.0), [&](const Match&) { return decisions++ >= stop_at; },
                rng.next());
            if (original.finished()) continue;
            const Seat seat = *original.to_act();
            const View view = original.view(Observer::of_seat(seat));

            // Deal the cards the seat cannot see at random among their places in the current deck.
            std::vector<DealRecord> records = original.deal_records();
            Deck deck = records.back().deck;
            const CardSet seen = visible_cards(view);
            std::vector<int> places;
            for (int i = 0; i < cards_in_play(options); ++i)  // (three_player: the 7s and 8s stay out, §7)
                if (!seen.contains(deck[i])) places.push_back(i);
            for (int j = static_cast<int>(places.size()) - 1; j > 0; --j)
                std::swap(deck[places[j]], deck[places[rng.below(static_cast<std::uint64_t>(j) + 1)]]);
            records.back().deck = deck;

            Match other(options, match_seed);
            for (const DealRecord& r : records) other.preset_deck(r.deck);
            other.start(0);
            bool replayed = true;
            for (const Step& s : steps) replayed = replayed && other.apply(s.seat, s.action).ok();
            if (!replayed) continue;  // the new deal contradicts a card already played (a void, a belote)
            const View other_view = other.view(Observer::of_seat(seat));
            if (fingerprint(other_view) != fingerprint(view)) continue;  // e.g. other combinations shown
            bool differs = false;
            for (Seat s = 0; s < original.seats(); ++s)
                if (s != seat)
                    differs |= original.hand(s) != other.hand(s) || original.face_down(s) != other.face_down(s);
            if (!differs) continue;

            for (Level level : {Level::Easy, Level::Medium, Level::Hard, Level::Expert}) {
                RobotSettings settings;
                settings.level = level;
                settings.work_scale = 0.3;
                const std::uint64_t seed = rng.next();
                EXPECT_EQ(decide(view, settings, seed), decide(other_view, settings, seed))
                    << to_string(variant) << " level " << to_string(level) << "\n"
                    << fingerprint(view);
            }
            ++checked;
        }
        EXPECT_EQ(checked, 12) << to_string(variant);
        checked_total += checked;
    }
    EXPECT_EQ(checked_total, 60);
}

TEST(Honesty, EveryDecisionIsLegalInEveryVariant) {
    const char* env = std::getenv("BELOTE_AI_LEGALITY_POSITIONS");
    const int per_variant = env ? std::atoi(env) : 1500;
    const std::array<Level, 4> levels{Level::Easy, Level::Medium, Level::Hard, Level::Expert};
    for (Variant variant : variants) {
        Rng rng(7 + static_cast<int>(variant));
        int positions = 0;
        while (positions < per_variant) {
            const MatchOptions options = random_options(variant, rng);
            Match match(options, rng.next());
            match.start();
            // Each seat its own level; cheap work so that many positions fit in a test.
            std::array<RobotSettings, 4> seats{};
            for (auto& s : seats) {
                s.level = levels[rng.below(4)];
                s.work_scale = 0.05;
            }
            Rng seeds(rng.next());
            while (!match.finished() && positions < per_variant) {
                const Seat seat = *match.to_act();
                const View view = match.view(Observer::of_seat(seat));
                const Action action = decide(view, seats[seat], seeds.next());
                ASSERT_NE(std::find(view.legal.begin(), view.legal.end(), action), view.legal.end())
                    << to_string(variant) << ": " << to_string(action) << "\n"
                    << fingerprint(view);
                // Manual belote modes (§2.5): a card that allows the belote words is played with them.
                if (action.kind == ActionKind::PlayCard)
                    for (const Action& a : view.legal)
                        if (a.kind == ActionKind::PlayCard && a.card == action.card && a.belote != BeloteCall::None) {
                            ASSERT_EQ(action.belote, a.belote) << to_string(variant) << ": " << to_string(action);
                        }
                ASSERT_TRUE(match.apply(seat, action).ok());
                ++positions;
            }
        }
    }
}

TEST(Honesty, FullStrengthDecisionsAreLegal) {
    for (Variant variant : variants) {
        Rng rng(21 + static_cast<int>(variant));
        Match match(random_options(variant, rng), rng.next());
        match.start();
        RobotSettings settings;  // expert, the level's full work
        int decisions = 0;
        // The auction and most of a deal at full strength.
        while (!match.finished() && match.history().size() < 1 && decisions < 36) {
            const Seat seat = *match.to_act();
            const View view = match.view(Observer::of_seat(seat));
            const Action action = decide(view, settings, rng.next());
            ASSERT_TRUE(match.apply(seat, action).ok()) << to_string(variant) << ": " << to_string(action);
            ++decisions;
        }
    }
}

}  // namespace honesty_test
}  // namespace belote::ai

namespace belote::ai {
namespace honesty_test {

TEST(Determinism, SameInputsSameSeedSameDecisionWithOrWithoutAClock) {
    for (Variant variant : variants) {
        Rng rng(31 + static_cast<int>(variant));
        Match match(testing::random_options(variant, rng), rng.next());
        match.start();
        int checked = 0;
        while (!match.finished() && checked < 20) {
            const Seat seat = *match.to_act();
            const View view = match.view(Observer::of_seat(seat));
            RobotSettings fixed;
            fixed.level = checked % 2 ? Level::Hard : Level::Expert;
            fixed.work_scale = 0.3;
            RobotSettings clocked = fixed;
            clocked.clock = [] { return std::chrono::steady_clock::now(); };
            clocked.time_budget = std::chrono::seconds(30);  // never reached: the level's own work decides
            const std::uint64_t seed = rng.next();
            const Action a = decide(view, fixed, seed);
            EXPECT_EQ(decide(view, fixed, seed), a);
            EXPECT_EQ(decide(view, clocked, seed), a);
            ASSERT_TRUE(match.apply(seat, a).ok());
            ++checked;
        }
    }
}

}  // namespace honesty_test
}  // namespace belote::ai
