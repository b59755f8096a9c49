#pragma once
// Helpers for the robots' tests: random rule options, playing matches with robots, and a canonical
// text form of a view (to compare two views field by field).

#include <array>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "ai/robot.hpp"
#include "engine/match.hpp"

namespace belote::ai::testing {

/// The cards of `text`, short names separated by spaces ("JH 9H AS"); each must parse.
CardSet cards(const std::string& text);

/// The view of the seat to act in a Coinche match to 1000 (default rules) whose first deal, dealt by
/// `dealer`, gives `hands` (seats 0..3), after `actions` (seat, action) applied in order; each must
/// be accepted. The deck is found by dealing an ordered deck once and seeing where each card went.
View coinche_view_of_hands(const std::array<CardSet, 4>& hands, Seat dealer,
                           const std::vector<std::pair<Seat, Action>>& actions = {});

/// Valid match options of `variant` with some §9 options drawn at random from `rng`.
MatchOptions random_options(Variant variant, Rng& rng);

/// Every field of a view that a robot may read, as text; equal texts mean equal views.
std::string fingerprint(const View& view);

/// One action taken in a match, for replays.
struct Step {
    Seat seat = 0;
    Action action;
};

/// Plays `match` (started) with `robot` for every seat until `stop` returns true before a decision
/// or the match ends; returns the actions applied. Fails the test on an illegal action.
std::vector<Step> play_until(Match& match, const std::function<Action(const View&, std::uint64_t)>& robot,
                             const std::function<bool(const Match&)>& stop, std::uint64_t seed);

}  // namespace belote::ai::testing
