#pragma once
// What a seat can do: auction calls and playing a card.

#include <string>

#include "engine/contract.hpp"
#include "engine/trick.hpp"

namespace belote {

/// The value that stands for a capot bid in Coinche (§4.2; S3 "Capot (250)").
inline constexpr int capot_bid_value = 250;

/// Kinds of player actions. Classic auction: Take (round 1), NameSuit (round 2), Pass; Coinche:
/// Bid, Contre, Surcontre, Pass; play: PlayCard.
enum class ActionKind : std::uint8_t { Pass, Take, NameSuit, Bid, Contre, Surcontre, PlayCard };

/// One action. Fields besides `kind` are meaningful only for some kinds:
/// `card` for PlayCard; `contract` for NameSuit (its trump suit) and Bid; `value` for Bid (80..160, 250 = capot).
struct Action {
    ActionKind kind = ActionKind::Pass;
    Card card{};
    Contract contract{};
    int value = 0;

    static Action pass() { return {ActionKind::Pass}; }
    static Action take() { return {ActionKind::Take}; }
    static Action name_suit(Suit s) { return {ActionKind::NameSuit, {}, Contract::suit(s)}; }
    static Action play(Card c) { return {ActionKind::PlayCard, c}; }
    /// Coinche bid (§4.2): `value` 80..160 step 10, or capot_bid_value; `contract` its denomination.
    static Action bid(int value, Contract contract) { return {ActionKind::Bid, {}, contract, value}; }
    static Action contre() { return {ActionKind::Contre}; }
    static Action surcontre() { return {ActionKind::Surcontre}; }
    bool operator==(const Action&) const = default;
};

/// Short readable form for logs and messages: "pass", "take", "name H", "play JS".
std::string to_string(const Action& action);

}  // namespace belote
