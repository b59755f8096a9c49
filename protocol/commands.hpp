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

/// Shortest and longest password (docs/protocol.md "Accounts"): at least 8 code points, at most 256
/// bytes of UTF-8.
inline constexpr std::size_t min_password_chars = 8;
inline constexpr std::size_t max_password_bytes = 256;

/// `register`: the guest of this connection becomes a registered player. Already validated: the
/// username in NFC, of the allowed set and length (protocol/text_rules.hpp check_username), the
/// password of min_password_chars..max_password_bytes.
struct Register {
    std::string username;
    std::string password;
};

/// `login`: the connection becomes the registered player `username` (as typed: the server
/// compares name keys). Accepted instead of hello as the first message, or after it.
struct Login {
    std::string username;                         ///< at most max_password_bytes bytes, not checked further
    std::string password;                         ///< at most max_password_bytes bytes
    std::map<std::string, std::uint64_t> resume;  ///< as in Hello
};

/// `logout`: revokes this connection's session token; the connection is then closed.
struct Logout {};

/// Most tables in one list_tables reply (and its default page_size).
inline constexpr int max_lobby_page = 50;

/// `list_tables`: one page of the public tables, in creation order, filtered. Already validated.
struct ListTables {
    int page_size = max_lobby_page;       ///< 1..max_lobby_page
    std::optional<std::uint64_t> cursor;  ///< where to start (a previous reply's `next`); none: at the start
    std::optional<Variant> variant;       ///< only tables of this variant
    int free_seats = 0;                   ///< only tables with at least this many empty seats (0..4)
};

/// `create_table`: already validated (a playable variant, target 301/501/1000, `rules` accepted by
/// rules_from_json for the variant, defaults for options not given).
struct CreateTable {
    Variant variant = Variant::Classic;
    int target = 1000;
    RuleOptions rules;
    platform::TableSettings settings;
};

/// Most matches in one history reply, and the default.
inline constexpr int max_history_page = 50;
inline constexpr int default_history_page = 20;

/// `history`: one page of the asking player's finished and cancelled matches, newest first.
/// Already validated.
struct History {
    std::optional<std::int64_t> cursor;  ///< a previous reply's `next`; none: the newest
    int limit = default_history_page;    ///< 1..max_history_page
};

/// Longest match id `get_record` accepts (the server's are much shorter).
inline constexpr std::size_t max_match_id_chars = 64;

/// `get_record` with `match`: the record of a match that ended, from the store.
struct GetMatchRecord {
    std::string match;  ///< 1..max_match_id_chars bytes
};

/// `profile`: a player's profile, by `player` id or by `username`; neither: the asking player's.
/// Already validated (at most one of them, each 1..64 bytes).
struct GetProfile {
    std::optional<std::string> player;
    std::optional<std::string> username;
};

/// Rows in one leaderboard page; the last page a leaderboard request may ask for.
inline constexpr int leaderboard_page_size = 20;
inline constexpr int max_leaderboard_page = 499;

/// `leaderboard`: one page of the ranking by XP (every variant) or by rating (one variant), over
/// all time or this week (since Monday 00:00 UTC). Already validated.
struct GetLeaderboard {
    bool rating = false;             ///< `kind`: "xp" (false) or "rating"
    std::optional<Variant> variant;  ///< required for "rating"
    bool week = false;               ///< `period`: "all" (false) or "week"
    int page = 0;                    ///< 0..max_leaderboard_page
};

/// A request to table `table`.
struct TableCommand {
    std::string table;
    platform::TableRequest request;
};

/// Any request.
using Command = std::variant<Hello, ListTables, CreateTable, TableCommand, Register, Login, Logout, History,
                             GetMatchRecord, GetProfile, GetLeaderboard>;

/// A decoded request: its id (echoed in the reply) and its command.
struct Request {
    RequestId id;
    Command command;
};

/// Longest chat message, in Unicode code points.
inline constexpr std::size_t max_chat_chars = 300;

}  // namespace belote::protocol
