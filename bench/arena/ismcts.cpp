#include "bench/arena/ismcts.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <vector>

#include "ai/deal_value.hpp"
#include "ai/decouverte_play.hpp"
#include "ai/position.hpp"
#include "engine/robot.hpp"

namespace belote::arena {
namespace {

using ai::Position;

struct Node {
    int parent = -1;
    int first_child = -1;
    int next_sibling = -1;
    std::int8_t card = -1;
    std::int8_t seat = -1;  // who played `card` to reach this node
    int visits = 0;
    int available = 0;
    double reward = 0;  // summed rewards of `seat`'s team
};

// Voids shown by not following suit: the only inference of this robot.
std::array<CardSet, 4> shown_voids(const View& view) {
    std::array<CardSet, 4> voids{};
    auto scan = [&](const Trick& t) {
        for (int i = 1; i < t.size(); ++i)
            if (t.card(i).suit() != t.led_suit()) voids[t.seat(i)] |= CardSet::of_suit(t.led_suit());
    };
    for (const Trick& t : view.tricks) scan(t);
    scan(view.trick);
    return voids;
}

// A random deal of the unseen cards to the other seats, voids respected when possible (a few random
// tries, then voids ignored).
std::array<CardSet, 4> random_deal(const View& view, const std::array<CardSet, 4>& voids, Rng& rng) {
    const Seat me = *view.observer.seat;
    CardSet seen = view.hand | view.trick.cards();
    for (const Trick& t : view.tricks) seen |= t.cards();
    std::vector<Card> unseen = to_vector(CardSet::full() - seen);
    std::array<CardSet, 4> hands{};
    for (int attempt = 0; attempt < 30; ++attempt) {
        for (int j = static_cast<int>(unseen.size()) - 1; j > 0; --j)
            std::swap(unseen[j], unseen[rng.below(static_cast<std::uint64_t>(j) + 1)]);
        hands = {};
        hands[me] = view.hand;
        std::array<int, 4> room{};
        for (Seat s = 0; s < view.seats; ++s) room[s] = s == me ? 0 : view.hand_sizes[s];
        bool ok = true;
        for (Card c : unseen) {
            // Random seat among those with room that are not void in the card's suit.
            std::array<Seat, 4> choices{};
            int n = 0;
            for (Seat s = 0; s < view.seats; ++s)
                if (room[s] > 0 && !voids[s].contains(c)) choices[n++] = s;
            if (n == 0) {
                ok = false;
                break;
            }
            const Seat s = choices[rng.below(static_cast<std::uint64_t>(n))];
            hands[s].insert(c);
            --room[s];
        }
        if (ok) return hands;
    }
    hands = {};
    hands[me] = view.hand;
    std::size_t next = 0;
    for (Seat s = 0; s < view.seats; ++s)
        if (s != me)
            for (int k = 0; k < view.hand_sizes[s]; ++k) hands[s].insert(unseen[next++]);
    return hands;
}

Position determinize(const View& view, const ai::PlaySetup& setup, const std::array<CardSet, 4>& voids, Rng& rng) {
    if (view.options.variant == Variant::Decouverte) {
        const ai::TableauLayout layout = ai::tableau_layout(view);
        std::vector<std::int8_t> lower;
        for (Card c : layout.pool) lower.push_back(static_cast<std::int8_t>(c.index()));
        for (int j = static_cast<int>(lower.size()) - 1; j > 0; --j)
            std::swap(lower[j], lower[rng.below(static_cast<std::uint64_t>(j) + 1)]);
        return ai::tableau_position(view, setup, layout, lower);
    }
    const std::array<CardSet, 4> hands = random_deal(view, voids, rng);
    Position pos(setup, hands, view.trick.leader(), view.tricks_played, view.card_points_won, view.tricks_won);
    for (int i = 0; i < view.trick.size(); ++i) pos.push_trick_card(view.trick.card(i).index());
    return pos;
}

int random_card(std::uint32_t cards, Rng& rng) {
    for (auto k = rng.below(static_cast<std::uint64_t>(std::popcount(cards))); k > 0; --k) cards &= cards - 1;
    return std::countr_zero(cards);
}

}  // namespace

Action ismcts_decide(const View& view, const IsmctsSettings& settings, std::uint64_t seed, IsmctsReport* report) {
    if (view.legal.size() == 1) return view.legal.front();
    Rng rng(seed);
    if (view.phase == Phase::Auction) return robot_decide(view, rng);

    const bool decouverte = view.options.variant == Variant::Decouverte;
    const ai::CardTables tables = ai::CardTables::of(*view.contract);
    const ai::PlaySetup setup{&tables, decouverte ? PlayRules{} : view.options.rules.play, view.seats, !decouverte,
                              decouverte ? 16 : 8};
    const std::array<CardSet, 4> voids = shown_voids(view);
    const ai::DealStakes stakes = ai::stakes_of(view);
    // Rewards in [0, 1]: the deal score difference, scaled by the largest one this deal allows.
    std::array<double, 2> lo{1e9, 1e9}, hi{-1e9, -1e9};
    for (Team t : {0, 1})
        for (int m = -252; m <= 252; m += 2) {
            const double v = ai::deal_value(stakes, t, m);
            lo[t] = std::min(lo[t], v);
            hi[t] = std::max(hi[t], v);
        }
    auto reward = [&](const Position& end, Team t) {
        const double v = ai::deal_value(stakes, t, end.points()[t] - end.points()[1 - t]);
        return hi[t] > lo[t] ? (v - lo[t]) / (hi[t] - lo[t]) : 0.5;
    };

    std::vector<Node> tree(1);
    tree.reserve(1 << 16);
    const auto start = settings.clock ? settings.clock() : std::chrono::steady_clock::time_point{};
    int iterations = 0;
    for (;; ++iterations) {
        if (settings.iterations > 0 ? iterations >= settings.iterations
                                    : (iterations % 16 == 0 && settings.clock() - start >= settings.time))
            break;
        Position pos = determinize(view, setup, voids, rng);
        int node = 0;
        std::array<int, 48> path{};
        int depth = 0;
        path[depth++] = 0;
        // Selection and expansion.
        while (!pos.finished()) {
            if (pos.awaiting_reveal()) break;  // determinized worlds never wait
            const std::uint32_t legal = pos.legal();
            std::uint32_t untried = legal;
            int best = -1;
            double best_score = -1;
            for (int c = tree[node].first_child; c >= 0; c = tree[c].next_sibling) {
                const Node& child = tree[c];
                if (!((legal >> child.card) & 1u)) continue;
                untried &= ~(1u << child.card);
            }
            if (untried) {
                const int card = random_card(untried, rng);
                Node child;
                child.parent = node;
                child.card = static_cast<std::int8_t>(card);
                child.seat = static_cast<std::int8_t>(pos.to_play());
                child.next_sibling = tree[node].first_child;
                tree.push_back(child);
                const int id = static_cast<int>(tree.size()) - 1;
                tree[node].first_child = id;
                for (int c = tree[id].next_sibling; c >= 0; c = tree[c].next_sibling)
                    if ((legal >> tree[c].card) & 1u) ++tree[c].available;
                tree[id].available = 1;
                pos.play(card);
                node = id;
                path[depth++] = node;
                break;
            }
            for (int c = tree[node].first_child; c >= 0; c = tree[c].next_sibling) {
                Node& child = tree[c];
                if (!((legal >> child.card) & 1u)) continue;
                ++child.available;
                const double score = child.reward / child.visits +
                                     settings.exploration * std::sqrt(std::log(child.available) / child.visits);
                if (score > best_score) {
                    best_score = score;
                    best = c;
                }
            }
            pos.play(tree[best].card);
            node = best;
            path[depth++] = node;
        }
        // Simulation: uniformly random legal cards to the end of the deal.
        while (!pos.finished()) pos.play(random_card(pos.legal(), rng));
        const std::array<double, 2> r{reward(pos, 0), reward(pos, 1)};
        for (int i = 0; i < depth; ++i) {
            Node& n = tree[path[i]];
            ++n.visits;
            if (n.seat >= 0) n.reward += r[setup.team(n.seat)];
        }
    }
    if (report) report->iterations = iterations;
    int best = -1;
    for (int c = tree[0].first_child; c >= 0; c = tree[c].next_sibling)
        if (best < 0 || tree[c].visits > tree[best].visits) best = c;
    if (best < 0) return view.legal.front();
    return Action::play(Card::from_index(tree[best].card));
}

}  // namespace belote::arena
