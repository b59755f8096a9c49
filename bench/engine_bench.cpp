// Engine micro-benchmarks (Google Benchmark): legal-move generation and complete random deals per variant.
// "Lean" deals run the play phase on CardSets with the engine's legal_cards/Trick (no events, no views);
// "Match" deals drive the full Match state machine (auction, events, scoring) with random legal actions.
#include <benchmark/benchmark.h>

#include <vector>

#include "engine/legal.hpp"
#include "engine/match.hpp"
#include "engine/tableau.hpp"

namespace belote {
namespace {

// The bench's own generator: SplitMix64 bits with Lemire's multiply-shift range reduction (no division).
// Match keeps its Rng (rejection sampling with `%`), whose exact output the seeds of recorded matches rely on.
class FastRng {
public:
    explicit FastRng(std::uint64_t seed) : bits_(seed) {}
    std::uint32_t below(std::uint32_t bound) {
        return static_cast<std::uint32_t>((static_cast<unsigned __int128>(bits_.next()) * bound) >> 64);
    }

private:
    Rng bits_;
};

void fast_shuffle(Deck& deck, FastRng& rng) {
    for (int i = deck_size - 1; i > 0; --i) std::swap(deck[i], deck[rng.below(i + 1)]);
}

// Uniformly random card of a non-empty set.
template <class R>
Card random_card(CardSet set, R& rng) {
    std::uint32_t bits = set.bits();
    for (auto k = rng.below(set.size()); k > 0; --k) bits &= bits - 1;
    return CardSet(bits).first();
}

struct Position {
    CardSet hand;
    Trick trick;
    Contract contract;
};

// Random mid-trick positions from random deals (hand of the player to act, trick so far).
std::vector<Position> random_positions(int count) {
    std::vector<Position> out;
    Rng rng(42);
    while (static_cast<int>(out.size()) < count) {
        Deck deck = ordered_deck();
        shuffle(deck, rng);
        std::array<CardSet, 4> hands{};
        for (int i = 0; i < 32; ++i) hands[i / 8].insert(deck[i]);
        Contract contract = Contract::suit(static_cast<Suit>(rng.below(4)));
        Trick trick(static_cast<Seat>(rng.below(4)), 4);
        int before = static_cast<int>(rng.below(4));
        for (int k = 0; k < before; ++k) {
            Seat s = trick.next_seat();
            Card c = random_card(legal_cards(hands[s], trick, contract, PlayRules{}, true), rng);
            hands[s].erase(c);
            trick.add(c);
        }
        out.push_back({hands[trick.next_seat()], trick, contract});
    }
    return out;
}

void BM_LegalCards(benchmark::State& state) {
    auto positions = random_positions(4096);
    std::size_t i = 0;
    for (auto _ : state) {
        const Position& p = positions[i++ & 4095];
        benchmark::DoNotOptimize(legal_cards(p.hand, p.trick, p.contract, PlayRules{}, true));
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_LegalCards);

// One complete 4-player deal's play phase: 8 tricks, random legal cards; returns the takers' points.
int play_lean_deal(FastRng& rng, const Contract& contract) {
    Deck deck = ordered_deck();
    fast_shuffle(deck, rng);
    std::array<CardSet, 4> hands{};
    for (int i = 0; i < 32; ++i) hands[i >> 3].insert(deck[i]);
    const PlayRules rules;
    Seat leader = 0;
    int points0 = 0;
    for (int t = 0; t < 8; ++t) {
        Trick trick(leader, 4);
        for (int k = 0; k < 4; ++k) {
            Seat s = trick.next_seat();
            Card c = random_card(legal_cards(hands[s], trick, contract, rules, true), rng);
            hands[s].erase(c);
            trick.add(c);
        }
        leader = trick.winner(contract);
        if (team_of(leader) == 0) points0 += trick.points(contract) + (t == 7 ? 10 : 0);
    }
    return points0;
}

void BM_ClassicRandomDeal_Lean(benchmark::State& state) {
    FastRng rng(1);
    for (auto _ : state) benchmark::DoNotOptimize(play_lean_deal(rng, Contract::suit(static_cast<Suit>(rng.below(4)))));
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ClassicRandomDeal_Lean);

void BM_CoincheRandomDeal_Lean(benchmark::State& state) {  // suit, SA and TA contracts
    FastRng rng(2);
    const std::array<Contract, 6> contracts{Contract::suit(Suit::Spades),   Contract::suit(Suit::Hearts),
                                            Contract::suit(Suit::Diamonds), Contract::suit(Suit::Clubs),
                                            Contract::no_trump(),           Contract::all_trump()};
    for (auto _ : state) benchmark::DoNotOptimize(play_lean_deal(rng, contracts[rng.below(6)]));
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_CoincheRandomDeal_Lean);

void BM_DecouverteRandomDeal_Lean(benchmark::State& state) {  // tableaux, availability and reveals, 16 tricks
    FastRng rng(3);
    const PlayRules rules;
    for (auto _ : state) {
        Deck deck = ordered_deck();
        fast_shuffle(deck, rng);
        auto tableaux = deal_tableaux(deck, DecouverteDealOrder::Seed);
        Contract contract = Contract::suit(static_cast<Suit>(rng.below(4)));
        Seat leader = 0;
        int points0 = 0;
        for (int t = 0; t < 16; ++t) {
            Trick trick(leader, 2);
            std::array<int, 2> piles{};
            for (int k = 0; k < 2; ++k) {
                Seat s = trick.next_seat();
                Card c = random_card(legal_cards(tableaux[s].available(), trick, contract, rules, false), rng);
                piles[s] = tableaux[s].play(c);
                trick.add(c);
            }
            for (Seat s : {0, 1}) tableaux[s].reveal(piles[s], false);
            leader = trick.winner(contract);
            if (leader == 0) points0 += trick.points(contract);
        }
        benchmark::DoNotOptimize(points0);
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_DecouverteRandomDeal_Lean);

// Full Match: auction, play, events and scoring, random legal actions; items = completed deals.
void match_deals(benchmark::State& state, Variant variant) {
    MatchOptions options;
    options.variant = variant;
    Rng rng(4);
    std::uint64_t seed = 1;
    std::int64_t deals = 0;
    for (auto _ : state) {
        Match m(options, seed++);
        m.start();
        while (!m.finished()) {
            Seat s = *m.to_act();
            auto legal = m.legal_actions(s);
            Action a = (variant == Variant::Coinche && m.phase() == Phase::Auction && rng.below(10) < 7)
                           ? Action::pass()
                           : legal[rng.below(legal.size())];
            m.apply(s, a);
        }
        deals += static_cast<std::int64_t>(m.history().size());
    }
    state.SetItemsProcessed(deals);
    state.counters["deals_per_match"] = benchmark::Counter(static_cast<double>(deals) / state.iterations());
}
BENCHMARK_CAPTURE(match_deals, Classic, Variant::Classic)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(match_deals, ClassicAnnouncements, Variant::ClassicAnnouncements)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(match_deals, Coinche, Variant::Coinche)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(match_deals, Decouverte, Variant::Decouverte)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace belote
