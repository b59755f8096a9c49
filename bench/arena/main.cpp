// belote-arena: mirrored duplicate matches between two robot configurations (docs/robots.md).
//   belote-arena --variant classic --a expert --b easy --pairs 1000
//   belote-arena --variant coinche --a expert --a-partner easy --b easy --pairs 500   (partner test)
//   belote-arena --variant three_player --a expert --b easy --pairs 500   (one A against two B, 3 matches a pair)
// Prints the summary (match win %, points per deal, Elo with 95% intervals, decision times); with
// --pairs-out FILE also one line per pair, so that long runs can be split and merged (--merge), and
// two runs over the same pairs compared pair by pair (--merge FILE --baseline FILE).
#include <CLI/CLI.hpp>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "bench/arena/arena.hpp"

namespace {

using namespace belote;
using namespace belote::arena;

RobotSpec spec_or_exit(const std::string& text) {
    auto spec = parse_robot_spec(text);
    if (!spec) {
        std::cerr
            << "unknown robot '" << text
            << "' (easy|medium|hard|expert[:scale=S][:ms=B][:bid=LEVEL] | ismcts[:ms=B|:iterations=N] | oracle)\n";
        std::exit(2);
    }
    return *spec;
}

// Reads pair files written by --pairs-out, by pair index: one line per pair, its index, then per
// match the winner flag (A won), the deals and A's points minus B's. A line without `matches`
// matches (cut short, or written for another variant) is left out.
std::map<int, PairResult> read_pairs(const std::vector<std::string>& files, int matches) {
    std::map<int, PairResult> results;
    for (const std::string& file : files) {
        std::ifstream in(file);
        for (std::string line; std::getline(in, line);) {
            std::istringstream fields(line);
            int index = 0, won = 0, deals = 0;
            double points = 0;
            PairResult pair;
            fields >> index;
            while (fields >> won >> deals >> points) pair.push_back(MatchResult{won != 0, deals, points});
            if (static_cast<int>(pair.size()) == matches) results[index] = pair;
        }
    }
    return results;
}

std::vector<PairResult> in_order(const std::map<int, PairResult>& pairs) {
    std::vector<PairResult> out;
    for (const auto& [index, pair] : pairs) out.push_back(pair);
    return out;
}

// The pairs that both runs played, each in index order: a pair of `x`, the same pair of `y`.
std::pair<std::vector<PairResult>, std::vector<PairResult>> common_pairs(const std::map<int, PairResult>& x,
                                                                         const std::map<int, PairResult>& y) {
    std::pair<std::vector<PairResult>, std::vector<PairResult>> out;
    for (const auto& [index, pair] : x) {
        const auto same = y.find(index);
        if (same == y.end()) continue;
        out.first.push_back(pair);
        out.second.push_back(same->second);
    }
    return out;
}

std::string signed_estimate(const Estimate& e, double unit) {
    std::ostringstream out;
    out.setf(std::ios::fixed | std::ios::showpos);
    out.precision(1);
    out << unit * e.mean << " [" << unit * e.low << ", " << unit * e.high << "]";
    return out.str();
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"belote-arena: mirrored duplicate matches between two robot configurations"};
    std::string variant = "classic", a = "expert", b = "easy", a_partner, b_partner, pairs_out;
    std::vector<std::string> merge, baseline;
    int pairs = 10, target = 1000, first = 0, progress = 0;
    std::uint64_t seed = 1;
    app.add_option("--variant", variant, "classic | classic_announcements | coinche | decouverte | three_player");
    app.add_option("--a", a, "side A's robot");
    app.add_option("--b", b, "side B's robot");
    app.add_option("--a-partner", a_partner, "side A's second seat (partner test); default: same as --a");
    app.add_option("--b-partner", b_partner, "side B's second seat; default: same as --b");
    app.add_option("--pairs", pairs, "mirrored pairs to play (2 matches each; 3 at three players, A on each seat)");
    app.add_option("--first-pair", first, "index of the first pair (to split a run across processes)");
    app.add_option("--seed", seed, "seed of the run (pair i's deals derive from it and i)");
    app.add_option("--target", target, "match target: 301, 501 or 1000");
    app.add_option("--pairs-out", pairs_out, "append one line per pair to this file");
    app.add_option("--merge", merge, "summarise pair files written by --pairs-out instead of playing")
        ->check(CLI::ExistingFile);
    app.add_option("--baseline", baseline,
                   "with --merge: pair files of another side A against the same B, seed and variant; prints the "
                   "paired difference over the pairs both played")
        ->check(CLI::ExistingFile);
    app.add_option("--progress", progress, "print the summary every N pairs (0 = only at the end)");
    CLI11_PARSE(app, argc, argv);

