#include "engine/match.hpp"

#include <algorithm>
#include <stdexcept>

#include "engine/coinche_scoring.hpp"
#include "engine/decouverte_scoring.hpp"
#include "engine/legal.hpp"

namespace belote {
namespace {
constexpr int belote_bonus = 20;
}  // namespace

std::optional<Team> match_winner(const std::array<int, 2>& totals, int target) {
    bool reached = totals[0] >= target || totals[1] >= target;
    if (!reached || totals[0] == totals[1]) return std::nullopt;
    return totals[0] > totals[1] ? 0 : 1;
}

Match::Match(MatchOptions options, std::uint64_t seed)
    : options_(options), seed_(seed), rng_(seed), seats_(seat_count(options.variant)) {
    if (auto problem = validate(options_)) throw std::invalid_argument(*problem);
}

std::vector<Event> Match::start(std::optional<Seat> first_dealer) {
    std::vector<Event> out;
    if (phase_ != Phase::NotStarted) return out;
    Seat dealer = first_dealer ? *first_dealer : static_cast<Seat>(rng_.below(seats_));  // §2.1: at random
    out.push_back(MatchStarted{options_, dealer});
    start_deal(dealer, out);
    return out;
}

Deck Match::prepare_deck() {
    if (!preset_decks_.empty()) {
        Deck deck = preset_decks_.front();
        preset_decks_.pop_front();
        return deck;
    }
    Deck deck;
    if (effective_shuffle_policy(options_) == ShufflePolicy::ShuffleOnceThenCut && gathered_) {
        deck = *gathered_;
    } else {
        deck = ordered_deck();
        shuffle(deck, rng_);
    }
    cut(deck, rng_, options_.rules.cut_min_packet);
    return deck;
}

// §2.2: packets go to each seat in play order from the eldest, ending with the dealer.
void Match::deal_packets(std::vector<int> packet_sizes) {
    for (int size : packet_sizes)
        for (int i = 0; i < seats_; ++i) {
            Seat s = (eldest() + i) % seats_;
            for (int k = 0; k < size; ++k) deal_.hands[s].insert(deal_.deck[deal_.next_card++]);
        }
}

void Match::start_deal(Seat dealer, std::vector<Event>& out) {
    deal_ = DealState{};
    deal_.number = static_cast<int>(deal_records_.size()) + 1;
    deal_.dealer = dealer;
    deal_.deck = prepare_deck();
    deal_records_.push_back({dealer, deal_.deck});
    if (is_coinche()) return start_coinche_deal(out);
    if (is_decouverte()) return start_decouverte_deal(out);
    deal_packets(options_.rules.classic_first_deal_2_3 ? std::vector{2, 3} : std::vector{3, 2});
    deal_.turn_up = deal_.deck[deal_.next_card++];
    phase_ = Phase::Auction;

    DealStarted started{deal_.number, dealer, deal_.turn_up, {}, {}};
    for (Seat s = 0; s < seats_; ++s) {
        started.hands[s] = deal_.hands[s];
        started.hand_sizes[s] = deal_.hands[s].size();
    }
    out.push_back(started);
    announce_turn(eldest(), out);
}

void Match::announce_turn(Seat seat, std::vector<Event>& out) {
    deal_.turn = seat;
    out.push_back(TurnStarted{seat, phase_ == Phase::Auction, legal_actions(seat)});
}

std::optional<Seat> Match::to_act() const {
    if (phase_ == Phase::Auction || phase_ == Phase::Play) return deal_.turn;
    return std::nullopt;
}

// §2.3: round 1 take or pass; round 2 name one of the other three suits (or any with the option) or pass.
std::vector<Action> Match::auction_actions() const {
    if (is_coinche()) return deal_.coinche->legal();
    std::vector<Action> actions{Action::pass()};
    if (deal_.auction_round == 1) {
        actions.push_back(Action::take());
        return actions;
    }
    for (int s = 0; s < suit_count; ++s) {
        Suit suit = static_cast<Suit>(s);
        if (suit != deal_.turn_up->suit() || options_.rules.round2_allow_turned_suit)
            actions.push_back(Action::name_suit(suit));
    }
    return actions;
}

std::vector<Action> Match::legal_actions(Seat seat) const {
    if (to_act() != seat) return {};
    if (phase_ == Phase::Auction) return auction_actions();
    std::vector<Action> actions;
    CardSet legal = legal_cards(playable(seat), deal_.trick, *deal_.contract, options_.rules.play, seats_ == 4);
    for (Card c : legal) actions.push_back(Action::play(c));
    return actions;
}

ApplyResult Match::apply(Seat seat, const Action& action) {
    ApplyResult result;
    auto refuse = [&](RejectReason reason, std::string message) {
        result.reason = reason;
        result.message = std::move(message);
        return result;
    };
    if (phase_ == Phase::NotStarted) return refuse(RejectReason::NotStarted, "the match has not started");
    if (phase_ == Phase::Finished) return refuse(RejectReason::MatchOver, "the match is over");
    if (to_act() != seat) return refuse(RejectReason::NotYourTurn, "it is not your turn");
    auto legal = legal_actions(seat);
    if (std::find(legal.begin(), legal.end(), action) == legal.end())
        return refuse(RejectReason::IllegalAction, to_string(action) + " is not a legal action now");

    if (phase_ == Phase::Auction)
        apply_auction(seat, action, result.events);
    else
        apply_play(seat, action.card, result.events);
    return result;
}

// The cards `seat` may choose from: its hand, or in Découverte its available tableau cards (§6.4).
CardSet Match::playable(Seat seat) const {
    return is_decouverte() ? deal_.tableaux[seat].available() : deal_.hands[seat];
}

void Match::apply_auction(Seat seat, const Action& action, std::vector<Event>& out) {
    if (is_coinche()) return apply_coinche_auction(seat, action, out);
    deal_.calls.push_back({seat, action});
    out.push_back(AuctionCall{seat, action});
    if (action.kind == ActionKind::Take) return settle_contract(seat, Contract::suit(deal_.turn_up->suit()), out);
    if (action.kind == ActionKind::NameSuit) return settle_contract(seat, action.contract, out);

    if (++deal_.passes_in_round < seats_) return announce_turn(next(seat), out);
    if (deal_.auction_round == 1) {
        deal_.auction_round = 2;
        deal_.passes_in_round = 0;
        return announce_turn(eldest(), out);
    }
    // Everyone passed twice: the deal is thrown in, not scored (§2.3, §6.3).
    throw_in(out);
}

// No score; the cards are gathered in dealt order (§11.8) and the next dealer deals (§2.3, §4.2, §6.3).
void Match::throw_in(std::vector<Event>& out) {
    Seat next_dealer = options_.rules.redeal_dealer_same ? deal_.dealer : next(deal_.dealer);
    gathered_ = deal_.deck;
    out.push_back(DealThrownIn{next_dealer});
    start_deal(next_dealer, out);
}

// §2.2 step 4: the taker receives the turn-up and 2 cards, the others 3, in play order from the eldest.
// Découverte (§6.3): the indicator stays in the dealer's tableau; nothing is dealt.
void Match::settle_contract(Seat taker, Contract contract, std::vector<Event>& out) {
    deal_.taker = taker;
    deal_.contract = contract;
    ContractSettled settled{taker, contract, {}};
    if (!is_decouverte()) {
        deal_.hands[taker].insert(*deal_.turn_up);
        for (int i = 0; i < seats_; ++i) {
            Seat s = (eldest() + i) % seats_;
            int count = s == taker ? 2 : 3;
            for (int k = 0; k < count; ++k) deal_.hands[s].insert(deal_.deck[deal_.next_card++]);
        }
        for (Seat s = 0; s < seats_; ++s) settled.hands[s] = deal_.hands[s];
    }
    out.push_back(settled);
    begin_play(out);
}

// Hands are final: find belote holders and combinations, and let the eldest lead trick 1 (§2.4, §4.2, §6.5).
void Match::begin_play(std::vector<Event>& out) {
    deal_.tally.takers = team_of(*deal_.taker);
    find_belote_holders();
    phase_ = Phase::Play;
    if (uses_melds(options_)) find_melds(out);
    deal_.trick = Trick(eldest(), seats_);
    announce_turn(eldest(), out);
}

// §2.5 belote: trump K+Q. CO §4.3: none in SA; in TA each suit's K+Q (ta_belote = each_suit). DE: none (§6.6).
void Match::find_belote_holders() {
    if (is_decouverte()) return;
    const Contract& contract = *deal_.contract;
    for (int su = 0; su < suit_count; ++su) {
        Suit suit = static_cast<Suit>(su);
        bool counts = contract.kind == ContractKind::SuitTrump  ? suit == contract.trump
                      : contract.kind == ContractKind::AllTrump ? options_.rules.coinche.ta_belote == TaBelote::EachSuit
                                                                : false;
        if (!counts) continue;
        CardSet honours{Card(Rank::King, suit), Card(Rank::Queen, suit)};
        for (Seat s = 0; s < seats_; ++s)
            if ((deal_.hands[s] & honours) == honours) deal_.belote_holder[su] = s;
    }
}

// §3.1/§3.2 (melds = auto): each seat's combinations from its 8 cards at the start of trick 1.
void Match::find_melds(std::vector<Event>& out) {
    MeldsFound found;
    for (Seat s = 0; s < seats_; ++s) {
        deal_.melds[s] = belote::find_melds(deal_.hands[s], options_.rules.melds.long_run);
        found.melds[s] = deal_.melds[s];
    }
    out.push_back(found);
}

// §3.2/§3.3: trick 1 is complete; the side with the best combination counts all of its combinations
// and shows them as trick 2 starts. The other side's stay hidden.
void Match::show_melds(std::vector<Event>& out) {
    deal_.meld_result = resolve_melds(deal_.melds, *deal_.contract, eldest(), options_.rules.melds.equal_tiebreak);
    deal_.tally.melds = deal_.meld_result.points;
    if (!deal_.meld_result.winner) return;
    Team team = *deal_.meld_result.winner;
    MeldsShown shown{team, {}, deal_.meld_result.points[team]};
    for (int i = 0; i < seats_; ++i) {
        Seat s = (eldest() + i) % seats_;
        if (team_of(s) == team && !deal_.melds[s].empty()) shown.melds.push_back({s, deal_.melds[s]});
    }
    deal_.shown_melds = shown.melds;
    out.push_back(shown);
}

// §2.5, auto mode: the holder of a belote suit's K+Q is credited 20 when playing the first of them.
BeloteCall Match::belote_call(Seat seat, Card card) {
    int su = static_cast<int>(card.suit());
    if (deal_.belote_holder[su] != seat) return BeloteCall::None;
    if (card.rank() != Rank::King && card.rank() != Rank::Queen) return BeloteCall::None;
    if (!deal_.belote_called[su]) {
        deal_.belote_called[su] = seat;
        if (!deal_.belote_seat) deal_.belote_seat = seat;
        deal_.tally.belote[team_of(seat)] += belote_bonus;
        return BeloteCall::Belote;
    }
    return BeloteCall::Rebelote;
}

void Match::apply_play(Seat seat, Card card, std::vector<Event>& out) {
    if (is_decouverte()) return play_from_tableau(seat, card, out);
    deal_.hands[seat].erase(card);
    deal_.trick.add(card);
    out.push_back(CardPlayed{seat, card, belote_call(seat, card)});
    if (deal_.trick.complete()) return finish_trick(out);
    announce_turn(deal_.trick.next_seat(), out);
}

void Match::finish_trick(std::vector<Event>& out) {
    const Trick& trick = deal_.trick;
    Seat winner = trick.winner(*deal_.contract);
    int points = trick.points(*deal_.contract);
    Team team = team_of(winner);
    deal_.tally.card_points[team] += points;
    deal_.tally.tricks[team] += 1;
    deal_.tricks.push_back(trick);
    deal_.last_trick = trick;
    out.push_back(TrickWon{static_cast<int>(deal_.tricks.size()), winner, trick, points});
    if (static_cast<int>(deal_.tricks.size()) == tricks_per_deal()) {
        deal_.tally.last_trick_winner = team;
        return finish_deal(out);
    }
    if (is_decouverte()) reveal_after_trick(out);
    if (deal_.tricks.size() == 1 && uses_melds(options_)) show_melds(out);
    deal_.trick = Trick(winner, seats_);
    announce_turn(winner, out);
}

DealScore Match::score_deal() const {
    if (is_decouverte()) return score_decouverte_deal(deal_.tally);
    if (is_coinche())
        return score_coinche_deal(deal_.tally, *deal_.coinche->bid(), deal_.coinche->contre_level(), escrow_,
                                  options_.rules.coinche);
    return score_classic_deal(deal_.tally, escrow_, options_.rules);
}

// Dealers rotate in play order (§2.1); Découverte alternates, or the deal's winner deals (§6.1, §9).
Seat Match::next_dealer_after(const DealScore& score) const {
    if (is_decouverte() && options_.rules.decouverte.dealer == DecouverteDealer::WinnerDeals)
        return score.score[0] > score.score[1] ? 0 : 1;
    return next(deal_.dealer);
}

void Match::finish_deal(std::vector<Event>& out) {
    DealScore score = score_deal();
    escrow_ = score.escrow_after;
    for (Team t : {0, 1}) totals_[t] += score.score[t];
    history_.push_back(score);
    out.push_back(DealScored{deal_.number, score, totals_});

    Deck gathered;
    int i = 0;
    for (const Trick& trick : deal_.tricks)
        for (int k = 0; k < trick.size(); ++k) gathered[i++] = trick.card(k);
    gathered_ = gathered;

    winner_ = match_winner(totals_, options_.target);
    if (winner_) {
        phase_ = Phase::Finished;
        deal_.turn.reset();
        out.push_back(MatchEnded{*winner_, totals_});
        return;
    }
    start_deal(next_dealer_after(score), out);
}

View Match::view(const Observer& observer) const {
    View v;
    v.observer = observer;
    v.options = options_;
    v.seats = seats_;
    v.phase = phase_;
    v.deal_number = deal_.number;
    v.dealer = deal_.dealer;
    if (phase_ == Phase::Auction) v.turn_up = deal_.turn_up;
    if (observer.seat && *observer.seat < seats_) v.hand = playable(*observer.seat);
    for (Seat s = 0; s < seats_; ++s)
        v.hand_sizes[s] = is_decouverte() ? deal_.tableaux[s].cards_left() : deal_.hands[s].size();
    v.auction_round = deal_.auction_round;
    v.auction = deal_.calls;
    v.taker = deal_.taker;
    v.contract = deal_.contract;
    v.belote_seat = deal_.belote_seat;
    v.trick = deal_.trick;
    v.last_trick = deal_.last_trick;
    v.tricks_played = static_cast<int>(deal_.tricks.size());
    v.tricks_won = deal_.tally.tricks;
    v.card_points_won = deal_.tally.card_points;
    v.totals = totals_;
    v.escrow = escrow_;
    v.to_act = to_act();
    if (observer.seat && v.to_act == observer.seat) v.legal = legal_actions(*observer.seat);
    v.history = history_;
    v.winner = winner_;
    if (deal_.coinche) {
        v.bid = deal_.coinche->bid();
        v.contre_level = deal_.coinche->contre_level();
        v.contrer = deal_.coinche->contrer();
    }
    if (observer.seat && *observer.seat < seats_ && phase_ == Phase::Play) v.own_melds = deal_.melds[*observer.seat];
    v.meld_winner = deal_.meld_result.winner;
    v.shown_melds = deal_.shown_melds;
    if (!deal_.tricks.empty()) v.meld_points = deal_.tally.melds;
    v.belote_by_suit = deal_.belote_called;
    if (is_decouverte() && phase_ != Phase::NotStarted)
        for (Seat s = 0; s < seats_; ++s) v.tableaux.push_back(deal_.tableaux[s].view());
    v.tricks = deal_.tricks;
    if (phase_ != Phase::NotStarted) v.deal_turn_up = deal_.turn_up;
    return v;
}

}  // namespace belote
