#pragma once
// Typed client requests (docs/protocol.md "Session", "Lobby", "At a table").

#include <nlohmann/json.hpp>

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>

#include "engine/action.hpp"
#include "engine/options.hpp"
#include "protocol/table_commands.hpp"
#include "protocol/table_options.hpp"

namespace belote::protocol {

/// `hello`: already validated (protocol == version, nickname well-formed).
struct Hello {
    int protocol = 0;
    std::string nickname;
    std::optional<std::string> token;             ///< token of an earlier session, if given
    std::map<std::string, std::uint64_t> resume;  ///< table id -> last `v` the client saw there
};

/// `list_tables`.
struct ListTables {};

/// `create_table`: already validated (a playable variant, target 301/501/1000, `rules` accepted by
/// protocol::rules_from_json for the variant, §9 defaults for options not given).
struct CreateTable {
    Variant variant = Variant::Classic;
    int target = 1000;
    RuleOptions rules;
    TableSettings settings;  ///< table-level options (protocol/table_options.hpp)
};

/// `sit`. `seat` is any int: the table checks its range (bad_seat).
struct Sit {
    std::string table;
    int seat = 0;
    std::optional<std::string> invite;  ///< invitation code (required at a private table)
};

/// `add_robot`. `seat` is any int: the table checks its range (bad_seat).
struct AddRobot {
    std::string table;
    int seat = 0;
};

/// `start`.
struct Start {
    std::string table;
};

/// `take`, `pass`, `name`, `play`: an action of the seat to act.
struct Act {
    std::string table;
    Action action;
};

/// `get_record`: the game record of a finished match (docs/game-record.md).
struct GetRecord {
    std::string table;
};

/// Any request that needs a table.
using TableCommand = std::variant<Sit, AddRobot, Start, Act, SetOptions, RemoveRobot, Stand, ProposeCancel, VoteCancel,
                                  Watch, Chat, RenewInvite, GetRecord>;

/// Any request.
using Command = std::variant<Hello, ListTables, CreateTable, Sit, AddRobot, Start, Act, SetOptions, RemoveRobot, Stand,
                             ProposeCancel, VoteCancel, Watch, Chat, RenewInvite, GetRecord>;

/// True for the alternatives of Command that are also TableCommand alternatives.
template <class T>
inline constexpr bool is_table_command_v = std::is_constructible_v<TableCommand, const T&>;

/// A decoded request: its id (integer or string, echoed in the reply) and its command.
struct Request {
    nlohmann::json id;
    Command command;
};

}  // namespace belote::protocol