    ArenaConfig config;
    auto v = parse_variant(variant);
    if (!v) {
        std::cerr << "unknown variant '" << variant << "'\n";
        return 2;
    }
    config.options.variant = *v;
    config.options.target = target;
    if (auto problem = validate(config.options)) {
        std::cerr << *problem << "\n";
        return 2;
    }
    config.a = spec_or_exit(a);
    config.b = spec_or_exit(b);
    if (!a_partner.empty()) config.a_partner = spec_or_exit(a_partner);
    if (!b_partner.empty()) config.b_partner = spec_or_exit(b_partner);
    config.seed = seed;
    config.pairs = pairs;
    const int opponents = matches_per_pair(config.options) - 1;
    if (opponents == 2 && (config.a.kind == "ismcts" || config.b.kind == "ismcts" || config.a_partner ||
                           (config.b_partner && config.b_partner->kind == "ismcts"))) {
        std::cerr
            << "three_player: side A is one seat (no --a-partner), and the ISMCTS reference plays two sides only\n";
        return 2;
    }
    auto uses_oracle = [](const RobotSpec& s) { return s.kind == "oracle" || s.bid == "oracle"; };
    if (seat_count(config.options.variant) != 4 &&
        (uses_oracle(config.a) || uses_oracle(config.b) || (config.a_partner && uses_oracle(*config.a_partner)) ||
         (config.b_partner && uses_oracle(*config.b_partner)))) {
        std::cerr << "the oracle plays four-seat variants only (classic, classic_announcements, coinche)\n";
        return 2;
    }

    std::vector<PairResult> results;
    Timing timing;
    if (!merge.empty()) {
        const auto merged = read_pairs(merge, opponents + 1);
        if (merged.empty()) {
            std::cerr << "no complete pair of " << opponents + 1
                      << " matches in the --merge files (another --variant?)\n";
            return 2;
        }
        std::cout << format_summary(config, summarize(in_order(merged), timing, opponents));
        if (!baseline.empty()) {
            const auto [x, y] = common_pairs(merged, read_pairs(baseline, opponents + 1));
            if (x.empty()) {
                std::cerr << "the --baseline files hold none of the merged pairs\n";
                return 2;
            }
            const PairedDifference d = paired_difference(x, y);
            std::cout << "A minus the baseline's A over " << d.pairs << " common pairs: match wins "
                      << signed_estimate(d.win_rate, 100) << " percentage points, points per deal "
                      << signed_estimate(d.points_per_deal, 1) << "\n";
        }
        return 0;
    }
    std::ofstream out;
    if (!pairs_out.empty()) {
        out.open(pairs_out, std::ios::app);
        if (!out) {
            std::cerr << "cannot append to the pair file '" << pairs_out << "'\n";
            return 2;
        }
    }
    for (int i = first; i < first + pairs; ++i) {
        const PairResult pair = play_pair(config, i, timing);
        results.push_back(pair);
        if (out) {
            out << i;
            for (const MatchResult& m : pair) out << ' ' << m.a_won << ' ' << m.deals << ' ' << m.a_minus_b_points;
            out << std::endl;
        }
        if (progress > 0 && (i - first + 1) % progress == 0)
            std::cout << format_summary(config, summarize(results, timing, opponents)) << std::endl;
    }
    std::cout << format_summary(config, summarize(results, timing, opponents));
    return 0;
}
