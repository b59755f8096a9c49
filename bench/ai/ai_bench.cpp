// Robot micro-benchmarks (Google Benchmark): the exact solver by tricks left and contract kind (time
// per solve, nodes per second), the static evaluator, and one decision per level on positions taken
// from robot matches of each variant. Run: build/bench/ai/belote_ai_bench (see docs/robots.md).
#include <benchmark/benchmark.h>

#include <vector>

#include "ai/robot.hpp"
#include "ai/solver.hpp"
#include "ai/static_eval.hpp"
#include "engine/deck.hpp"
#include "engine/match.hpp"

namespace belote::ai {
namespace {

struct Deal {
    std::array<CardSet, 4> hands;
    Seat leader;
};

std::vector<Deal> random_deals(int tricks, int count, std::uint64_t seed) {
    std::vector<Deal> out;
    Rng rng(seed);
    for (int i = 0; i < count; ++i) {
        Deck deck = ordered_deck();
        shuffle(deck, rng);
        Deal d{{}, static_cast<Seat>(rng.below(4))};
        for (int s = 0; s < 4; ++s)
            for (int k = 0; k < tricks; ++k) d.hands[s].insert(deck[s * tricks + k]);
        out.push_back(d);
    }
    return out;
}

Contract contract_of_kind(int kind) {
    return kind == 0 ? Contract::suit(Suit::Hearts) : kind == 1 ? Contract::no_trump() : Contract::all_trump();
}

// Exact value of random positions with `tricks` tricks left (args: tricks, contract kind 0 suit /
// 1 no trump / 2 all trump), a fresh solver each time (its table allocation included). Counters:
// nodes per solve and nodes per second.
void BM_SolveExact(benchmark::State& state) {
    const int tricks = static_cast<int>(state.range(0));
    const CardTables tables = CardTables::of(contract_of_kind(static_cast<int>(state.range(1))));
    const PlaySetup setup{&tables, PlayRules{}, 4, true, 8};
    const std::vector<Deal> deals = random_deals(tricks, 64, 42 + tricks);
    std::size_t i = 0;
    std::uint64_t nodes = 0, solves = 0;
    for (auto _ : state) {
        const Deal& d = deals[i++ % deals.size()];
        Position pos(setup, d.hands, d.leader, 8 - tricks, {}, {1, 1});
        if (tricks == 8) pos = Position(setup, d.hands, d.leader, 0, {}, {});
        // A table sized for the search (clearing a large one would dominate the short endings).
        Solver solver(tricks <= 4 ? 10 : tricks <= 6 ? 15 : 17);
        benchmark::DoNotOptimize(solver.solve_from(pos, 0, greedy_playout(pos, 0)));
        nodes += solver.nodes();
        ++solves;
    }
    state.counters["nodes_per_solve"] = static_cast<double>(nodes) / static_cast<double>(solves);
    state.counters["nodes_per_s"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_SolveExact)->ArgsProduct({{1, 2, 3, 4, 5, 6, 7}, {0, 1, 2}})->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_SolveExact)->Args({8, 0})->Unit(benchmark::kMillisecond)->Iterations(64);

void BM_StaticMargin(benchmark::State& state) {
    const CardTables tables = CardTables::of(Contract::suit(Suit::Hearts));
    const PlaySetup setup{&tables, PlayRules{}, 4, true, 8};
    const std::vector<Deal> deals = random_deals(6, 64, 9);
    std::size_t i = 0;
    for (auto _ : state) {
        const Deal& d = deals[i++ % deals.size()];
        const Position pos(setup, d.hands, d.leader, 2, {}, {1, 1});
        benchmark::DoNotOptimize(static_margin(pos, 0));
    }
}
BENCHMARK(BM_StaticMargin);

// Positions (seat views at a decision) from matches of easy robots: every decision of a few deals.
std::vector<View> decision_views(Variant variant) {
    std::vector<View> views;
    MatchOptions options;
    options.variant = variant;
    Rng rng(5);
    for (int m = 0; m < 3; ++m) {
        Match match(options, rng.next());
        match.start();
        RobotSettings easy;
        easy.level = Level::Easy;
        while (!match.finished() && match.history().size() < 2) {
            const Seat seat = *match.to_act();
            View view = match.view(Observer::of_seat(seat));
            if (view.legal.size() > 1) views.push_back(view);
            match.apply(seat, decide(view, easy, rng.next()));
        }
    }
    return views;
}

// One decision of a level (fixed work) on positions of a variant (args: level, variant).
void BM_Decide(benchmark::State& state) {
    RobotSettings settings;
    settings.level = static_cast<Level>(state.range(0));
    const std::vector<View> views = decision_views(static_cast<Variant>(state.range(1)));
    std::size_t i = 0;
    for (auto _ : state) {
        benchmark::DoNotOptimize(decide(views[i % views.size()], settings, i));
        ++i;
    }
    state.SetLabel(std::string(to_string(settings.level)) + " " +
                   std::string(to_string(static_cast<Variant>(state.range(1)))));
}
BENCHMARK(BM_Decide)->ArgsProduct({{0, 1, 2, 3}, {0, 1, 2, 3}})->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace belote::ai
