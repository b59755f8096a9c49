#pragma once
// The actions a seat sends during a match (docs/protocol.md "take, pass, name, play" and "bid,
// contre, surcontre"), as typed values. The server lists a seat's legal actions in `turn` events
// and snapshots in the same shape as the action messages, so one type serves both ways.

#include <nlohmann/json.hpp>

#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>

namespace belote::client {

/// A server message (or part of one) that does not have the shape docs/protocol.md describes.
class ProtocolError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Take the turn-up (classic round 1; decouverte trump choice).
struct Take {
    bool operator==(const Take&) const = default;
};
/// Pass (any auction).
struct Pass {
    bool operator==(const Pass&) const = default;
};
/// Name another trump suit in round 2: `suit` is "S", "H", "D" or "C".
struct Name {
    std::string suit{};
    bool operator==(const Name&) const = default;
};
/// Play a card: two characters, rank then suit ("JS").
struct Play {
    std::string card{};
    bool operator==(const Play&) const = default;
};
/// A coinche bid: `value` 80..160 in steps of 10, or `capot` (then `value` is not sent);
/// `suit` "S", "H", "D", "C", "SA" (no trump) or "TA" (all trump).
struct Bid {
    int value = 80;
    bool capot = false;
    std::string suit{};
    bool operator==(const Bid&) const = default;
};
/// Contre the standing coinche bid.
struct Contre {
    bool operator==(const Contre&) const = default;
};
/// Surcontre a contré bid.
struct Surcontre {
    bool operator==(const Surcontre&) const = default;
};

/// One action of a seat.
using Action = std::variant<Take, Pass, Name, Play, Bid, Contre, Surcontre>;

/// The message `type` of an action ("take", "pass", "name", "play", "bid", "contre", "surcontre").
std::string_view action_type(const Action& action);

/// Reads one entry of a `legal` list (`{"type":"play","card":"JS"}`). Throws ProtocolError when it
/// is not an action of docs/protocol.md.
Action action_from_json(const nlohmann::json& j);

/// The action's fields in wire order, without `table` and `id`: `{"type":"bid","value":110,"suit":"H"}`.
nlohmann::ordered_json action_to_json(const Action& action);

}  // namespace belote::client
