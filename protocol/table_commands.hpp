#pragma once
// Typed table-platform requests (docs/protocol.md "Table chief and options", "Private tables",
// "Spectators and chat", "Friendly cancel"). Part of protocol::Command via commands.hpp.

#include <optional>
#include <string>

#include "protocol/table_options.hpp"

namespace belote::protocol {

/// `set_options`: the chief changes options before the first match or between matches.
struct SetOptions {
    std::string table;
    OptionsPatch options;
};

/// `remove_robot`: the chief removes a robot from a seat before the match starts.
struct RemoveRobot {
    std::string table;
    int seat = 0;
};

/// `stand`: a seated player leaves its seat (before the first match or between matches).
struct Stand {
    std::string table;
};

/// `propose_cancel`: a seated human proposes to cancel the match in progress.
struct ProposeCancel {
    std::string table;
};

/// `vote_cancel`: a seated human accepts or refuses the pending cancel proposal.
struct VoteCancel {
    std::string table;
    bool accept = false;
};

/// `watch`: become a spectator. `invite` is required for a private table.
struct Watch {
    std::string table;
    std::optional<std::string> invite;
};

/// `chat`: a message to everyone at the table (players and spectators). Already validated:
/// 1..max_chat_chars code points, no control characters other than none at all.
struct Chat {
    std::string table;
    std::string text;
};

/// `renew_invite`: the chief replaces the invitation code (the old one stops working).
struct RenewInvite {
    std::string table;
};

/// Longest chat message, in Unicode code points.
inline constexpr std::size_t max_chat_chars = 300;

}  // namespace belote::protocol
