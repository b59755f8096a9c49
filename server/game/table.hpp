#pragma once
// A table: an actor on its own strand owning a Match, its seats, its version and its robots.

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <nlohmann/json.hpp>

#include <array>
#include <chrono>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "engine/match.hpp"
#include "protocol/commands.hpp"
#include "protocol/error_code.hpp"
#include "protocol/platform_events.hpp"
#include "protocol/record.hpp"
#include "protocol/table_json.hpp"
#include "protocol/table_options.hpp"
#include "server/game/clock.hpp"
#include "server/game/event_history.hpp"
#include "server/game/player.hpp"
#include "server/game/robot_driver.hpp"
#include "server/game/table_policy.hpp"

namespace belote::game {

/// One table (DESIGN.md invariant 3: one writer per table). Every public member except id() and
/// info() only posts work to the table's strand, so it may be called from any thread; all state
/// is touched on the strand only. Every event is sent to each seated, connected human projected
/// for that seat (protocol::event_json), with the table version `v` (+1 per event).
class Table : public std::enable_shared_from_this<Table> {
public:
    /// `options` must be valid (Match throws std::invalid_argument otherwise). `seed` defines the
    /// match (deals) and the robots' choices.
    Table(boost::asio::io_context& ioc, std::string id, MatchOptions options, std::uint64_t seed,
          std::chrono::milliseconds robot_delay);

    /// As above, with the platform options, a clock for deadlines and windows, and the limits.
    Table(boost::asio::io_context& ioc, std::string id, MatchOptions options, std::uint64_t seed,
          std::chrono::milliseconds robot_delay, protocol::TableSettings settings, std::shared_ptr<Clock> clock,
          TablePolicy policy);

    /// The lobby entry (table_summary_json plus "options" and "chief" name). Thread-safe.
    nlohmann::json summary() const;

    /// False for a private table (not listed in the lobby). Thread-safe.
    bool listed() const;

    /// The current invitation code (shared by the chief). Thread-safe.
    std::string invite() const;

    const std::string& id() const { return id_; }

    /// The public description (lobby listing). Thread-safe; reflects the last completed command.
    protocol::TableInfo info() const;

    /// Executes a table request from `player` received on `reply_to`: exactly one reply (ok or
    /// error with the docs/protocol.md code) to `reply_to`, then the events it caused. A refused
    /// request leaves the table unchanged. Exceptions become an `internal` error reply.
    void handle(std::shared_ptr<Player> player, std::shared_ptr<net::Connection> reply_to, nlohmann::json id,
                protocol::TableCommand command);

    /// The player came back on a new connection: sends it a snapshot if it is seated here.
    void resync(std::shared_ptr<Player> player);

    /// As resync, but when `seen` (the last `v` the client saw here) is given and the history
    /// still holds every later event, sends exactly those (projected for the player) instead of
    /// a snapshot. Also returns a disconnected player to its seat (within the reclaim window).
    void resync(std::shared_ptr<Player> player, std::optional<std::uint64_t> seen);

    /// A player's connection went away: a seated player's seat is played by a robot (reclaim
    /// window during a match); a spectator stops watching.
    void presence_changed();

private:
    struct SeatState {
        std::shared_ptr<Player> human;
        bool robot = false;
        std::uint64_t synced_connection = 0;           ///< connection that has this table's snapshot
        std::uint64_t sat_order = 0;                   ///< increasing sit counter (the chief: smallest)
        std::uint64_t seated_since_v = 0;              ///< version when the human sat (replay never before)
        bool disconnected = false;                     ///< the human has no connection (robot plays)
        std::optional<std::int64_t> reclaim_deadline;  ///< end of the reclaim window (epoch ms)
        TimerHandle reclaim_timer;
        bool abandoned = false;    ///< reclaim window passed: the robot plays to the end of the match
        bool away = false;         ///< too many automatic moves in a row: the robot plays
        int auto_moves = 0;        ///< automatic moves in a row
        int cancel_proposals = 0;  ///< this match
        bool empty() const { return !human && !robot; }
    };
    struct Refusal {
        protocol::ErrorCode code;
        std::string message;
    };
    using Outcome = std::optional<Refusal>;

    void execute(const std::shared_ptr<Player>& player, const std::shared_ptr<net::Connection>& reply_to,
                 const nlohmann::json& id, const protocol::TableCommand& command);
    Outcome sit(const std::shared_ptr<Player>& player, int seat, const std::function<void()>& reply_ok);
    Outcome add_robot(int seat, const std::function<void()>& reply_ok);
    Outcome start(const std::shared_ptr<Player>& player, const std::function<void()>& reply_ok);
    Outcome act(const std::shared_ptr<Player>& player, const Action& action, const std::function<void()>& reply_ok);
    /// `get_record` (table_record.cpp): replies ok with the record of the finished match.
    Outcome get_record(const std::shared_ptr<net::Connection>& reply_to, const nlohmann::json& id);

