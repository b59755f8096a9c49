#pragma once
// Every client request of docs/protocol.md as a typed value, and its JSON text. Fields are written
// in the order the protocol document shows them: "type", "id", "table", then the request's own.

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "client/action.hpp"

namespace belote::client {

/// A request id: an integer or a string, chosen by the client and echoed back in the reply.
using RequestId = std::variant<std::int64_t, std::string>;

/// The id as it appears on the wire (a JSON integer or string).
nlohmann::json id_to_json(const RequestId& id);

/// The id of a reply (`"id":5` or `"id":"a"`); std::nullopt for `"id":null` or a missing or
/// non-integer, non-string id.
std::optional<RequestId> id_from_json(const nlohmann::json& j);

/// `hello`: must be the first request. `token` (when not empty) comes back as an earlier player;
/// `resume` gives, per table, the last `v` seen there (sent only with a token).
struct Hello {
    std::string nickname{};
    std::string token{};
    std::map<std::string, std::int64_t> resume{};
    int protocol = 1;
};

/// `list_tables`: the public tables of the lobby.
struct ListTables {};

/// The table options of docs/protocol.md "Table options"; only the fields set are sent.
struct TableOptions {
    std::optional<std::string> variant{};  ///< set_options only (create_table has its own variant)
    std::optional<int> target{};           ///< set_options only (create_table has its own target)
    std::optional<int> turn_time{};
    std::optional<bool> is_private{};  ///< "private"
    std::optional<bool> spectators{};
    std::optional<bool> competitive{};
    std::optional<std::int64_t> stake{};
};

/// `create_table`: `variant` "classic", "classic_announcements", "coinche" or "decouverte";
/// `target` 301, 501 or 1000 (the server's default when not set); `rules` an object of §9 rule
/// options (not sent when null); `options` the table options (its variant and target are ignored).
struct CreateTable {
    std::string variant = "classic";
    std::optional<int> target{};
    nlohmann::ordered_json rules{};
    TableOptions options{};
};

/// `sit` in `seat`; `invite` (when not empty) is the code of a private table.
struct Sit {
    std::string table{};
    int seat = 0;
    std::string invite{};
};

/// `stand`: leave the seat (between matches).
struct Stand {
    std::string table{};
};

/// `add_robot` in an empty `seat` (the chief).
struct AddRobot {
    std::string table{};
    int seat = 0;
};

/// `remove_robot` from `seat` (the chief).
struct RemoveRobot {
    std::string table{};
    int seat = 0;
};

/// `start` the match (the chief, every seat taken).
struct Start {
    std::string table{};
};

/// One action of the seat to act at `table` (`take`, `pass`, `name`, `play`, `bid`, `contre`,
/// `surcontre`: the message type is the action's).
struct Act {
    std::string table{};
    Action action{};
};

/// `get_record` of a finished match.
struct GetRecord {
    std::string table{};
};

/// `set_options` (the chief, between matches): only the fields set change.
struct SetOptions {
    std::string table{};
    TableOptions options{};
};

/// `renew_invite` (the chief): a new invitation code for a private table.
struct RenewInvite {
    std::string table{};
};

/// `watch` the table as a spectator; `invite` (when not empty) for a private table.
struct Watch {
    std::string table{};
    std::string invite{};
};

/// `chat` to the table (1-300 characters).
struct Chat {
    std::string table{};
    std::string text{};
};

/// `propose_cancel` the match.
struct ProposeCancel {
    std::string table{};
};

/// `vote_cancel` on the open proposal.
struct VoteCancel {
    std::string table{};
    bool accept = true;
};

/// Any client request.
using Request = std::variant<Hello, ListTables, CreateTable, Sit, Stand, AddRobot, RemoveRobot, Start, Act, GetRecord,
                             SetOptions, RenewInvite, Watch, Chat, ProposeCancel, VoteCancel>;

/// The request's message `type` ("hello", ..., the action's type for Act).
std::string_view request_type(const Request& request);

/// The request as a JSON object with `id`, fields in protocol order.
nlohmann::ordered_json request_to_json(const Request& request, const RequestId& id);

/// The request's JSON text with `id`: `{"type":"sit","id":4,"table":"t1","seat":0}`.
std::string encode(const Request& request, const RequestId& id);

}  // namespace belote::client
