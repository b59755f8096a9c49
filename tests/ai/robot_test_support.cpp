#include "robot_test_support.hpp"

#include <gtest/gtest.h>

#include <sstream>

#include "engine/deck.hpp"

namespace belote::ai::testing {

CardSet cards(const std::string& text) {
    CardSet set;
    std::istringstream in(text);
    for (std::string w; in >> w;) set.insert(parse_card(w).value());
    return set;
}

View coinche_view_of_hands(const std::array<CardSet, 4>& hands, Seat dealer,
                           const std::vector<std::pair<Seat, Action>>& actions) {
    MatchOptions options;
    options.variant = Variant::Coinche;
    options.target = 1000;
    Deck ordered{};
    for (std::size_t i = 0; i < ordered.size(); ++i) ordered[i] = Card::from_index(static_cast<int>(i));
    Match probe(options, 1);
    probe.preset_deck(ordered);
    probe.start(dealer);
    std::array<std::vector<Card>, 4> wanted;
    for (Seat s = 0; s < 4; ++s)
        for (Card c : hands[s]) wanted[s].push_back(c);
    Deck deck{};
    for (Seat s = 0; s < 4; ++s) {
        std::size_t next = 0;
        for (Card position : probe.view(Observer::of_seat(s)).hand) deck[position.index()] = wanted[s].at(next++);
    }
    Match match(options, 1);
    match.preset_deck(deck);
    match.start(dealer);
    for (const auto& [seat, action] : actions) {
        const ApplyResult r = match.apply(seat, action);
        EXPECT_TRUE(r.ok()) << "seat " << seat << " " << to_string(action) << ": " << r.message;
    }
    return match.view(Observer::of_seat(*match.to_act()));
}

namespace {

void put(std::ostringstream& out, const Trick& t) {
    out << "[" << t.leader() << ":";
    for (int i = 0; i < t.size(); ++i) out << to_string(t.card(i)) << ",";
    out << "]";
}
void put(std::ostringstream& out, CardSet s) {
    for (Card c : s) out << to_string(c);
    out << ";";
}
void put(std::ostringstream& out, const std::vector<Meld>& melds) {
    for (const Meld& m : melds) {
        out << to_string(m) << "/";
        put(out, m.cards);
    }
}

}  // namespace

MatchOptions random_options(Variant variant, Rng& rng) {
    MatchOptions o;
    o.variant = variant;
    o.target = rng.below(2) ? 301 : 1000;
    if (variant == Variant::ThreePlayer) {  // §7: no partner clauses
        o.rules.play = PlayRules{};
        o.rules.play.must_undertrump = rng.below(3) != 0;
        o.rules.three_player.deck = rng.below(2) ? ThreePlayerDeck::Cards24 : ThreePlayerDeck::Cards32;
        o.rules.three_player.success = rng.below(2) ? ThreePlayerSuccess::BeatEach : ThreePlayerSuccess::BeatCombined;
        o.rules.three_player.failure =
            rng.below(2) ? ThreePlayerFailure::OpponentsOwnTotals : ThreePlayerFailure::OpponentsShare;
        o.rules.three_player.capot = rng.below(2) ? ThreePlayerCapot::Sweep252 : ThreePlayerCapot::ShutOut50;
    } else if (variant != Variant::Decouverte) {
        o.rules.play.trump_lead_overtake_partner = rng.below(4) != 0;
        o.rules.play.partner_winning_exemption = rng.below(4) != 0;
        o.rules.play.partner_winning_trump_restriction = static_cast<PartnerWinningTrumpRestriction>(rng.below(3));
        o.rules.play.must_undertrump = rng.below(3) != 0;
    }
    if (variant == Variant::Coinche) {
        o.rules.coinche.sa_ta = rng.below(4) != 0;
        o.rules.coinche.capot_doublable = rng.below(2) != 0;
        o.rules.coinche.announcements = rng.below(2) != 0;
        o.rules.coinche.success = rng.below(2) ? CoincheSuccess::ReachAndBeat : CoincheSuccess::ReachOnly;
        o.rules.coinche.surcontre_multiplier = rng.below(2) ? 4 : 3;
    }
    if (variant == Variant::Classic || variant == Variant::ClassicAnnouncements)
        o.rules.round2_allow_turned_suit = rng.below(3) == 0;
    if (variant != Variant::Decouverte) {  // §2.5 belote words, §3.2 combinations announced by hand
        o.rules.belote.announcement = static_cast<BeloteAnnouncement>(rng.below(3));
        o.rules.belote.king_first = rng.below(4) == 0;
    }
    if (uses_melds(o) && rng.below(2)) o.rules.melds.declaration = MeldDeclaration::Manual;
    if (variant == Variant::Decouverte)
        o.rules.decouverte.reveal = rng.below(2) ? DecouverteReveal::AfterTrick : DecouverteReveal::LeaderImmediately;
    return o;
}

std::string fingerprint(const View& v) {
    std::ostringstream out;
    out << "obs" << v.observer.seat.value_or(-1) << " ph" << static_cast<int>(v.phase) << " d" << v.deal_number << " dl"
        << v.dealer << " seats" << v.seats << " r" << v.auction_round << " tp" << v.tricks_played << "\n";
    out << "hand ";
    put(out, v.hand);
    for (int s = 0; s < 4; ++s) out << v.hand_sizes[s] << ",";
    out << "\nturn " << (v.turn_up ? to_string(*v.turn_up) : "-") << " "
        << (v.deal_turn_up ? to_string(*v.deal_turn_up) : "-");
    out << "\nauction ";
    for (const AuctionCall& c : v.auction) out << c.seat << ":" << to_string(c.action) << ",";
    out << "\ntaker " << v.taker.value_or(-1) << " contract "
        << (v.contract ? static_cast<int>(v.contract->kind) * 10 + static_cast<int>(v.contract->trump) : -1)
        << " belote " << v.belote_seat.value_or(-1) << " ";
    for (auto b : v.belote_by_suit) out << b.value_or(-1) << ",";
    out << "\ntrick ";
    put(out, v.trick);
    out << " last ";
    if (v.last_trick) put(out, *v.last_trick);
    out << " tricks ";
    for (const Trick& t : v.tricks) put(out, t);
    out << "\nwon " << v.tricks_won[0] << "," << v.tricks_won[1] << " pts " << v.card_points_won[0] << ","
        << v.card_points_won[1] << " totals " << v.totals[0] << "," << v.totals[1] << " escrow " << v.escrow
        << " to_act " << v.to_act.value_or(-1) << " winner " << v.winner.value_or(-1);
    out << "\nlegal ";
    for (const Action& a : v.legal) out << to_string(a) << ",";
    out << "\nhistory ";
    for (const DealScore& d : v.history) out << d.score[0] << "-" << d.score[1] << ",";
    out << "\nbid ";
    if (v.bid)
        out << v.bid->seat << ":" << v.bid->value << ":" << static_cast<int>(v.bid->contract.kind)
            << static_cast<int>(v.bid->contract.trump);
    out << " contre " << v.contre_level << " by " << v.contrer.value_or(-1);
    out << "\nmelds own ";
    put(out, v.own_melds);
    out << " winner " << v.meld_winner.value_or(-1) << " shown ";
    for (const SeatMelds& sm : v.shown_melds) {
        out << sm.seat << ":";
        put(out, sm.melds);
    }
    out << " pts " << v.meld_points[0] << "," << v.meld_points[1];
    out << "\ntableaux ";
    for (const TableauView& t : v.tableaux) {
        for (const PileView& p : t) out << (p.face_up ? to_string(*p.face_up) : "--") << p.face_down << " ";
        out << "|";
    }
    return out.str();
}

std::vector<Step> play_until(Match& match, const std::function<Action(const View&, std::uint64_t)>& robot,
                             const std::function<bool(const Match&)>& stop, std::uint64_t seed) {
    std::vector<Step> steps;
    Rng seeds(seed);
    while (!match.finished() && !stop(match)) {
        const Seat seat = *match.to_act();
        const Action action = robot(match.view(Observer::of_seat(seat)), seeds.next());
        const ApplyResult r = match.apply(seat, action);
        EXPECT_TRUE(r.ok()) << to_string(action) << ": " << r.message;
        if (!r.ok()) break;
        steps.push_back({seat, action});
    }
    return steps;
}

}  // namespace belote::ai::testing
