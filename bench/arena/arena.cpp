#include "bench/arena/arena.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cmath>
#include <ctime>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "ai/levels.hpp"
#include "ai/robot.hpp"
#include "bench/arena/ismcts.hpp"
#include "bench/arena/oracle.hpp"
#include "engine/deck.hpp"

namespace belote::arena {
namespace {

std::uint64_t mix(std::uint64_t x) {
    x += 0x9E3779B97F4A7C15ull;
    x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
    x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
    return x ^ (x >> 31);
}

std::chrono::steady_clock::time_point steady_now() { return std::chrono::steady_clock::now(); }

// CPU time of the calling thread, in milliseconds (what one decision costs on one core, whatever
// else the machine runs).
double thread_cpu_ms() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) * 1e3 + static_cast<double>(ts.tv_nsec) / 1e6;
}

constexpr int preset_decks = 80;

// Roles: 0 = A's first seat, 1 = A's partner, 2 = B's first seat, 3 = B's partner. Match `m` of a
// pair: at four and two, side A on seats 0 (and 2) when m = 0, else on 1 (and 3); at three, A on
// seat m and B on the two others (roles 2 and 3 in play order after A).
std::array<int, 4> roles(int seats, int m) {
    std::array<int, 4> role{};
    for (Seat s = 0; s < seats; ++s) {
        if (seats == 3) {
            role[s] = s == m ? 0 : (s - m + 3) % 3 == 1 ? 2 : 3;
            continue;
        }
        const bool side_a = (team_of(s) == 0) == (m == 0);
        role[s] = (side_a ? 0 : 2) + (s >= 2 ? 1 : 0);
    }
    return role;
}

// The side (a team, or a seat at two and three) that side A plays in match `m` of a pair.
Side side_a(int seats, int m) { return seats == 3 ? m : (m == 0 ? 0 : 1); }

// A's deal score minus B's (at three, minus the mean of B's two seats).
double a_minus_b(const DealScore& d, Side a) {
    if (d.score.size() == 2) return d.score[a] - d.score[1 - a];
    double b = 0;
    for (Side s = 0; s < d.score.size(); ++s)
        if (s != a) b += d.score[s];
    return d.score[a] - b / (d.score.size() - 1);
}

// Match `m` of a pair (see roles()).
MatchResult play_match(const ArenaConfig& config, const std::array<Robot, 4>& robots, std::uint64_t pair_seed, int m,
                       Timing& timing) {
    Match match(config.options, pair_seed);
    const int seats = match.seats();
    Rng decks(mix(pair_seed ^ 0xDEC4));
    for (int i = 0; i < preset_decks; ++i) {
        Deck deck = ordered_deck();
        shuffle(deck, decks);
        cut(deck, decks, config.options.rules.cut_min_packet);
        match.preset_deck(deck);
    }
    Rng dealer(mix(pair_seed ^ 0xD1));
    match.start(static_cast<Seat>(dealer.below(static_cast<std::uint64_t>(seats))));

    const std::array<int, 4> role = roles(seats, m);
    std::array<std::uint64_t, 4> decisions{};
    const Side a_side = side_a(seats, m);
    while (!match.finished() && static_cast<int>(match.history().size()) < config.max_deals) {
        const Seat seat = *match.to_act();
        const View view = match.view(Observer::of_seat(seat));
        const int r = role[seat];
        const std::uint64_t seed = mix(pair_seed * 4 + static_cast<std::uint64_t>(r) + (decisions[r]++ << 8));
        const auto t0 = steady_now();
        const double c0 = thread_cpu_ms();
        const Action action = robots[r](view, match, seed);
        const double cpu = thread_cpu_ms() - c0;
        const double ms = std::chrono::duration<double, std::milli>(steady_now() - t0).count();
        (r < 2 ? timing.a_ms : timing.b_ms).push_back(ms);
        (r < 2 ? timing.a_cpu : timing.b_cpu).push_back(cpu);
        const ApplyResult applied = match.apply(seat, action);
        if (!applied.ok()) throw std::runtime_error("illegal action " + to_string(action) + ": " + applied.message);
    }
    MatchResult result;
    result.deals = static_cast<int>(match.history().size());
    result.a_won = match.winner() && *match.winner() == a_side;
    for (const DealScore& d : match.history()) {
        result.a_minus_b_points += a_minus_b(d, a_side);
        const int side = d.takers == a_side ? 0 : 1;
        ++result.taken[side];
        if (d.outcome == DealOutcome::Failed) ++result.failed[side];
        if (d.outcome == DealOutcome::Litige) ++result.litige[side];
    }
    return result;
}

