#include "ai/world_sampler.hpp"

#include <algorithm>

namespace belote::ai {
namespace {

constexpr std::array<std::array<std::uint64_t, 33>, 33> binomials() {
    std::array<std::array<std::uint64_t, 33>, 33> c{};
    for (int n = 0; n <= 32; ++n) {
        c[n][0] = 1;
        for (int k = 1; k <= n; ++k) c[n][k] = c[n - 1][k - 1] + (k <= n - 1 ? c[n - 1][k] : 0);
    }
    return c;
}
constexpr auto choose = binomials();

// Ways to split n labelled cards into groups of ka, kb and the rest.
std::uint64_t multinomial(int n, int ka, int kb) { return choose[n][ka] * choose[n - ka][kb]; }

// The split (ka, kb) of a class of n cards allowed in the bins of `mask`, and its bins' room (a, b, c).
template <class F>
void for_each_split(int n, int mask, int a, int b, int c, F&& f) {
    const int max_a = (mask & 1) ? std::min(n, a) : 0;
    for (int ka = 0; ka <= max_a; ++ka) {
        const int max_b = (mask & 2) ? std::min(n - ka, b) : 0;
        for (int kb = 0; kb <= max_b; ++kb) {
            const int kc = n - ka - kb;
            if (kc > 0 && !(mask & 4)) continue;
            if (kc > c) continue;
            if (!f(ka, kb)) return;
        }
    }
}

}  // namespace

WorldSampler::WorldSampler(const Knowledge& k) {
    for (Seat s = 0; s < k.seats; ++s)
        if (s != k.me) bins_[bin_count_++] = s;
    base_[k.me] = k.own;
    for (int b = 0; b < bin_count_; ++b) {
        base_[bins_[b]] = k.holds[bins_[b]];
        caps_[b] = k.hand_size[bins_[b]] - k.holds[bins_[b]].size();
    }
    if (k.undealt > 0) {  // three_player with 32 cards: the undealt ones are a hand that never plays
        bins_[bin_count_] = undealt_index;
        caps_[bin_count_++] = k.undealt;
    }
    unknown_ = k.unknown();
    if (build(k.excluded)) return;
    relaxed_ = true;
    std::array<CardSet, 4> voids{};  // keep the voids shown (whole suits excluded)
    for (int b = 0; b < bin_count_; ++b)
        for (int su = 0; su < suit_count; ++su) {
            const CardSet suit = CardSet::of_suit(static_cast<Suit>(su));
            if ((k.excluded[bins_[b]] & suit) == suit) voids[bins_[b]] |= suit;
        }
    if (build(voids)) return;
    build({});
}

bool WorldSampler::build(const std::array<CardSet, 4>& excluded) {
    classes_ = 0;
    class_cards_ = {};
    std::array<int, 8> index_of_mask{};
    index_of_mask.fill(-1);
    for (Card c : unknown_) {
        int mask = 0;
        for (int b = 0; b < bin_count_; ++b)
            if (!excluded[bins_[b]].contains(c)) mask |= 1 << b;
        if (index_of_mask[mask] < 0) {
            index_of_mask[mask] = classes_;
            class_mask_[classes_++] = mask;
        }
        class_cards_[index_of_mask[mask]].insert(c);
    }
    int total = 0;
    for (int b = 0; b < bin_count_; ++b) {
        if (caps_[b] < 0 || caps_[b] > max_cap) return false;
        total += caps_[b];
    }
    if (total != unknown_.size()) return false;
    if (classes_ == 0) return true;
    if (index_of_mask[0] >= 0) return false;  // a card no seat may hold
    remaining_[classes_] = 0;
    for (int i = classes_ - 1; i >= 0; --i) remaining_[i] = remaining_[i + 1] + class_cards_[i].size();
    counts_[classes_] = {};
    counts_[classes_][0][0] = 1;
    for (int i = classes_ - 1; i >= 0; --i) {
        const int n = class_cards_[i].size();
        for (int a = 0; a <= max_cap; ++a)
            for (int b = 0; b <= max_cap; ++b) {
                const int c = remaining_[i] - a - b;
                std::uint64_t sum = 0;
                if (c >= 0)
                    for_each_split(n, class_mask_[i], a, b, c, [&](int ka, int kb) {
                        sum += multinomial(n, ka, kb) * counts_[i + 1][a - ka][b - kb];
                        return true;
                    });
                counts_[i][a][b] = sum;
            }
    }
    return count() > 0;
}

World WorldSampler::sample(Rng& rng) const {
    World world = base_;
    if (classes_ == 0) return world;
    int a = caps_[0], b = caps_[1];
    for (int i = 0; i < classes_; ++i) {
        const int n = class_cards_[i].size();
        const int c = remaining_[i] - a - b;
        std::uint64_t r = rng.below(counts_[i][a][b]);
        int pick_a = 0, pick_b = 0;
        for_each_split(n, class_mask_[i], a, b, c, [&](int ka, int kb) {
            const std::uint64_t w = multinomial(n, ka, kb) * counts_[i + 1][a - ka][b - kb];
            if (r < w) {
                pick_a = ka;
                pick_b = kb;
                return false;
            }
            r -= w;
            return true;
        });
        // A uniformly random ordering of the class's cards, cut into the three groups.
        std::array<Card, 32> cards{};
        int m = 0;
        for (Card card : class_cards_[i]) cards[m++] = card;
        for (int j = m - 1; j > 0; --j) std::swap(cards[j], cards[rng.below(static_cast<std::uint64_t>(j) + 1)]);
        for (int j = 0; j < m; ++j) {
            const int bin = j < pick_a ? 0 : j < pick_a + pick_b ? 1 : 2;
            world[bins_[bin]].insert(cards[j]);
        }
        a -= pick_a;
        b -= pick_b;
    }
    return world;
}

}  // namespace belote::ai
