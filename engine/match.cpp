#include "engine/match.hpp"

#include <algorithm>
#include <stdexcept>

#include "engine/coinche_scoring.hpp"
#include "engine/decouverte_scoring.hpp"
#include "engine/legal.hpp"
#include "engine/three_player_scoring.hpp"

namespace belote {
namespace {
constexpr int belote_bonus = 20;
}  // namespace

std::optional<Side> match_winner(const SideValues& totals, int target) {
    Side best = 0;
    bool shared = false;
    for (Side s = 1; s < totals.size(); ++s) {
        if (totals[s] > totals[best]) {
            best = s;
            shared = false;
        } else if (totals[s] == totals[best]) {
            shared = true;
        }
    }
    if (totals[best] < target || shared) return std::nullopt;  // nobody at the target, or a tie at the top
    return best;
}

Match::Match(MatchOptions options, std::uint64_t seed)
    : options_(options), seed_(seed), rng_(seed), seats_(seat_count(options.variant)) {
    if (auto problem = validate(options_)) throw std::invalid_argument(*problem);
    totals_ = SideValues::zeros(sides());
    escrow_by_side_ = SideValues::zeros(sides());
    deal_.tally = tally_for(sides());
}

std::vector<Event> Match::start(std::optional<Seat> first_dealer) {
    std::vector<Event> out;
    if (phase_ != Phase::NotStarted) return out;
    Seat dealer = first_dealer ? *first_dealer : static_cast<Seat>(rng_.below(seats_));  // §2.1: at random
    out.push_back(MatchStarted{options_, dealer});
    start_deal(dealer, out);
    return out;
}

// With fewer cards in play (§7: 24), only those are shuffled and cut; the others stay at the end.
Deck Match::prepare_deck() {
    const int in_play = cards_in_play(options_);
    if (!preset_decks_.empty()) {
        Deck deck = preset_decks_.front();
        preset_decks_.pop_front();
        return in_play < deck_size ? with_short_pack_first(deck) : deck;
    }
    Deck deck;
    if (effective_shuffle_policy(options_) == ShufflePolicy::ShuffleOnceThenCut && gathered_) {
        deck = *gathered_;
    } else {
        deck = in_play < deck_size ? short_deck() : ordered_deck();
        shuffle(deck, rng_, in_play);
    }
    cut(deck, rng_, options_.rules.cut_min_packet, in_play);
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
    deal_.tally = tally_for(sides());
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
    // §4.2 coinche_contre_timing = any_time: a contre may come from a seat that is not to act.
    if (phase_ == Phase::Auction && is_coinche()) return deal_.coinche->legal(seat);
    if (to_act() != seat) return {};
    if (phase_ == Phase::Auction) return auction_actions();
    if (awaiting_declaration(seat)) return declare_actions(seat);
    return play_actions(seat);
}

// §1.5 legal cards; with a manual belote mode (§2.5) a card that may carry "belote" or "rebelote"
// is listed twice, with and without the words.
std::vector<Action> Match::play_actions(Seat seat) const {
    std::vector<Action> actions;
    CardSet legal = legal_cards(playable(seat), deal_.trick, *deal_.contract, options_.rules.play, seats_ == 4);
    const bool manual = options_.rules.belote.announcement != BeloteAnnouncement::Auto;
    for (Card c : legal) {
        actions.push_back(Action::play(c));
        if (!manual) continue;
        if (belote_possible(seat, c))
            actions.push_back(Action::play(c, BeloteCall::Belote));
        else if (rebelote_possible(seat, c))
            actions.push_back(Action::play(c, BeloteCall::Rebelote));
    }
    return actions;
}

// §3.2 melds = manual: in trick 1 each seat announces before it plays its card. Every seat has this
// step, with or without combinations, so that having to announce reveals nothing.
bool Match::awaiting_declaration(Seat seat) const {
    return phase_ == Phase::Play && uses_melds(options_) &&
           options_.rules.melds.declaration == MeldDeclaration::Manual && deal_.tricks.empty() &&
           !deal_.announced[seat];
}

// One Declare action per subset of the seat's combinations (found at the start of trick 1), the
// empty announcement first.
std::vector<Action> Match::declare_actions(Seat seat) const {
    const std::vector<Meld>& found = deal_.melds[seat];
    std::vector<Action> actions;
    for (unsigned mask = 0; mask < (1u << found.size()); ++mask) {
        CardSet cards;
        for (std::size_t i = 0; i < found.size(); ++i)
            if (mask & (1u << i)) cards |= found[i].cards;
        Action a = Action::declare(cards);
        if (std::find(actions.begin(), actions.end(), a) == actions.end()) actions.push_back(a);
    }
    return actions;
}

std::optional<Rejection> Match::check(Seat seat, const Action& action) const {
    if (phase_ == Phase::NotStarted) return Rejection{RejectReason::NotStarted, "the match has not started"};
    if (phase_ == Phase::Finished) return Rejection{RejectReason::MatchOver, "the match is over"};
    bool listed;
    if (phase_ == Phase::Play && to_act() == seat && action.kind == ActionKind::PlayCard &&
        action.belote == BeloteCall::None && !awaiting_declaration(seat)) {
        // The common case, without building the list: a plain card is legal when it is a legal card.
        listed = action == Action::play(action.card) &&
                 legal_cards(playable(seat), deal_.trick, *deal_.contract, options_.rules.play, seats_ == 4)
                     .contains(action.card);
    } else {
        auto legal = legal_actions(seat);
        listed = std::find(legal.begin(), legal.end(), action) != legal.end();
    }
    if (to_act() != seat && !listed) return Rejection{RejectReason::NotYourTurn, "it is not your turn"};
    if (!listed) return Rejection{RejectReason::IllegalAction, to_string(action) + " is not a legal action now"};
    return std::nullopt;
}

ApplyResult Match::apply(Seat seat, const Action& action) {
    ApplyResult result;
    if (auto rejection = check(seat, action)) {
        result.reason = rejection->reason;
        result.message = std::move(rejection->message);
        return result;
    }
    if (phase_ == Phase::Auction)
        apply_auction(seat, action, result.events);
    else if (action.kind == ActionKind::Declare)
        apply_declare(seat, action, result.events);
    else
        apply_play(seat, action, result.events);
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

// Hands are final: find the combinations and let the eldest lead trick 1 (§2.4, §4.2, §6.5).
void Match::begin_play(std::vector<Event>& out) {
    deal_.tally.takers = side_of(*deal_.taker, seats_);
    phase_ = Phase::Play;
    if (uses_melds(options_)) find_melds(out);
    deal_.trick = Trick(eldest(), seats_);
    announce_turn(eldest(), out);
}

// §2.5 belote: trump K+Q. CO §4.3: none in SA; in TA each suit's K+Q (ta_belote = each_suit).
// DE: trump K+Q with decouverte_belote only (§6.6).
bool Match::is_belote_suit(Suit suit) const {
    if (!uses_belote(options_)) return false;
    const Contract& contract = *deal_.contract;
    switch (contract.kind) {
        case ContractKind::SuitTrump: return suit == contract.trump;
        case ContractKind::AllTrump: return options_.rules.coinche.ta_belote == TaBelote::EachSuit;
        case ContractKind::NoTrump: return false;
    }
    return false;
}

// The cards that form a belote with a played honour: the hand; in DE only the face-up tableau
// cards (a face-down card never counts, §6.6).
CardSet Match::belote_cards(Seat seat) const {
    return is_decouverte() ? deal_.tableaux[seat].face_up() : deal_.hands[seat];
}

namespace {
bool is_honour(Card c) { return c.rank() == Rank::King || c.rank() == Rank::Queen; }
Card other_honour(Card c) { return Card(c.rank() == Rank::King ? Rank::Queen : Rank::King, c.suit()); }
}  // namespace

// §2.5: `card` is the first of a belote suit's K+Q and the player still holds the other one
// (belote_king_first: and it is the king).
bool Match::belote_possible(Seat seat, Card card) const {
    if (!is_honour(card) || !is_belote_suit(card.suit())) return false;
    if (options_.rules.belote.king_first && card.rank() != Rank::King) return false;
    return belote_cards(seat).contains(other_honour(card));
}

// §2.5: `card` is the second honour of a suit in which this player said "belote".
bool Match::rebelote_possible(Seat seat, Card card) const {
    return is_honour(card) && deal_.belote_called[static_cast<int>(card.suit())] == seat;
}

// §3.1/§3.2: each seat's combinations from its 8 cards at the start of trick 1 (DE: from the face-up
// cards of its tableau, §6.6).
void Match::find_melds(std::vector<Event>& out) {
    MeldsFound found;
    for (Seat s = 0; s < seats_; ++s) {
        CardSet cards = is_decouverte() ? deal_.tableaux[s].face_up() : deal_.hands[s];
        deal_.melds[s] = belote::find_melds(cards, options_.rules.melds);
        found.melds[s] = deal_.melds[s];
    }
    out.push_back(found);
}

// §3.2 melds = manual: the seat announces some of its combinations (everybody hears their kind and
// points), then plays its card of trick 1.
void Match::apply_declare(Seat seat, const Action& action, std::vector<Event>& out) {
    deal_.announced[seat] = announced_melds(deal_.melds[seat], action.cards).value_or(std::vector<Meld>{});
    MeldsDeclared declared{seat, {}};
    for (const Meld& m : *deal_.announced[seat]) declared.melds.push_back(call_of(m));
    out.push_back(declared);
    announce_turn(seat, out);
}

// §3.2/§3.3: trick 1 is complete; the side with the best combination counts all of its combinations
// and shows them as trick 2 starts. The other side's stay hidden.
void Match::show_melds(std::vector<Event>& out) {
    std::array<std::vector<Meld>, 4> counted = deal_.melds;
    if (options_.rules.melds.declaration == MeldDeclaration::Manual)
        for (Seat s = 0; s < seats_; ++s) counted[s] = deal_.announced[s].value_or(std::vector<Meld>{});
    deal_.meld_result = resolve_melds(counted, *deal_.contract, eldest(), options_.rules.melds.equal_tiebreak);
    deal_.tally.melds = deal_.meld_result.points;
    if (!deal_.meld_result.winner) return;
    Side team = *deal_.meld_result.winner;
    MeldsShown shown{team, {}, deal_.meld_result.points[team]};
    for (int i = 0; i < seats_; ++i) {
        Seat s = (eldest() + i) % seats_;
        if (side_of(s, seats_) == team && !counted[s].empty()) shown.melds.push_back({s, counted[s]});
    }
    deal_.shown_melds = shown.melds;
    out.push_back(shown);
}

// §2.5: what is heard with a card, and the 20 credited. auto: the engine speaks for the holder of
// both honours and credits at the first; manual: the player must say "belote" with the first
// (credited then), "rebelote" is optional; manual_strict: both words, credited at "rebelote". Unsaid
// words score nothing and leave nothing public. Must run before the card leaves the hand.
BeloteCall Match::belote_call(Seat seat, const Action& action) {
    const Card card = action.card;
    const int su = static_cast<int>(card.suit());
    const BeloteAnnouncement mode = options_.rules.belote.announcement;
    auto credit = [&] { deal_.tally.belote[side_of(seat, seats_)] += belote_bonus; };
    if (belote_possible(seat, card)) {
        if (mode != BeloteAnnouncement::Auto && action.belote != BeloteCall::Belote) return BeloteCall::None;
        deal_.belote_called[su] = seat;
        if (!deal_.belote_seat) deal_.belote_seat = seat;
        if (mode != BeloteAnnouncement::ManualStrict) credit();
        return BeloteCall::Belote;
    }
    if (rebelote_possible(seat, card)) {
        if (mode != BeloteAnnouncement::Auto && action.belote != BeloteCall::Rebelote) return BeloteCall::None;
        if (mode == BeloteAnnouncement::ManualStrict) credit();
        return BeloteCall::Rebelote;
    }
    return BeloteCall::None;
}

void Match::apply_play(Seat seat, const Action& action, std::vector<Event>& out) {
    if (is_decouverte()) return play_from_tableau(seat, action, out);
    const Card card = action.card;
    BeloteCall call = belote_call(seat, action);
    deal_.hands[seat].erase(card);
    deal_.trick.add(card);
    out.push_back(CardPlayed{seat, card, call});
    if (deal_.trick.complete()) return finish_trick(out);
    announce_turn(deal_.trick.next_seat(), out);
}

void Match::finish_trick(std::vector<Event>& out) {
    const Trick& trick = deal_.trick;
    Seat winner = trick.winner(*deal_.contract);
    int points = trick.points(*deal_.contract);
    Side team = side_of(winner, seats_);
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
    if (is_decouverte()) return score_decouverte_deal(deal_.tally, options_.rules);
    if (options_.variant == Variant::ThreePlayer)
        return score_three_player_deal(deal_.tally, options_.rules.three_player);
    if (is_coinche())
        return score_coinche_deal(deal_.tally, *deal_.coinche->bid(), deal_.coinche->contre_level(), escrow_,
                                  options_.rules);
    return score_classic_deal(deal_.tally, escrow_, options_.rules);
}

// Dealers rotate in play order (§2.1); Découverte alternates, or the deal's winner deals (§6.1, §9).
Seat Match::next_dealer_after(const DealScore& score) const {
    if (is_decouverte() && options_.rules.decouverte.dealer == DecouverteDealer::WinnerDeals)
        return score.score[0] > score.score[1] ? 0 : 1;
    return next(deal_.dealer);
}

// §8 escrow_at_match_end = award_to_creators: the escrow still pending as the match ends goes back
// to the sides whose litiges put it there, in this last deal's score.
void Match::award_escrow_to_creators(DealScore& score) const {
    for (Side t = 0; t < sides(); ++t) {
        score.escrow_awarded[t] += escrow_by_side_[t];
        score.score[t] += escrow_by_side_[t];
    }
    score.escrow_after = 0;
}

void Match::finish_deal(std::vector<Event>& out) {
    DealScore score = score_deal();
    if (score.outcome == DealOutcome::Litige)
        escrow_by_side_[score.takers] += score.escrow_added;
    else
        escrow_by_side_ = SideValues::zeros(sides());
    auto after = [&] {
        SideValues totals = totals_;
        for (Side t = 0; t < sides(); ++t) totals[t] += score.score[t];
        return totals;
    };
    if (score.escrow_after > 0 && options_.rules.escrow_at_match_end == EscrowAtMatchEnd::AwardToCreators &&
        match_winner(after(), options_.target)) {
        award_escrow_to_creators(score);  // may leave the totals equal: then play goes on (§8)
        escrow_by_side_ = SideValues::zeros(sides());
    }
    escrow_ = score.escrow_after;
    for (Side t = 0; t < sides(); ++t) totals_[t] += score.score[t];
    history_.push_back(score);
    out.push_back(DealScored{deal_.number, score, totals_});

    // §11.8: the tricks in the order they were played; cards out of play (§7) stay at the end.
    Deck gathered = deal_.deck;
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
    if (observer.seat && *observer.seat < seats_) v.legal = legal_actions(*observer.seat);
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
    for (Seat s = 0; s < seats_; ++s)
        if (deal_.announced[s]) {
            std::vector<MeldCall> calls;
            for (const Meld& m : *deal_.announced[s]) calls.push_back(call_of(m));
            v.declared_melds[s] = calls;
        }
    if (is_decouverte() && phase_ != Phase::NotStarted)
        for (Seat s = 0; s < seats_; ++s) v.tableaux.push_back(deal_.tableaux[s].view());
    v.tricks = deal_.tricks;
    if (phase_ != Phase::NotStarted) v.deal_turn_up = deal_.turn_up;
    return v;
}

}  // namespace belote