// The Elo difference of one A against `opponents` B of equal strength each when A wins with
// probability p (Bradley-Terry-Luce: p = g_A / (g_A + opponents g_B)).
double elo_of(double p, int opponents) {
    p = std::clamp(p, 0.0005, 0.9995);
    return 400.0 * std::log10(opponents * p / (1.0 - p));
}

std::array<double, 3> percentiles(std::vector<double> ms) {
    if (ms.empty()) return {};
    std::sort(ms.begin(), ms.end());
    auto at = [&](double q) { return ms[std::min(ms.size() - 1, static_cast<std::size_t>(q * ms.size()))]; };
    return {at(0.5), at(0.99), ms.back()};
}

// What one pair scores: the share of its matches A won, and A's points per deal over its matches.
double win_share(const PairResult& pair) {
    int won = 0;
    for (const MatchResult& m : pair) won += m.a_won;
    return pair.empty() ? 0.0 : static_cast<double>(won) / static_cast<double>(pair.size());
}
double points_per_deal(const PairResult& pair) {
    int deals = 0;
    double points = 0;
    for (const MatchResult& m : pair) deals += m.deals, points += m.a_minus_b_points;
    return deals ? points / deals : 0.0;
}

}  // namespace

Estimate estimate(const std::vector<double>& xs) {
    Estimate e;
    if (xs.empty()) return e;
    double sum = 0;
    for (double x : xs) sum += x;
    e.mean = sum / static_cast<double>(xs.size());
    double var = 0;
    for (double x : xs) var += (x - e.mean) * (x - e.mean);
    const double n = static_cast<double>(xs.size());
    const double half = xs.size() > 1 ? 1.96 * std::sqrt(var / (n - 1) / n) : 0.0;
    e.low = e.mean - half;
    e.high = e.mean + half;
    return e;
}

std::optional<RobotSpec> parse_robot_spec(const std::string& text) {
    RobotSpec spec;
    spec.name = text;
    std::istringstream in(text);
    std::getline(in, spec.kind, ':');
    if (spec.kind != "ismcts" && spec.kind != "oracle" && !ai::parse_level(spec.kind)) return std::nullopt;
    for (std::string part; std::getline(in, part, ':');) {
        const auto eq = part.find('=');
        if (eq == std::string::npos) return std::nullopt;
        const std::string key = part.substr(0, eq), value = part.substr(eq + 1);
        try {
            if (key == "scale")
                spec.scale = std::stod(value);
            else if (key == "ms")
                spec.budget_ms = std::stoi(value);
            else if (key == "worlds" || key == "over" || key == "exact" || key == "horizon" || key == "bidworlds" ||
                     key == "bidhorizon" || key == "bidover" || key == "caution" || key == "nodes" || key == "tree" ||
                     key == "suretake" || key == "mintrumps" || key == "mintake" || key == "readcontre" ||
                     key == "oneownsuit" || key == "jumpslack" || key == "handicap" || key == "treefrom" ||
                     key == "offmodel" || key == "pool" || key == "chancetricks" || key == "pointties" ||
                     (key.size() >= 2 && key[0] == 'd' && std::isdigit(static_cast<unsigned char>(key[1]))))
                spec.tuning.emplace_back(key, std::stoi(value));
            else if (key == "bid" && (ai::parse_level(value) || value == "oracle"))
                spec.bid = value;
            else if (key == "iterations" && spec.kind == "ismcts")
                spec.iterations = std::stoi(value);
            else
                return std::nullopt;
        } catch (const std::exception&) {
            return std::nullopt;
        }
    }
    if (spec.kind == "ismcts" && spec.iterations == 0 && spec.budget_ms == 0) spec.budget_ms = 100;
    return spec;
}

