#pragma once
// What a seat can do: auction calls, playing a card (with its belote words) and announcing
// combinations.

#include <string>

#include "engine/contract.hpp"
#include "engine/trick.hpp"

namespace belote {

/// The value that stands for a capot bid in Coinche (§4.2; S3 "Capot (250)").
inline constexpr int capot_bid_value = 250;

/// Kinds of player actions. Classic auction: Take (round 1), NameSuit (round 2), Pass; Coinche:
/// Bid, Contre, Surcontre, Pass; play: PlayCard; with `melds = manual`, Declare (trick 1, §3.2).
enum class ActionKind : std::uint8_t { Pass, Take, NameSuit, Bid, Contre, Surcontre, PlayCard, Declare };

/// The words said with a card of the belote (docs/rules.md §2.5): "belote" with the first of the
/// K+Q of a belote suit, "rebelote" with the second. In CardPlayed it is what everybody heard; in a
/// PlayCard action it is what the player says (only with belote_announcement = manual or
/// manual_strict; under `auto` the engine says it for him and the action carries None).
enum class BeloteCall : std::uint8_t { None, Belote, Rebelote };

/// One action. Fields besides `kind` are meaningful only for some kinds:
/// `card` for PlayCard; `belote` for PlayCard (the words said with it, manual belote modes only);
/// `contract` for NameSuit (its trump suit) and Bid; `value` for Bid (80..160, 250 = capot);
/// `cards` for Declare: the cards of the combinations announced (empty = no announcement).
struct Action {
    ActionKind kind = ActionKind::Pass;
    Card card{};
    Contract contract{};
    int value = 0;
    BeloteCall belote = BeloteCall::None;
    CardSet cards{};

    static Action pass() { return {ActionKind::Pass}; }
    static Action take() { return {ActionKind::Take}; }
    static Action name_suit(Suit s) { return {ActionKind::NameSuit, {}, Contract::suit(s)}; }
    /// Plays `c`; `call` is what the player says with it (§2.5 manual modes; None otherwise).
    static Action play(Card c, BeloteCall call = BeloteCall::None) { return {ActionKind::PlayCard, c, {}, 0, call}; }
    /// Coinche bid (§4.2): `value` 80..160 step 10, or capot_bid_value; `contract` its denomination.
    static Action bid(int value, Contract contract) { return {ActionKind::Bid, {}, contract, value}; }
    static Action contre() { return {ActionKind::Contre}; }
    static Action surcontre() { return {ActionKind::Surcontre}; }
    /// Announces the combinations made of `cards` (§3.2, melds = manual); empty announces none.
    static Action declare(CardSet cards) { return {ActionKind::Declare, {}, {}, 0, BeloteCall::None, cards}; }
    bool operator==(const Action&) const = default;
};

/// Short readable form for logs and messages: "pass", "take", "name H", "play JS", "play KH belote",
/// "declare 9S 9H 9D 9C", "declare nothing".
std::string to_string(const Action& action);

}  // namespace belote
