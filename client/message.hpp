#pragma once
// A message from the server (docs/protocol.md): a reply (`ok` or `error`, with the request's id)
// or an event (with `table` and `v`). The parsed JSON stays available for fields this class has
// no accessor for.

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "client/action.hpp"
#include "client/request.hpp"

namespace belote::client {

/// What a server message is.
enum class MessageKind {
    ok,     ///< a reply accepting a request
    error,  ///< a reply refusing a request (`code`, `message`)
    event,  ///< anything else: an event of a table
};

/// One server message, parsed.
class Message {
public:
    /// Parses a frame's text. Throws ProtocolError when it is not a JSON object with a string `type`.
    static Message parse(std::string_view text);

    /// Wraps an already parsed object. Throws ProtocolError as parse() does.
    explicit Message(nlohmann::json body);

    /// Reply (ok / error) or event.
    MessageKind kind() const { return kind_; }
    /// True for `ok` and `error`.
    bool is_reply() const { return kind_ != MessageKind::event; }
    /// True for `ok`.
    bool is_ok() const { return kind_ == MessageKind::ok; }
    /// True for `error`.
    bool is_error() const { return kind_ == MessageKind::error; }
    /// True for an event.
    bool is_event() const { return kind_ == MessageKind::event; }

    /// The message `type` ("ok", "error", "turn", "card_played", ...).
    const std::string& type() const { return type_; }

    /// A reply's request id (std::nullopt for events, and for `"id":null` after unreadable JSON).
    std::optional<RequestId> id() const;
    /// True when this is a reply to the request `id`.
    bool replies_to(const RequestId& id) const;

    /// An error's `code` ("illegal_action", ...); empty for other messages.
    std::string error_code() const;
    /// An error's human `message`; empty for other messages.
    std::string error_message() const;

    /// An event's `table` (std::nullopt when absent).
    std::optional<std::string> table() const;
    /// An event's version `v` (std::nullopt when absent).
    std::optional<std::int64_t> v() const;
    /// The `seat` field (turn, card_played, auction_call, seat_changed, ...); for a snapshot the
    /// recipient's seat (`view.seat`). std::nullopt when absent or null (a spectator's snapshot).
    std::optional<int> seat() const;

    /// True when the message lists legal actions: a `turn` sent to the seat to act, or a snapshot
    /// with a non-empty `view.legal`.
    bool has_legal() const;
    /// The legal actions of a `turn` (its *own* `legal`) or of a snapshot (`view.legal`); empty
    /// otherwise. Throws ProtocolError on an entry that is not an action.
    std::vector<Action> legal() const;
    /// The seat to act: a `turn`'s `seat`, a snapshot's `view.to_act`; std::nullopt otherwise.
    std::optional<int> to_act() const;

    /// The recipient's cards: the *own* `hand` of `deal_started` and `contract`, a snapshot's
    /// `view.hand`. std::nullopt when the message carries no hand.
    std::optional<std::vector<std::string>> hand() const;

    /// The parsed JSON object.
    const nlohmann::json& body() const { return body_; }
    /// Moves the parsed JSON object out (the Message is then empty).
    nlohmann::json take_body() && { return std::move(body_); }

private:
    nlohmann::json body_;
    std::string type_;
    MessageKind kind_ = MessageKind::event;
};

}  // namespace belote::client