Robot make_robot(const RobotSpec& spec) {
    if (!spec.bid.empty()) {
        RobotSpec player = spec, bidder;
        player.bid.clear();
        bidder.kind = spec.bid;
        bidder.scale = spec.scale;
        bidder.tuning = spec.tuning;
        bidder.budget_ms = spec.budget_ms;
        return [play = make_robot(player), bid = make_robot(bidder)](const View& view, const Match& match,
                                                                     std::uint64_t seed) {
            return view.phase == Phase::Auction ? bid(view, match, seed) : play(view, match, seed);
        };
    }
    if (spec.kind == "oracle") {
        auto oracle = std::make_shared<Oracle>();
        return [oracle](const View& view, const Match& match, std::uint64_t seed) {
            return oracle->decide(view, match, seed);
        };
    }
    if (spec.kind == "ismcts") {
        IsmctsSettings s;
        s.iterations = spec.iterations;
        s.time = std::chrono::milliseconds(spec.budget_ms);
        // The reference's 100 ms are CPU time of its thread: on a shared machine a wall-clock budget
        // would hand it a varying fraction of a core (about 45 ms of CPU at a load of 5).
        s.clock = [] {
            return std::chrono::steady_clock::time_point(
                std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                    std::chrono::duration<double, std::milli>(thread_cpu_ms())));
        };
        return [s](const View& view, const Match&, std::uint64_t seed) { return ismcts_decide(view, s, seed); };
    }
    ai::RobotSettings s;
    s.level = *ai::parse_level(spec.kind);
    s.work_scale = spec.scale;
    if (!spec.tuning.empty() && s.level != ai::Level::Easy) {
        return [spec](const View& view, const Match&, std::uint64_t seed) {
            ai::LevelParams p = ai::level_params(*ai::parse_level(spec.kind), view.options.variant, spec.scale);
            int exact = -1, early = -1;
            for (const auto& [key, value] : spec.tuning) {
                if (key == "worlds") p.play.worlds = value;
                if (key == "over") p.play.oversample = value;
                if (key == "exact") exact = value;
                if (key == "horizon") early = value;
                if (key == "nodes") p.play.node_budget = static_cast<std::uint64_t>(value) * 1000;
                if (key == "tree") p.play.tree_iterations = value;
                if (key == "treefrom") p.play.tree_from = value;
                if (key == "bidworlds") p.bid.worlds = value, p.heuristic_bidding = false;
                if (key == "bidhorizon") p.bid.horizon = value;
                if (key == "bidover") p.bid.oversample = value;
                if (key == "caution") p.bid.caution = value;
                if (key == "handicap") p.bid.declarer_handicap = value;
                if (key == "offmodel") p.play.off_model_play = value / 100.0;
                if (key == "pool") p.play.chance_pool = value;
                if (key == "chancetricks") p.play.chance_tricks = value;
                if (key == "suretake") p.bid.sure_take = value;
                if (key == "mintrumps") p.bid.min_trumps = value;
                if (key == "readcontre") p.bid.read_contre = value != 0;
                if (key == "oneownsuit") p.bid.one_own_suit = value != 0;
                if (key == "jumpslack") p.bid.jump_slack = value;
                if (key == "mintake") p.bid.min_take = value;
                if (key == "pointties") p.play.point_ties = value != 0;
            }
            for (int n = 1; n <= 16; ++n) {
                if (exact >= 0 && n <= exact) p.play.depth[n] = static_cast<std::int8_t>(n);
                if (early >= 0 && n > std::max(exact, 0)) p.play.depth[n] = static_cast<std::int8_t>(early);
            }
            for (const auto& [key, value] : spec.tuning)
                if (key.size() >= 2 && key[0] == 'd' && std::isdigit(static_cast<unsigned char>(key[1])))
                    p.play.depth[std::stoi(key.substr(1))] = static_cast<std::int8_t>(value);
            ai::RobotSettings b;
            if (spec.budget_ms > 0) {
                b.time_budget = std::chrono::milliseconds(spec.budget_ms);
                b.clock = steady_now;
            }
            return ai::decide_with(view, p, ai::Budget(b), seed);
        };
    }
    if (spec.budget_ms > 0) {
        s.time_budget = std::chrono::milliseconds(spec.budget_ms);
        s.clock = steady_now;
    }
    return [s](const View& view, const Match&, std::uint64_t seed) { return ai::decide(view, s, seed); };
}

int matches_per_pair(const MatchOptions& options) { return seat_count(options.variant) == 3 ? 3 : 2; }

PairResult play_pair(const ArenaConfig& config, int index, Timing& timing) {
    const std::array<Robot, 4> robots{make_robot(config.a), make_robot(config.a_partner.value_or(config.a)),
                                      make_robot(config.b), make_robot(config.b_partner.value_or(config.b))};
    const std::uint64_t pair_seed = mix(config.seed * 1000003 + static_cast<std::uint64_t>(index));
    PairResult pair;
    for (int m = 0; m < matches_per_pair(config.options); ++m)
        pair.push_back(play_match(config, robots, pair_seed, m, timing));
    return pair;
}

