#pragma once
// A table: an actor on its own strand owning a Match, its seats, its version and its robots.

#include <boost/asio/io_context.hpp>
#include <boost/asio/strand.hpp>
#include <nlohmann/json.hpp>

#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>

#include "engine/match.hpp"
#include "protocol/commands.hpp"
#include "protocol/error_code.hpp"
#include "protocol/record.hpp"
#include "protocol/table_json.hpp"
#include "server/game/player.hpp"
#include "server/game/robot_driver.hpp"

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

    /// A seated player's connection went away: a robot now plays for it.
    void presence_changed();

private:
    struct SeatState {
        std::shared_ptr<Player> human;
        bool robot = false;
        std::uint64_t synced_connection = 0;  ///< connection that has this table's snapshot
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
    void maybe_schedule_robot();
    void robot_turn();

    const std::string id_;
    boost::asio::strand<boost::asio::io_context::executor_type> strand_;
    Match match_;
    std::array<SeatState, 4> seats_{};
    std::uint64_t v_ = 0;
    std::chrono::steady_clock::time_point received_{};  ///< arrival of the request being executed (metrics)
    RobotDriver robots_;
    std::vector<protocol::RecordedAction> actions_;  ///< every accepted action, for the game record

    mutable std::mutex info_mutex_;
    protocol::TableInfo info_;
};

}  // namespace belote::game
