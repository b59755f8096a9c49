#pragma once
// Everything a table is asked to do (the input of decide(), platform/decide.hpp): the requests
// people send (decoded from the wire by protocol/) and the commands of the table's own machinery
// (robots, timers, connections coming and going).

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/action.hpp"
#include "platform/robot_level.hpp"
#include "platform/room.hpp"
#include "platform/table_settings.hpp"

namespace belote::platform {

/// A person as a table knows them: a durable id (unique across restarts and processes) and the
/// name shown to the others.
struct PlayerRef {
    std::string id;
    std::string name;
    bool operator==(const PlayerRef&) const = default;
};

/// `sit`: take an empty seat before the first match or between matches. `seat` is any int (the
/// table checks its range); `invite` is needed at a private table. `standing` is not on the wire:
/// the server reads the sitter's (registered or guest, chips, XP, cool-down: docs/room.md) from the
/// store; none when it could not.
struct Sit {
    int seat = 0;
    std::optional<std::string> invite;
    std::optional<Standing> standing{};
};
/// `add_robot`: the chief (anyone before someone sits) puts a robot of `level` in an empty seat.
struct AddRobot {
    int seat = 0;
    RobotLevel level = RobotLevel::Easy;  ///< `level` on the wire; easy when absent
};
/// `remove_robot`: the chief takes a robot out of a seat between matches.
struct RemoveRobot {
    int seat = 0;
};
/// `stand`: leave one's seat between matches.
struct Stand {};
/// `set_options`: the chief changes options between matches.
struct SetOptions {
    OptionsPatch patch;
};
/// `start`: the chief starts a match. `seed` and `standings` are not on the wire: the server fills
/// the seed from its CSPRNG before the table decides (the match's deals follow from it,
/// docs/design.md invariant 1), and the standings of the seated players (chips, registered,
/// address: docs/room.md) from the store.
struct Start {
    std::uint64_t seed = 0;
    std::vector<Standing> standings{};
};
/// `take`, `pass`, `name`, `play`, `bid`, `contre`, `surcontre`: an action of the seat to act.
struct Act {
    Action action;
};
/// `propose_cancel`: a seated human proposes to cancel the match in progress.
struct ProposeCancel {};
/// `vote_cancel`: a seated human answers the open cancel proposal.
struct VoteCancel {
    bool accept = false;
};
/// `watch`: become a spectator (`invite` needed at a private table).
struct Watch {
    std::optional<std::string> invite;
};
/// `chat`: a message to everyone at the table. Already validated by the decoder. A quick-chat
/// phrase has its key in `phrase` and its English wording in `text`.
struct Chat {
    std::string text;
    std::optional<std::string> phrase;
};
/// `renew_invite`: the chief replaces the invitation code. `code` is not on the wire: the server
/// fills it from its CSPRNG.
struct RenewInvite {
    std::string code;
};
/// `get_record`: the game record of the last match, once it is over (a query: it changes nothing).
/// `invite` lets someone who did not play it read the record of a private table.
struct GetRecord {
    std::optional<std::string> invite;
};

/// `ready`: between matches, a seated human says whether they are ready for the next one (the
/// rematch: docs/protocol.md "Rematch").
struct Ready {
    bool ready = true;
};

/// Any request a person sends to a table.
using TableRequest = std::variant<Sit, AddRobot, Start, Act, SetOptions, RemoveRobot, Stand, ProposeCancel, VoteCancel,
                                  Watch, Chat, RenewInvite, GetRecord, Ready>;

/// A request from `from`.
struct FromPlayer {
    PlayerRef from;
    TableRequest request;
};

/// A robot's choice for `seat`, asked when the match had accepted `decision` actions. Applied only
/// if the match is still at that decision with that seat to act and robot-played.
struct RobotMove {
    int seat = 0;
    Action action;
    std::size_t decision = 0;
};
/// The turn deadline `deadline` (epoch ms) passed.
struct TurnExpired {
    std::int64_t deadline = 0;
};
/// The reclaim window of `seat` that ended at `deadline` (epoch ms) is over.
struct ReclaimExpired {
    int seat = 0;
    std::int64_t deadline = 0;
};
/// The cancel proposal number `proposal` reached its deadline.
struct CancelExpired {
    std::uint64_t proposal = 0;
};
/// The robot fill of a table waiting for its first match (TableSettings::robot_fill_s) reached
/// `deadline` (epoch ms). `seed` is filled by the server from its CSPRNG before the table decides,
/// as for Start.
struct FillExpired {
    std::int64_t deadline = 0;
    std::uint64_t seed = 0;
};
/// `who` has no connection any more.
struct ConnectionLost {
    PlayerRef who;
};
/// `who` is back on a new connection. `after_robot`: the robot already made the decision that was
/// pending when they came back (the seat is returned at the next one).
struct ConnectionBack {
    PlayerRef who;
    bool after_robot = false;
};
/// `who` sent a request to the table: a seat that was "away" is theirs again (after the pending
/// decision, as for ConnectionBack).
struct ShowedUp {
    PlayerRef who;
    bool after_robot = false;
};

/// The server read the standings of players seated here (after a start it refused for want of chips,
/// or a stake the store found it could not take): the table shows them (levels, who cannot cover
/// the stake).
struct StandingsRead {
    std::vector<Standing> standings;
};

/// Anything decide() takes.
using Command = std::variant<FromPlayer, RobotMove, TurnExpired, ReclaimExpired, CancelExpired, ConnectionLost,
                             ConnectionBack, ShowedUp, StandingsRead, FillExpired>;

}  // namespace belote::platform
