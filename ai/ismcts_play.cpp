#include "ai/ismcts_play.hpp"

#include <bit>
#include <cmath>

#include "ai/playout.hpp"

namespace belote::ai {
namespace {

struct Node {
    int first_child = -1;
    int next_sibling = -1;
    std::int8_t card = -1;
    std::int8_t seat = -1;  // who played `card` to reach this node
    int visits = 0;
    int available = 0;
    double reward = 0;  // summed rewards of `seat`
};

int random_card(std::uint32_t cards, Rng& rng) {
    for (auto k = rng.below(static_cast<std::uint64_t>(std::popcount(cards))); k > 0; --k) cards &= cards - 1;
    return std::countr_zero(cards);
}

}  // namespace

std::array<int, 32> tree_search(const TreeSearchInput& input, std::uint32_t legal, const Budget& budget, Rng& rng,
                                int* iterations_done) {
    std::vector<Node> tree(1);
    tree.reserve(static_cast<std::size_t>(input.iterations) + 1);
    std::array<int, 48> path{};
    int iteration = 0;
    for (; iteration < input.iterations; ++iteration) {
        if ((iteration & 63) == 0 && budget.expired()) break;
        const int world = iteration % static_cast<int>(input.worlds.size());
        Position pos = input.worlds[world];
        int node = 0, depth = 0;
        path[depth++] = 0;
        while (!pos.finished() && !pos.awaiting_reveal()) {
            const std::uint32_t moves = depth == 1 ? legal : pos.legal();
            std::uint32_t untried = moves;
            for (int c = tree[node].first_child; c >= 0; c = tree[c].next_sibling)
                if ((moves >> tree[c].card) & 1u) untried &= ~(1u << tree[c].card);
            if (untried) {  // expansion
                const int card = random_card(untried, rng);
                for (int c = tree[node].first_child; c >= 0; c = tree[c].next_sibling)
                    if ((moves >> tree[c].card) & 1u) ++tree[c].available;
                Node child;
                child.card = static_cast<std::int8_t>(card);
                child.seat = static_cast<std::int8_t>(pos.to_play());
                child.next_sibling = tree[node].first_child;
                child.available = 1;
                tree.push_back(child);
                node = tree[node].first_child = static_cast<int>(tree.size()) - 1;
                path[depth++] = node;
                pos.play(card);
                break;
            }
            int best = -1;
            double best_score = -1e18;
            for (int c = tree[node].first_child; c >= 0; c = tree[c].next_sibling) {
                Node& child = tree[c];
                if (!((moves >> child.card) & 1u)) continue;
                ++child.available;
                const double score = child.reward / child.visits +
                                     input.exploration * std::sqrt(std::log(child.available) / child.visits);
                if (score > best_score) {
                    best_score = score;
                    best = c;
                }
            }
            node = best;
            path[depth++] = node;
            pos.play(tree[node].card);
        }
        // Playout: greedy cards for every seat to the end of the deal.
        while (!pos.finished()) {
            if (pos.awaiting_reveal()) {  // not in sampled worlds; keep the search total anyway
                pos.reveal(std::countr_zero(pos.unknown_pool()));
                continue;
            }
            pos.play(greedy_card(pos));
        }
        std::array<double, max_seats> reward = input.value(world, pos);
        for (double& r : reward) r = 0.5 + r / input.value_range;
        for (int i = 0; i < depth; ++i) {
            Node& n = tree[path[i]];
            ++n.visits;
            if (n.seat >= 0) n.reward += reward[n.seat];
        }
    }
    if (iterations_done) *iterations_done = iteration;
    std::array<int, 32> visits{};
    for (int c = tree[0].first_child; c >= 0; c = tree[c].next_sibling) visits[tree[c].card] = tree[c].visits;
    return visits;
}

}  // namespace belote::ai