ArenaSummary summarize(const std::vector<PairResult>& results, const Timing& timing, int opponents) {
    ArenaSummary s;
    s.opponents = opponents;
    std::vector<double> wins, points;
    for (const PairResult& pair : results) {
        s.pairs += 1;
        s.matches += static_cast<int>(pair.size());
        for (const MatchResult& m : pair) {
            s.deals += m.deals;
            for (int side = 0; side < 2; ++side) {
                s.taken[side] += m.taken[side];
                s.failed[side] += m.failed[side];
                s.litige[side] += m.litige[side];
            }
        }
        wins.push_back(win_share(pair));
        points.push_back(points_per_deal(pair));
    }
    s.win_rate = estimate(wins);
    s.points_per_deal = estimate(points);
    s.elo = {elo_of(s.win_rate.mean, opponents), elo_of(s.win_rate.low, opponents), elo_of(s.win_rate.high, opponents)};
    s.a_time = percentiles(timing.a_ms);
    s.b_time = percentiles(timing.b_ms);
    s.a_cpu = percentiles(timing.a_cpu);
    s.b_cpu = percentiles(timing.b_cpu);
    s.a_decisions = static_cast<int>(timing.a_ms.size());
    s.b_decisions = static_cast<int>(timing.b_ms.size());
    return s;
}

PairedDifference paired_difference(const std::vector<PairResult>& x, const std::vector<PairResult>& y) {
    std::vector<double> wins, points;
    for (std::size_t i = 0; i < std::min(x.size(), y.size()); ++i) {
        wins.push_back(win_share(x[i]) - win_share(y[i]));
        points.push_back(points_per_deal(x[i]) - points_per_deal(y[i]));
    }
    return {static_cast<int>(wins.size()), estimate(wins), estimate(points)};
}

std::string format_summary(const ArenaConfig& config, const ArenaSummary& s) {
    std::ostringstream out;
    out.setf(std::ios::fixed);
    out.precision(1);
    auto side = [](const RobotSpec& main, const std::optional<RobotSpec>& partner) {
        return partner ? main.name + " + " + partner->name : main.name;
    };
    out << "variant " << to_string(config.options.variant) << ", target " << config.options.target
        << ": A = " << side(config.a, config.a_partner) << ", B = " << side(config.b, config.b_partner) << "\n";
    out << "pairs " << s.pairs << " (matches " << s.matches << ", deals " << s.deals << ")\n";
    out << "A match wins " << 100 * s.win_rate.mean << "% [" << 100 * s.win_rate.low << ", " << 100 * s.win_rate.high
        << "] (equal strength: " << 100.0 / (s.opponents + 1) << "%)\n";
    out << "A points per deal " << s.points_per_deal.mean << " [" << s.points_per_deal.low << ", "
        << s.points_per_deal.high << "]\n";
    out << "A Elo " << s.elo.mean << " [" << s.elo.low << ", " << s.elo.high << "]\n";
    // Contracts are not kept in pair files: a summary from --merge has none.
    for (int side = 0; side < 2 && s.taken[0] + s.taken[1] > 0; ++side) {
        const int taken = std::max(1, s.taken[side]);
        out << (side == 0 ? "A" : "B") << " took " << 100.0 * s.taken[side] / std::max(1, s.deals)
            << "% of deals: failed " << 100.0 * s.failed[side] / taken << "%, litige " << 100.0 * s.litige[side] / taken
            << "%\n";
    }
    out.precision(2);
    out << "A decision ms p50 " << s.a_time[0] << " p99 " << s.a_time[1] << " max " << s.a_time[2] << " ("
        << s.a_decisions << " decisions)\n";
    out << "B decision ms p50 " << s.b_time[0] << " p99 " << s.b_time[1] << " max " << s.b_time[2] << " ("
        << s.b_decisions << " decisions)\n";
    out << "A decision cpu ms p50 " << s.a_cpu[0] << " p99 " << s.a_cpu[1] << " max " << s.a_cpu[2] << "\n";
    out << "B decision cpu ms p50 " << s.b_cpu[0] << " p99 " << s.b_cpu[1] << " max " << s.b_cpu[2] << "\n";
    return out.str();
}

}  // namespace belote::arena
