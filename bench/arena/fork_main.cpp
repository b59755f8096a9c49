// belote-fork: decisions played both ways (docs/robots.md "Decisions played both ways").
//   belote-fork --variant classic --a expert:suretake=0 --b expert --phase auction --deals 8000
//   belote-fork --variant classic --a expert --b expert:treemargin=10 --phase play --deals 300
// Over deal 1 of the matches of seeds first..first+deals-1, played by --a at every seat, each
// decision where --b acts differently is played on both ways (the deciding side by --a, the other
// side by --opponents, --playouts times each); prints how many decisions forked and B's branch minus
// A's in the deciding side's deal score, with its 95% interval over the forks.
#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>

#include "bench/arena/fork.hpp"

namespace {

using namespace belote;
using namespace belote::arena;

RobotSpec spec_or_exit(const std::string& text) {
    auto spec = parse_robot_spec(text);
    if (!spec || spec->kind == "oracle") {
        std::cerr << "unknown robot '" << text << "' (the robot specs of belote-arena, except the oracle)\n";
        std::exit(2);
    }
    return *spec;
}

}  // namespace

int main(int argc, char** argv) {
    CLI::App app{"belote-fork: where robot B acts differently from robot A, the deal played on both ways"};
    std::string variant = "classic", a = "expert", b, opponents;
    ForkConfig config;
    app.add_option("--variant", variant, "classic | classic_announcements | coinche | decouverte | three_player");
    app.add_option("--a", a, "the baseline robot, at every seat");
    app.add_option("--b", b, "the variant asked at each decision")->required();
    app.add_option("--opponents", opponents, "the other side after a fork; default: same as --a");
    app.add_option("--deals", config.deals, "first deals played (one match seed each)")->check(CLI::PositiveNumber);
    app.add_option("--first-seed", config.first_seed, "seed of the first match");
    app.add_option("--playouts", config.playouts, "play-outs of each branch")->check(CLI::PositiveNumber);
    std::string phase = "all";
    app.add_option("--phase", phase,
                   "the decisions that fork: auction (the deal stops there unless it forks), play or all")
        ->check(CLI::IsMember({"auction", "play", "all"}));
    CLI11_PARSE(app, argc, argv);
    if (phase != "all") config.phase = phase == "auction" ? Phase::Auction : Phase::Play;
    const auto parsed = parse_variant(variant);
    if (!parsed) {
        std::cerr << "unknown variant '" << variant << "'\n";
        return 2;
    }
    config.options.variant = *parsed;
    config.a = spec_or_exit(a);
    config.b = spec_or_exit(b);
    config.opponents = spec_or_exit(opponents.empty() ? a : opponents);
    const ForkReport r = run_forks(config);
    std::printf("variant %s: A = %s, B = %s, opponents = %s, %d deals from seed %llu\n", variant.c_str(), a.c_str(),
                b.c_str(), config.opponents.name.c_str(), config.deals,
                static_cast<unsigned long long>(config.first_seed));
    std::printf("B acted differently at %d of %d decisions (%.1f%%)\n", r.forks, r.decisions,
                r.decisions ? 100.0 * r.forks / r.decisions : 0.0);
    std::printf("B minus A per fork: %+.1f [%+.1f, %+.1f] deal points (%d play-outs each)\n", r.difference.mean,
                r.difference.low, r.difference.high, config.playouts);
}
