#pragma once
// A table's actor (docs/design.md invariant 3): the strand, the timers, the robots and the delivery to
// connections around one platform::TableState. Every change goes through platform::decide() and
// platform::evolve(); this class only runs them and carries out what they say.

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "platform/decide.hpp"
#include "platform/notices.hpp"
#include "platform/table_commands.hpp"
#include "platform/table_state.hpp"
#include "protocol/messages.hpp"
#include "protocol/request_id.hpp"
#include "server/net/connection.hpp"
#include "server/players/player.hpp"
#include "server/store/store.hpp"
#include "server/tables/clock.hpp"
#include "server/tables/random_source.hpp"
#include "server/tables/robot_pool.hpp"
#include "server/tables/table_history.hpp"

namespace belote::tables {

/// Receives the reply of a request (the session it came from remembers replies by id: docs/design.md
/// invariant 5). Thread-safe.
class Replier {
public:
    virtual ~Replier() = default;
    virtual void reply(const protocol::RequestId& id, net::SharedText text) = 0;
};

/// Where one request's reply goes.
struct ReplyTo {
    std::shared_ptr<Replier> to;
    protocol::RequestId id;
    void send(std::string_view text) const { to->reply(id, net::SharedText(text)); }
};

/// Who this node is among the nodes sharing a store (docs/operations.md "Table ownership").
struct Ownership {
    std::string node;  ///< this node's id, the owner written in the directory of tables
    /// How long a claim or renewal holds a table; a node that stops renewing loses its tables after it.
    std::chrono::milliseconds lease{10'000};
    /// How often the node renews its leases and looks for tables nobody holds (less than `lease`).
    std::chrono::milliseconds renew_every{3'000};
    /// Where clients reach this node (--advertise-url; "" when none): its row in the registry of nodes.
    std::string url;
};

/// What every table of a server shares.
struct TableServices {
    boost::asio::io_context* ioc = nullptr;
    std::shared_ptr<Clock> clock;
    std::shared_ptr<RandomSource> random;
    std::shared_ptr<RobotPool> robots;
    /// Where every change is journaled before anyone hears of it (docs/design.md invariant 8).
    std::shared_ptr<store::Store> store;
    /// How long a robot waits before acting (the pace of play; 0: at once).
    std::chrono::milliseconds robot_delay{0};
    /// The most notices a client coming back is replayed; more get a snapshot instead, so that a
    /// replay never fills the connection's send queue (a quarter of --max-send-queue).
    std::size_t max_replay = 64;
    /// How long a table with nobody connected and no match in progress is kept.
    std::chrono::milliseconds idle_grace = std::chrono::minutes(10);
    /// Called (from the table's strand) when the table may be forgotten.
    std::function<void(const std::string& table)> on_idle;
    /// Called (from the table's strand) when the table's lobby entry changed (the lobby index).
    std::function<void(const std::string& table, const platform::LobbyEntry& entry)> on_entry;
    /// Set when the store is shared by several nodes (PostgreSQL): tables are claimed, their leases
    /// renewed, their journal entries carry the claim's epoch. None: one node, epoch 0 (SQLite, memory).
    std::optional<Ownership> ownership;
    /// Called (from the table's strand) when the table stopped serving because it is not this node's
    /// any more (TableActor::lose).
    std::function<void(const std::string& table)> on_lost;
    /// The URL of the node that serves `table` now, when known without reading the store (for the
    /// table_moved of a table this node lost); none when unknown.
    std::function<std::optional<std::string>(const std::string& table)> owner_url;
    /// Reads the store for the URL of the node that serves `table` now, away from the table's
    /// strand (it blocks), and calls `found` with it (none when unknown) from there: for the
    /// table_moved of a table lost by a refused write, whose new owner owner_url's copy may not
    /// know yet (it is read again at most once a second, and at each lease renewal).
    std::function<void(const std::string& table, std::function<void(std::optional<std::string>)> found)> locate_owner;
};

/// One table. Public functions may be called from any thread: they post to the table's strand.
class TableActor : public std::enable_shared_from_this<TableActor> {
public:
    /// A new table (the caller stores its creation) or one brought back from the store with its
    /// `history` and the seq of its last journal entry.
    /// `epoch`: of the claim this node holds the table in (0: never claimed, one node); every
    /// journal entry it writes carries it.
    TableActor(TableServices services, platform::TableState initial, std::uint64_t epoch = 0);
    TableActor(TableServices services, platform::TableState recovered, TableHistory history, std::uint64_t journal_seq,
               std::uint64_t epoch = 0);

    const std::string& id() const { return id_; }
    /// The epoch this node holds the table in (fixed for the actor's life).
    std::uint64_t epoch() const { return epoch_; }
    /// True once another node owns the table (lose, or a write refused for a stale epoch): any thread
    /// may ask, so that a session holding this actor sends its next request where the table went.
    bool lost() const { return lost_.load(); }

    /// This node does not own the table any more (`why`: a renewal refused or not made in time):
    /// the table stops serving at once: its people get `table_moved`, nothing more is sent or
    /// written, its timers stop, and on_lost is called. Also what a StaleEpoch or LeaseHeld
    /// refusal of one of its writes does.
    void lose(std::string why);

    /// The end of this node's lease on the table as last confirmed by the store (epoch ms; 0: not
    /// claimed). Thread-safe.
    std::int64_t lease_until() const { return lease_until_.load(); }
    /// A claim or renewal of the table committed: the lease runs until `until_ms` (epoch ms; an
    /// earlier time than the one known changes nothing). Thread-safe.
    void leased_until(std::int64_t until_ms);

    /// Arms the table's idle expiry. Call once, after construction.
    void start();

    /// Runs `request` from `player`, received at `received`: exactly one reply (ok, or error with
    /// the docs/protocol.md code) through `reply`, before the notices it causes. An exception
    /// becomes an `internal` error reply.
    void request(std::shared_ptr<players::Player> player, platform::TableRequest request, ReplyTo reply,
                 std::chrono::steady_clock::time_point received = std::chrono::steady_clock::now());

    /// `player` is back on a new connection (hello with its token): returns a disconnected seat,
    /// then sends exactly the notices after `seen` (the last `v` the client saw here) when the
    /// history holds them, else a snapshot.
    void reconnect(std::shared_ptr<players::Player> player, std::optional<std::uint64_t> seen);

    /// `player` lost its connection: a robot plays its seat (reclaim window during a match), or it
    /// stops watching.
    void disconnect(std::shared_ptr<players::Player> player);

    /// Seated players' standings read again (one registered at the table, say): their seats and who
    /// cannot cover the stake follow (a stake_check when that list changes). Not during a match.
    void standings_read(std::vector<platform::Standing> standings);

    /// The lobby entry, as of the last command. Thread-safe.
    platform::LobbyEntry entry() const;
    /// The invitation code. Thread-safe.
    std::string invite() const;
    /// The ids of the humans seated, as of the last command. Thread-safe.
    std::vector<std::string> seated() const;

    /// After a restart: the people who were at the table have `grace` to come back (hello with
    /// their token) before robots take their seats and spectators are let go. Call once, after start().
    void await_return(std::chrono::milliseconds grace);

    /// True when a change could not be stored: the table refuses changes until rebuild(). Thread-safe.
    bool broken() const { return broken_.load(); }
    /// Replaces the table by what the store holds (after a failed commit, once the store writes
    /// again); a table the store no longer has keeps its state but stays closed to changes.
    void rebuild(std::optional<store::OpenTable> stored);
    /// The store writes again: timers and robots that were held resume.
    void store_recovered();

private:
    /// A person this table sends its notices to: a seat's human or a spectator.
    struct Recipient {
        std::optional<int> seat;  ///< nullopt: a spectator
        std::shared_ptr<net::Connection> connection;
    };
    /// Who a command comes from and what it must be answered with.
    struct Origin {
        std::shared_ptr<players::Player> player;
        const ReplyTo* reply = nullptr;
        std::optional<std::uint64_t> seen{};
        bool resync = false;  ///< send the player what it missed once the command is done
        std::chrono::steady_clock::time_point received{};
    };
    /// A command waiting for a robot's move (platform::Deferred).
    struct Parked {
        platform::Command command;
        std::shared_ptr<players::Player> player;
        std::optional<std::uint64_t> seen{};
        bool resync = false;
    };
    /// A message that leaves once everything before it is durable: a notice (to `connection`) or a
    /// reply (to `reply`).
    struct Outgoing {
        std::shared_ptr<net::Connection> connection;
        std::optional<ReplyTo> reply;
        net::SharedText text;
    };
    /// What one strand task sent, waiting for its journal entries (if any) to be committed.
    struct Batch {
        std::vector<Outgoing> out;
        bool durable = false;
    };
    /// The table as it was before a start that takes stakes, until that start's batch is stored: the
    /// store may find a wallet it would overdraw (another table's stake took the chips meanwhile), and
    /// the start is then undone (docs/room.md "Chips").
    struct Checkpoint {
        platform::TableState state;
        TableHistory history;
        std::uint64_t journal_seq = 0;
        std::optional<ReplyTo> reply;               ///< of the start
        std::vector<platform::Standing> standings;  ///< the start was judged on
        std::uint64_t serial = 0;                   ///< of the batch that takes the stakes (0: not sealed yet)
    };
    /// The robot decision in progress.
    struct RobotJob {
        int seat = 0;
        std::size_t decision = 0;
        std::uint64_t serial = 0;
        bool dispatched = false;
    };

    void post(std::function<void()> f);
    void send(const std::shared_ptr<net::Connection>& connection, net::SharedText text);
    void send_reply(const ReplyTo& reply, std::string_view text);
    void journal(const platform::TableEvent& event, std::int64_t now);
    void record_match_end();
    /// Queues the transfers of state_.settlement (docs/room.md "Ledger") with the task's writes.
    void post_settlement(std::int64_t now);
    /// Queues the XP and counts of each seat that takes part in the ended match, and the ratings it moved.
    void post_progress(std::int64_t now);
    /// Ends the strand task: its writes are committed, its messages queued behind them.
    void seal();
    void committed(std::uint64_t serial, const std::optional<store::CommitError>& error);
    /// The start whose stakes the store refused (`error`: an overdraft) is undone: the table is as
    /// before it, the start is answered cannot_stake naming the player, what followed it is dropped.
    void undo_start(const store::CommitError& error);
    void flush_outbox();
    void close_in_store();
    /// Stops serving the table (see lose). `look_up`: the copy of owner_url may not know the new
    /// owner yet (a refused write): without a URL there, table_moved waits for locate_owner.
    void give_up(const std::string& why, bool look_up = false);
    /// Sends table_moved (with `url`, when known) of table `table` to `people`.
    static void tell_moved(const std::string& table, const std::vector<std::shared_ptr<net::Connection>>& people,
                           const std::optional<std::string>& url);
    void return_expired();
    void disarm_timers();
    void draw_seed(const platform::PlayerRef& from, platform::Start& start);
    void execute(const platform::Command& command, const Origin& origin);
    void apply(const std::vector<platform::TableEvent>& events, std::int64_t now, const Origin& origin);
    void before_event(const platform::TableEvent& event);
    void after_event(const platform::TableEvent& event, const Origin& origin);
    void deliver(const platform::Published& published);
    void answer_query(const platform::PlayerRef& from, const platform::GetRecord& query, const Origin& origin);
    void refuse(const platform::Refused& refused, const Origin& origin);
    void resync(const std::shared_ptr<players::Player>& player, std::optional<std::uint64_t> seen);
    void send_snapshot(const std::shared_ptr<players::Player>& player, std::optional<int> seat);
    void run_parked();
    void settle();
    void schedule_timers();
    void schedule_robot();
    void dispatch_robot();
    void check_idle();
    void refresh_entry();
    TimerHandle schedule(std::int64_t at, platform::Command command);

    TableServices services_;
    const std::string id_;
    const std::uint64_t epoch_;
    boost::asio::strand<boost::asio::io_context::executor_type> strand_;
    platform::TableState state_;
    TableHistory history_;
    std::map<std::string, Recipient> recipients_;  ///< by player id
    std::vector<platform::Published> published_;   ///< scratch: the notices of one event
    protocol::RenderedNotice rendered_;            ///< scratch: the text of one notice
    std::string reply_;                            ///< scratch: the reply of the request being run
    std::vector<Parked> parked_;

    std::uint64_t journal_seq_ = 0;     ///< the seq of the last journal entry written
    std::uint64_t commit_serial_ = 0;   ///< batches given to the store so far
    std::uint64_t undone_through_ = 0;  ///< batches up to this one were dropped by undo_start
    std::optional<Checkpoint> checkpoint_;
    std::vector<store::Write> writes_;  ///< of the task in progress
    Batch batch_;                       ///< the messages of the task in progress
    std::deque<Batch> outbox_;          ///< sealed, in order
    std::atomic<bool> broken_{false};
    std::atomic<std::int64_t> lease_until_{0};
    bool held_ = false;  ///< a change was refused for want of a store: re-arm timers on recovery
    bool closed_ = false;
    std::atomic<bool> lost_{false};  ///< another node owns the table: nothing more is done here
    TimerHandle return_timer_;

    std::optional<std::int64_t> armed_turn_;
    TimerHandle turn_timer_;
    std::array<std::optional<std::int64_t>, 4> armed_reclaim_{};
    std::array<TimerHandle, 4> reclaim_timers_{};
    std::uint64_t armed_cancel_ = 0;
    TimerHandle cancel_timer_;
    std::optional<std::int64_t> armed_fill_;
    TimerHandle fill_timer_;
    bool idle_armed_ = false;
    TimerHandle idle_timer_;

    std::optional<RobotJob> robot_job_;
    std::uint64_t robot_serial_ = 0;
    boost::asio::steady_timer robot_timer_;

    bool entry_dirty_ = true;
    mutable std::mutex entry_mutex_;
    platform::LobbyEntry entry_;
    std::vector<std::string> seated_;
    std::string invite_;
};

}  // namespace belote::tables
