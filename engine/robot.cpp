#include "engine/robot.hpp"

#include <algorithm>

namespace belote {
namespace {

constexpr int take_threshold_round1 = 42;
constexpr int take_threshold_round2 = 38;

// `margin` (a few points either way, drawn per decision) keeps robots from being perfectly predictable.
Action choose_auction(const View& view, int margin) {
  Action best = Action::pass();
  int best_score = 0;
  for (const Action& a : view.legal) {
    int score = 0;
    if (a.kind == ActionKind::Take) {
      CardSet with_turn_up = view.hand;
      with_turn_up.insert(*view.turn_up);
      score = evaluate_hand(with_turn_up, view.turn_up->suit()) - take_threshold_round1 + margin;
    } else if (a.kind == ActionKind::NameSuit) {
      score = evaluate_hand(view.hand, a.contract.trump) - take_threshold_round2 + margin;
    } else {
      continue;
    }
    if (score >= best_score) {
      best = a;
      best_score = score;
    }
  }
  return best;
}

CardSet legal_set(const View& view) {
  CardSet set;
  for (const Action& a : view.legal) set.insert(a.card);
  return set;
}

// Lowest value card, preferring non-trumps and low strength: what to throw away.
Card cheapest(CardSet cards, const Contract& contract) {
  auto cost = [&](Card c) {
    return card_points(c, contract) * 10 + strength_in_suit(c, contract) + (contract.ranks_as_trump(c.suit()) ? 100 : 0);
  };
  return *std::min_element(cards.begin(), cards.end(), [&](Card a, Card b) { return cost(a) < cost(b); });
}

// Highest-point card that is not a trump if possible: what to give a partner who wins.
Card richest(CardSet cards, const Contract& contract) {
  auto value = [&](Card c) { return card_points(c, contract) - (contract.ranks_as_trump(c.suit()) ? 50 : 0); };
  return *std::max_element(cards.begin(), cards.end(), [&](Card a, Card b) { return value(a) < value(b); });
}

Card choose_lead(const View& view, CardSet legal, const Contract& contract) {
  Seat me = *view.observer.seat;
  bool our_contract = view.taker && team_of(*view.taker) == team_of(me);
  CardSet trumps = contract.kind == ContractKind::SuitTrump ? legal.suit(contract.trump) : CardSet{};
  if (our_contract && trumps.contains(Card(Rank::Jack, contract.trump))) return Card(Rank::Jack, contract.trump);
  for (int s = 0; s < suit_count; ++s) {
    Card ace(Rank::Ace, static_cast<Suit>(s));
    if (legal.contains(ace) && !contract.ranks_as_trump(ace.suit())) return ace;
  }
  CardSet plain = legal - trumps;
  return cheapest(plain.empty() ? legal : plain, contract);
}

Card choose_follow(const View& view, CardSet legal, const Contract& contract) {
  Seat me = *view.observer.seat;
  const Trick& trick = view.trick;
  Seat winner = trick.winner(contract);
  bool partner_winning = view.seats == 4 && team_of(winner) == team_of(me);
  bool last_to_play = trick.size() == view.seats - 1;
  if (partner_winning && (last_to_play || strength_in_suit(trick.card(trick.winning_index(contract)), contract) >= 6))
    return richest(legal, contract);

  CardSet winning;
  for (Card c : legal) {
    Trick probe = trick;
    probe.add(c);
    if (probe.winning_index(contract) == probe.size() - 1) winning.insert(c);
  }
  if (partner_winning || winning.empty()) return cheapest(legal, contract);
  if (last_to_play) return richest(winning, contract);
  // Win with the cheapest card that still wins.
  return cheapest(winning, contract);
}

}  // namespace

int evaluate_hand(CardSet hand, Suit trump) {
  Contract contract = Contract::suit(trump);
  CardSet trumps = hand.suit(trump);
  int score = card_points(trumps, contract) + 6 * trumps.size();
  for (Card c : hand - trumps)
    if (c.rank() == Rank::Ace) score += 10;
    else if (c.rank() == Rank::Ten && hand.contains(Card(Rank::Ace, c.suit()))) score += 5;
  return score;
}

Action robot_decide(const View& view, Rng& rng) {
  if (view.legal.empty()) return Action::pass();
  if (view.phase == Phase::Auction) return choose_auction(view, static_cast<int>(rng.below(7)) - 3);
  CardSet legal = legal_set(view);
  if (legal.size() == 1) return Action::play(legal.first());
  const Contract& contract = *view.contract;
  Card card = view.trick.empty() ? choose_lead(view, legal, contract) : choose_follow(view, legal, contract);
  return Action::play(card);
}

}  // namespace belote
