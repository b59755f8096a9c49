#pragma once
// Typed client requests (docs/protocol.md "Session", "Lobby", "At a table"): what decode_request
// gives the server. Table requests are the platform's own types (platform/table_commands.hpp).

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>

#include "engine/options.hpp"
#include "platform/table_commands.hpp"
#include "platform/table_settings.hpp"
#include "protocol/request_id.hpp"

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
/// rules_from_json for the variant, defaults for options not given).
struct CreateTable {
    Variant variant = Variant::Classic;
    int target = 1000;
    RuleOptions rules;
    platform::TableSettings settings;
};

/// A request to table `table`.
struct TableCommand {
    std::string table;
    platform::TableRequest request;
};

/// Any request.
using Command = std::variant<Hello, ListTables, CreateTable, TableCommand>;

/// A decoded request: its id (echoed in the reply) and its command.
struct Request {
    RequestId id;
    Command command;
};

/// Longest chat message, in Unicode code points.
inline constexpr std::size_t max_chat_chars = 300;

}  // namespace belote::protocol