    std::optional<Seat> seat_of(const Player& player) const;
    bool robot_controlled(Seat seat) const;
    std::shared_ptr<net::Connection> synced_connection(Seat seat) const;
    void publish(const std::vector<Event>& events);
    void publish_seat_changed(Seat seat);
    void send_snapshot(Seat seat);
    void refresh_info();
    protocol::TableState table_state() const;
    void maybe_schedule_robot();
    void robot_turn();

    // Platform features (table_chief.cpp, table_presence.cpp, table_turn_timer.cpp,
    // table_cancel.cpp, table_audience.cpp).
    struct Spectator {
        std::shared_ptr<Player> player;
        std::uint64_t connection = 0;
    };
    struct CancelProposal {
        Seat by = 0;
        std::int64_t deadline = 0;
        std::map<Seat, std::optional<bool>> votes;  ///< every seated human; nullopt = not yet voted
        TimerHandle timer;
        std::uint64_t number = 0;
    };
    bool match_running() const;
    std::optional<Seat> chief() const;
    nlohmann::json options_json() const;
    void publish_options();
    Outcome set_options(const std::shared_ptr<Player>& player, const protocol::SetOptions& c,
                        const std::function<void()>& reply_ok);
    Outcome remove_robot(const std::shared_ptr<Player>& player, int seat, const std::function<void()>& reply_ok);
    Outcome stand(const std::shared_ptr<Player>& player, const std::function<void()>& reply_ok);
    Outcome renew_invite(const std::shared_ptr<Player>& player, const nlohmann::json& id,
                         const std::shared_ptr<net::Connection>& reply_to);
    bool invite_ok(const std::optional<std::string>& invite) const;
    void reset_for_new_match();
    void end_of_match_cleanup();

    protocol::SeatPresence presence_of(Seat seat) const;
    void publish_seat_status(Seat seat);
    void on_disconnect(Seat seat);
    void start_reclaim_window(Seat seat);
    void reclaim_expired(Seat seat, std::uint64_t generation);
    void reclaim_if_away(Seat seat);

    void arm_turn_timer(Seat seat);
    void turn_timed_out(std::uint64_t generation);

    Outcome propose_cancel(const std::shared_ptr<Player>& player, const std::function<void()>& reply_ok);
    Outcome vote_cancel(const std::shared_ptr<Player>& player, bool accept, const std::function<void()>& reply_ok);
    void cancel_timed_out(std::uint64_t number);
    void settle_cancel();
    void reject_cancel(std::string_view reason);

    Outcome watch(const std::shared_ptr<Player>& player, const protocol::Watch& c,
                  const std::function<void()>& reply_ok);
    Outcome chat(const std::shared_ptr<Player>& player, const std::shared_ptr<net::Connection>& from,
                 const std::string& text, const std::function<void()>& reply_ok);
    void send_spectator_snapshot(const Spectator& spectator);

    /// Publishes one platform event (body without table/v) to every synced seat and spectator.
    void publish_public(nlohmann::json body, std::optional<Seat> skip_seat = std::nullopt);
    /// Adds the platform fields (chief, options, presence, deadline, cancel, spectators) to a snapshot.
    void decorate_snapshot(nlohmann::json& snapshot, std::optional<Seat> seat) const;
    /// Posts `f` to the strand, guarded (exceptions logged).
    void post(std::function<void()> f);
    /// Runs `on_strand` on the strand after `delay` (on the table's Clock), unless the handle is
    /// cancelled or the table is gone by then. The timer holds the table weakly: a pending timer
    /// must not keep a table alive (the Clock is owned by the table, so a strong hold is a cycle).
    TimerHandle schedule(std::chrono::milliseconds delay, std::function<void()> on_strand);

    const std::string id_;
    boost::asio::strand<boost::asio::io_context::executor_type> strand_;
    Match match_;
    std::array<SeatState, 4> seats_{};
    std::uint64_t v_ = 0;
    std::chrono::steady_clock::time_point received_{};  ///< arrival of the request being executed (metrics)
    RobotDriver robots_;
    std::vector<protocol::RecordedAction> actions_;  ///< every accepted action, for the game record

    std::shared_ptr<Clock> clock_;
    TablePolicy policy_;
    MatchOptions options_;  ///< options of the next match (match_ holds the current one's)
    protocol::TableSettings settings_;
    std::uint64_t sit_counter_ = 0;
    std::uint64_t generation_ = 0;    ///< bumps on every turn and presence change (stale timers)
    std::int64_t turn_deadline_ = 0;  ///< 0 = none
    std::uint64_t turn_generation_ = 0;
    TimerHandle turn_timer_;
    bool cancelled_ = false;
    std::optional<CancelProposal> cancel_;
    std::uint64_t cancel_counter_ = 0;
    std::map<std::string, Spectator> spectators_;                   ///< by player id
    std::map<std::uint64_t, std::deque<std::int64_t>> chat_times_;  ///< by connection id
    EventHistory history_;

    mutable std::mutex info_mutex_;
    protocol::TableInfo info_;
    nlohmann::json summary_;
    bool listed_ = true;
    protocol::TableState info_state_ = protocol::TableState::Waiting;  // info_.state, read on the strand
    std::string invite_;
};

}  // namespace belote::game
