#include "bench/arena/fork.hpp"

#include <vector>

namespace belote::arena {
namespace {

// The side of `seat` scored by the deal just finished: its score less the mean of the other sides'.
double margin_of(const DealScore& deal, Seat seat, int seats) {
    const int sides = side_count(seats);
    const int mine = side_of(seat, seats);
    double others = 0;
    for (int side = 0; side < sides; ++side)
        if (side != mine) others += deal.score[side];
    return deal.score[mine] - others / (sides - 1);
}

// Plays the deal in progress to its end: the seats of `deciding`'s side by `own`, the others by
// `others`; the deal's margin for that side (0 when it is thrown in: nothing scored).
double play_out(Match match, Seat deciding, const Robot& own, const Robot& others, std::uint64_t seed) {
    const std::size_t scored = match.history().size();
    const int seats = match.seats();
    for (std::uint64_t k = 1; match.history().size() == scored && !match.finished(); ++k) {
        const std::optional<Seat> seat = match.to_act();
        if (!seat) break;
        const View view = match.view(Observer::of_seat(*seat));
        const bool own_side = side_of(*seat, seats) == side_of(deciding, seats);
        match.apply(*seat, (own_side ? own : others)(view, match, seed * 1000 + k));
    }
    return match.history().size() == scored ? 0.0 : margin_of(match.history().back(), deciding, seats);
}

}  // namespace

ForkReport run_forks(const ForkConfig& config) {
    const Robot a = make_robot(config.a), b = make_robot(config.b), opponents = make_robot(config.opponents);
    ForkReport report;
    std::vector<double> differences;
    for (std::uint64_t seed = config.first_seed; seed < config.first_seed + config.deals; ++seed) {
        Match match(config.options, seed);
        match.start();
        for (std::uint64_t k = 1; match.history().empty() && !match.finished(); ++k) {
            const std::optional<Seat> seat = match.to_act();
            if (!seat) break;
            const View view = match.view(Observer::of_seat(*seat));
            if (config.phase == Phase::Auction && view.phase != Phase::Auction) break;
            const std::uint64_t decision_seed = seed * 7919 + k;
            const Action baseline = a(view, match, decision_seed);
            if (view.legal.size() > 1 && (!config.phase || view.phase == *config.phase)) {
                ++report.decisions;
                const Action variant = b(view, match, decision_seed);
                if (variant != baseline) {
                    double difference = 0;
                    for (int p = 0; p < config.playouts; ++p) {
                        Match with_a = match, with_b = match;
                        with_a.apply(*seat, baseline);
                        with_b.apply(*seat, variant);
                        const std::uint64_t s = decision_seed * 13 + p;
                        difference +=
                            play_out(with_b, *seat, a, opponents, s) - play_out(with_a, *seat, a, opponents, s);
                    }
                    differences.push_back(difference / config.playouts);
                }
            }
            match.apply(*seat, baseline);
        }
    }
    report.forks = static_cast<int>(differences.size());
    report.difference = estimate(differences);
    return report;
}

}  // namespace belote::arena
