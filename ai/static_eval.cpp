#include "ai/static_eval.hpp"

#include <bit>

namespace belote::ai {
namespace {

int bits(std::uint32_t x) {  // population count without a library call (baseline x86-64 has no popcnt)
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return static_cast<int>((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

// Weights by contract kind (suit, no trump, all trump) and tricks left (2..8), fitted by
// bench/ai/fit_static_eval.cpp on random deals solved exactly (out-of-sample RMSE in the comments;
// "greedy" is greedy_playout's error on the same positions, "sd" the spread of the values).
// clang-format off
constexpr float weights[3][9][static_feature_count] = {
    {  // suit contract
        {},  // 0 tricks left (unused)
        {},  // 1 (unused: the last trick is played out)
        {0.500f, 18.763f, -2.532f, -4.820f, -4.978f, 1.754f, -3.027f, -3.030f, -2.130f, 24.781f, 1.716f, -0.194f, 7.670f, 0.719f},  // 2 tricks: rmse 19.9 (greedy 15.3, sd 41.8)
        {0.383f, 21.408f, -0.286f, -3.789f, -5.919f, 1.341f, -4.890f, -3.687f, -4.177f, 25.014f, 1.351f, 0.006f, 9.191f, -0.007f},  // 3 tricks: rmse 23.3 (greedy 23.8, sd 51.1)
        {0.265f, 24.353f, 1.078f, -3.240f, -6.871f, 2.155f, -5.853f, -5.822f, -5.801f, 19.871f, 3.972f, 0.249f, 10.944f, 0.378f},  // 4 tricks: rmse 26.4 (greedy 32.3, sd 59.4)
        {0.170f, 26.139f, 0.880f, -3.636f, -7.968f, 0.706f, -4.849f, -5.423f, -5.849f, 20.588f, 7.066f, 0.681f, 13.511f, -0.158f},  // 5 tricks: rmse 28.7 (greedy 37.8, sd 67.6)
        {0.193f, 29.480f, 2.803f, -2.454f, -7.964f, -1.837f, -5.704f, -6.994f, -7.329f, 16.188f, 10.529f, 1.006f, 13.432f, -0.650f},  // 6 tricks: rmse 29.0 (greedy 43.9, sd 77.7)
        {0.359f, 35.051f, 5.831f, -5.601f, -11.055f, -0.708f, -5.828f, -8.483f, -9.207f, 19.542f, 17.131f, 1.448f, 16.968f, -0.445f},  // 7 tricks: rmse 42.4 (greedy 61.4, sd 104.2)
        {0.630f, 30.822f, 4.237f, -6.538f, -9.720f, 0.126f, -4.821f, -7.643f, -6.463f, 17.236f, 20.072f, 1.390f, 16.567f, 0.028f},  // 8 tricks: rmse 42.1 (greedy 66.0, sd 103.1)
    },
    {  // no trump
        {},  // 0 tricks left (unused)
        {},  // 1 (unused: the last trick is played out)
        {-0.539f, 0.000f, 0.000f, 0.000f, 0.000f, 5.420f, -0.606f, -1.586f, -3.228f, 0.000f, 0.000f, 1.311f, 20.049f, -0.277f},  // 2 tricks: rmse 30.5 (greedy 15.6, sd 42.7)
        {-0.277f, 0.000f, 0.000f, 0.000f, 0.000f, 6.354f, -1.968f, -2.217f, -2.169f, 0.000f, 0.000f, 1.196f, 22.645f, -0.596f},  // 3 tricks: rmse 32.6 (greedy 25.7, sd 53.1)
        {-0.018f, 0.000f, 0.000f, 0.000f, 0.000f, 7.493f, -1.902f, -2.646f, -2.946f, 0.000f, 0.000f, 1.135f, 21.910f, -0.651f},  // 4 tricks: rmse 31.7 (greedy 33.0, sd 58.1)
        {0.284f, 0.000f, 0.000f, 0.000f, 0.000f, 9.645f, -2.442f, -3.469f, -3.734f, 0.000f, 0.000f, 0.875f, 20.740f, -0.304f},  // 5 tricks: rmse 31.5 (greedy 37.7, sd 65.5)
        {0.336f, 0.000f, 0.000f, 0.000f, 0.000f, 9.672f, -1.828f, -3.474f, -4.370f, 0.000f, 0.000f, 0.913f, 20.564f, 0.231f},  // 6 tricks: rmse 31.8 (greedy 44.5, sd 72.3)
        {0.391f, 0.000f, 0.000f, 0.000f, 0.000f, 16.261f, -0.144f, -7.583f, -8.534f, 0.000f, 0.000f, 1.044f, 27.061f, -0.257f},  // 7 tricks: rmse 52.0 (greedy 67.5, sd 101.6)
        {0.034f, 0.000f, 0.000f, 0.000f, 0.000f, 0.118f, 7.302f, -1.304f, -6.116f, 0.000f, 0.000f, 2.242f, 22.439f, 0.316f},  // 8 tricks: rmse 52.7 (greedy 74.3, sd 114.0)
    },
    {  // all trump
        {},  // 0 tricks left (unused)
        {},  // 1 (unused: the last trick is played out)
        {0.647f, 7.485f, -2.756f, -2.196f, -2.534f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f, 21.120f, 0.479f},  // 2 tricks: rmse 28.1 (greedy 15.1, sd 41.9)
        {0.721f, 10.411f, -4.816f, -3.185f, -2.410f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f, 22.540f, 0.101f},  // 3 tricks: rmse 31.9 (greedy 26.1, sd 49.6)
        {0.775f, 13.445f, -6.506f, -4.183f, -2.756f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f, 23.109f, -0.053f},  // 4 tricks: rmse 31.1 (greedy 33.0, sd 58.3)
        {0.726f, 17.310f, -5.894f, -6.396f, -5.021f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f, 23.482f, 0.113f},  // 5 tricks: rmse 33.4 (greedy 39.2, sd 65.1)
        {0.438f, 21.323f, -5.548f, -7.851f, -7.924f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f, 23.387f, 0.236f},  // 6 tricks: rmse 33.0 (greedy 46.4, sd 73.0)
        {0.421f, 31.074f, -5.919f, -11.679f, -13.476f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f, 34.155f, 0.859f},  // 7 tricks: rmse 56.9 (greedy 81.7, sd 108.5)
        {0.431f, 28.524f, -2.877f, -11.550f, -14.097f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f, 0.000f, 30.494f, 1.483f},  // 8 tricks: rmse 53.4 (greedy 79.9, sd 110.0)
    },
};
// clang-format on

int kind_index(const Contract& c) {
    return c.kind == ContractKind::SuitTrump ? 0 : c.kind == ContractKind::NoTrump ? 1 : 2;
}

}  // namespace

// Features, each summed with + for `team`'s seats and - for the others':
//   0  card points held
//   1..4  cards ranked in trump order (trump suit; every suit in TA) that are the 1st, 2nd, 3rd or a
//         lower live card of their suit (live = still in a hand)
//   5..8  the same for plain-order cards
//   9  (trumps held by the seat)^2 / 4
//   10 plain suits the seat is void in while holding a trump (and someone else holds the suit)
//   11 card points of plain cards that are the top live card of their suit
//   12 +1 when the team leads the next trick, -1 otherwise (not summed)
//   13 a constant 1
StaticFeatures static_features(const Position& pos, Team team) {
    const CardTables& t = pos.tables();
    StaticFeatures f{};
    std::uint32_t live = 0;
    for (int s = 0; s < 4; ++s) live |= pos.hand(s);
    for (int s = 0; s < 4; ++s) {
        const float sign = pos.setup().team(s) == team ? 1.0f : -1.0f;
        const std::uint32_t hand = pos.hand(s);
        const int trumps = bits(hand & t.trump);
        for (std::uint32_t m = hand; m; m &= m - 1) {
            const int c = std::countr_zero(m);
            int rel = bits(t.above[c] & live);
            if (rel > 3) rel = 3;
            const bool trump_order = (t.trump_order >> c) & 1u;
            f[0] += sign * t.points[c];
            f[(trump_order ? 1 : 5) + rel] += sign;
            if (rel == 0 && !trump_order) f[11] += sign * t.points[c];
        }
        f[9] += sign * static_cast<float>(trumps * trumps) / 4.0f;
        if (trumps)
            for (int su = 0; su < 4; ++su)
                if (!((t.trump >> (su * 8)) & 1u) && !(hand & suit_mask(su)) && (live & suit_mask(su))) f[10] += sign;
    }
    f[12] = pos.setup().team(pos.leader()) == team ? 1.0f : -1.0f;
    f[13] = 1.0f;
    return f;
}

int static_margin(const Position& pos, Team team) {
    const int current = pos.points()[team] - pos.points()[1 - team];
    const int left = pos.tricks_left();
    if (left < 2 || left > 8) return current;
    const StaticFeatures f = static_features(pos, team);
    const float* w = weights[kind_index(pos.tables().contract)][left];
    float estimate = 0;
    for (int i = 0; i < static_feature_count; ++i) estimate += w[i] * f[i];
    // Margins are even (the two sides' points sum to 162); round to the nearest even number.
    const int rounded = 2 * static_cast<int>(estimate / 2.0f + (estimate >= 0 ? 0.5f : -0.5f));
    return current + rounded;
}

}  // namespace belote::ai
