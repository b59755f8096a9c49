#include "engine/melds.hpp"

namespace belote {
namespace {

// §3.1 carré values by rank (7 8 9 T J Q K A); 0 = no combination (8s and 7s score nothing).
constexpr std::array<int, 8> carre_points{0, 0, 150, 100, 200, 100, 100, 100};

int sequence_points(int length) { return length >= 5 ? 100 : length == 4 ? 50 : length == 3 ? 20 : 0; }

Meld make_sequence(Suit suit, int top, int length) {
    Meld m;
    m.kind = MeldKind::Sequence;
    m.top = static_cast<Rank>(top);
    m.suit = suit;
    m.length = length;
    m.points = sequence_points(length);
    for (int r = top - length + 1; r <= top; ++r) m.cards.insert(Card(static_cast<Rank>(r), suit));
    return m;
}

// Runs of one suit among `cards`, highest first. A run of 6–8 is one 100 (single_100) or is cut from
// the top into a quinte and the rest (split: only an 8-card run leaves a tierce).
void add_sequences(CardSet cards, Suit suit, MeldLongRun long_run, std::vector<Meld>& out) {
    int r = rank_count - 1;
    while (r >= 0) {
        if (!cards.contains(Card(static_cast<Rank>(r), suit))) {
            --r;
            continue;
        }
        int top = r;
        while (r >= 0 && cards.contains(Card(static_cast<Rank>(r), suit))) --r;
        int length = top - r;
        if (length >= 3 && (long_run == MeldLongRun::Single100 || length <= 5)) {
            out.push_back(make_sequence(suit, top, length));
        } else if (length >= 6) {
            out.push_back(make_sequence(suit, top, 5));
            if (length - 5 >= 3) out.push_back(make_sequence(suit, top - 5, length - 5));
        }
    }
}

}  // namespace

std::vector<Meld> find_melds(CardSet hand, const MeldRules& rules) {
    return find_melds(hand, rules.long_run, rules.card_reuse);
}

MeldCall call_of(const Meld& meld) { return {meld.kind, meld.length, meld.points}; }

std::optional<std::vector<Meld>> announced_melds(const std::vector<Meld>& melds, CardSet announced) {
    std::vector<Meld> chosen;
    CardSet covered;
    for (const Meld& m : melds)
        if ((m.cards & announced) == m.cards) {
            chosen.push_back(m);
            covered |= m.cards;
        }
    if (covered != announced) return std::nullopt;
    return chosen;
}

std::vector<Meld> find_melds(CardSet hand, MeldLongRun long_run, bool card_reuse) {
    std::vector<Meld> melds;
    CardSet rest = hand;
    // §3.1: carrés first (never worse in total and always better in rank), then sequences.
    for (int r = rank_count - 1; r >= 0; --r) {
        if (carre_points[r] == 0) continue;
        CardSet four;
        for (int s = 0; s < suit_count; ++s) four.insert(Card(static_cast<Rank>(r), static_cast<Suit>(s)));
        if ((hand & four) != four) continue;
        melds.push_back({MeldKind::Carre, static_cast<Rank>(r), Suit::Spades, 4, carre_points[r], four});
        rest = rest - four;
    }
    // meld_card_reuse: a card of a carré may also belong to a sequence (§3.1, §9).
    for (int s = 0; s < suit_count; ++s) add_sequences(card_reuse ? hand : rest, static_cast<Suit>(s), long_run, melds);
    return melds;
}

MeldKey meld_key(const Meld& meld, const Contract& contract) {
    MeldKey key;
    key.points = meld.points;
    key.kind = static_cast<int>(meld.kind);
    if (meld.kind == MeldKind::Carre) {
        // §3.3 carré height J > 9 > A > 10 > K > Q: the trump order of ranks.
        key.height = detail::trump_strength[static_cast<int>(meld.top)];
    } else {
        key.height = static_cast<int>(meld.top);
        key.trump = contract.is_trump(meld.suit) ? 1 : 0;  // never in SA/TA (§4.3)
    }
    return key;
}

MeldResolution resolve_melds(const std::array<std::vector<Meld>, 4>& melds, const Contract& contract, Seat first_player,
                             EqualMeldTiebreak tiebreak) {
    // Best key per side, and the earliest position in trick 1 of a holder of that key.
    std::array<std::optional<MeldKey>, 2> best;
    std::array<int, 2> best_position{99, 99};
    std::array<int, 2> total{};
    for (int i = 0; i < 4; ++i) {
        Seat seat = (first_player + i) % 4;
        Team team = team_of(seat);
        for (const Meld& m : melds[seat]) {
            total[team] += m.points;
            MeldKey key = meld_key(m, contract);
            if (!best[team] || key > *best[team]) {
                best[team] = key;
                best_position[team] = i;
            }
        }
    }
    MeldResolution result;
    if (!best[0] && !best[1]) return result;
    Team winner;
    if (!best[1] || (best[0] && *best[0] > *best[1])) {
        winner = 0;
    } else if (!best[0] || *best[1] > *best[0]) {
        winner = 1;
    } else {  // equal best keys (§3.3)
        if (tiebreak == EqualMeldTiebreak::Cancel) return result;
        winner = best_position[0] < best_position[1] ? 0 : 1;
    }
    result.winner = winner;
    result.points[winner] = total[winner];
    return result;
}

std::string to_string(const Meld& meld) {
    static constexpr std::string_view rank_letters = "789TJQKA";
    if (meld.kind == MeldKind::Carre) return std::string("carre ") + rank_letters[static_cast<int>(meld.top)];
    static constexpr std::array<std::string_view, 9> names{"",       "",     "",     "tierce", "quarte",
                                                           "quinte", "run6", "run7", "run8"};
    return std::string(names[meld.length]) + " " + to_string(Card(meld.top, meld.suit));
}

}  // namespace belote
