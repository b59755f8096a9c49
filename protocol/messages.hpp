#pragma once
// Every message the server sends, as text (docs/protocol.md): one encoder per outbound kind. The
// server's only way to make protocol text; it never sees a JSON tree.

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/record.hpp"
#include "platform/notices.hpp"
#include "platform/snapshot.hpp"
#include "platform/table_info.hpp"
#include "protocol/error_code.hpp"
#include "protocol/request_id.hpp"

namespace belote::protocol {

/// One table notice rendered once per distinct view: `everyone` is what spectators (and every
/// seat without its own copy) receive; `own[s]` is seat s's copy when it differs (its hand, its
/// legal actions, its combinations). Projection happens here (docs/design.md invariant 2).
struct RenderedNotice {
    std::string everyone;
    std::array<std::string, 4> own;
    unsigned own_seats = 0;  ///< bit s set: own[s] is seat s's copy
    bool has_own(int seat) const { return (own_seats >> seat) & 1u; }
    /// The text for seat `seat` (or a spectator when nullopt).
    const std::string& for_observer(std::optional<int> seat) const {
        return seat && has_own(*seat) ? own[*seat] : everyone;
    }
};

/// Renders `notice` of table `table` at version `v` (the table has `seats` seats) into `out`, whose
/// strings are reused (a caller that keeps one RenderedNotice allocates nothing for the text).
void render_notice(const platform::Notice& notice, std::string_view table, std::uint64_t v, int seats,
                   RenderedNotice& out);
/// As above, into a new RenderedNotice.
RenderedNotice render_notice(const platform::Notice& notice, std::string_view table, std::uint64_t v, int seats);

/// The `snapshot` message.
std::string snapshot_text(const platform::Snapshot& snapshot);

/// {"type":"ok","id":…}.
std::string ok_text(const RequestId& id);
/// As above, into `out` (its capacity is reused).
void ok_text(const RequestId& id, std::string& out);
/// The player a session speaks for, as the hello, register and login replies show it.
struct PlayerIdentity {
    std::string_view id;
    std::string_view nickname;  ///< the display name (a registered player's: its username)
    bool guest = true;          ///< false once registered
};
/// The reply to hello: {"type":"ok","id","protocol","token","player":{"id","nickname","guest"}}.
std::string hello_text(const RequestId& id, std::string_view token, const PlayerIdentity& player);
/// The reply to register and login: {"type":"ok","id","token","player":{"id","nickname","guest"}}.
std::string session_text(const RequestId& id, std::string_view token, const PlayerIdentity& player);
/// A rate_limited error that says when to try again: {"type":"error","id","code":"rate_limited",
/// "message","retry_after"} (`retry_after_s`: whole seconds, at least 1).
std::string rate_limited_text(const RequestId& id, std::string_view message, std::int64_t retry_after_s);
/// The reply to create_table: {"type":"ok","id","table","invite"}.
std::string created_text(const RequestId& id, std::string_view table, std::string_view invite);
/// The reply to renew_invite: {"type":"ok","id","invite"}.
std::string invite_text(const RequestId& id, std::string_view invite);
/// The reply to list_tables: {"type":"ok","id","tables":[lobby entries],"next":cursor or null}
/// (`next`: where the next page starts, as an opaque string).
std::string tables_text(const RequestId& id, const std::vector<platform::LobbyEntry>& tables,
                        std::optional<std::uint64_t> next = std::nullopt);
/// The same reply with the rows of other nodes' tables after `tables` (`remote`: each a row as
/// lobby_row_text wrote it; docs/operations.md "The lobby across nodes").
std::string tables_text(const RequestId& id, const std::vector<platform::LobbyEntry>& tables,
                        const std::vector<std::string>& remote, std::optional<std::uint64_t> next);
/// One list_tables row (lobby_entry_json), as a node publishes it for the lobbies of the others.
std::string lobby_row_text(const platform::LobbyEntry& entry);
/// What list_tables filters a published row by.
struct LobbyRow {
    std::string variant;  ///< the protocol name
    int free_seats = 0;   ///< empty seats
};
/// The filter fields of a row of lobby_row_text; none when `text` is not such a row.
std::optional<LobbyRow> parse_lobby_row(std::string_view text);
/// The reply to get_record: {"type":"ok","id","record":{…docs/game-record.md…}}.
std::string record_text(const RequestId& id, const GameRecord& record);
/// The same reply for a record kept by the store (`record`: its stored JSON, journal_json.hpp).
std::string stored_record_text(const RequestId& id, std::string_view record);
/// {"type":"error","id","code","message"}.
std::string error_text(const RequestId& id, ErrorCode code, std::string_view message);
/// A table's refusal: {"type":"error","id","code","message"}, with "until" (epoch ms) when it says
/// when the refusal ends (cooling_down).
std::string refusal_text(const RequestId& id, const platform::Refused& refused);
/// The notice that this server stopped serving `table` because another node owns it now
/// (docs/protocol.md "table_moved"): {"type":"table_moved","table"}, with "url" (where that node is
/// reached) when it is known. Nothing more of that table comes on this connection.
std::string table_moved_text(std::string_view table, std::optional<std::string_view> url = std::nullopt);
/// The answer to a request for a table another node serves (docs/protocol.md "Tables on other
/// servers"): {"type":"error","id","code":"table_elsewhere","message","table","url"}.
std::string table_elsewhere_text(const RequestId& id, std::string_view table, std::string_view url);

}  // namespace belote::protocol
