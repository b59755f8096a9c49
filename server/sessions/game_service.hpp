#pragma once
// The game service: every WebSocket connection's session, players (hello), the lobby
// (list_tables, create_table) and the routing of table requests to their table's actor.

#include <boost/asio/io_context.hpp>

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "protocol/commands.hpp"
#include "protocol/error_code.hpp"
#include "server/config.hpp"
#include "server/net/connection.hpp"
#include "server/players/player_registry.hpp"
#include "server/tables/clock.hpp"
#include "server/tables/random_source.hpp"
#include "server/tables/robot_pool.hpp"
#include "server/tables/table_directory.hpp"

namespace belote::sessions {

class Session;

/// What the service runs on. Tests replace the clock (a manual one), the random source (fixed
/// sequences) and the robot pool (robots on the io_context itself).
struct ServiceParts {
    std::shared_ptr<tables::Clock> clock;
    std::shared_ptr<tables::RandomSource> random;
    std::shared_ptr<tables::RobotPool> robots;
};

/// Serves every connection. Every request gets exactly one reply; an exception becomes an
/// `internal` error (the connection stays open). Thread-safe.
class GameService final : public net::ConnectionHandler {
public:
    /// The real parts: the system clock, the OS CSPRNG, config.robot_threads robot workers.
    GameService(boost::asio::io_context& ioc, const Config& config);
    GameService(boost::asio::io_context& ioc, const Config& config, ServiceParts parts);
    ~GameService() override;

    std::shared_ptr<net::MessageSink> on_open(std::shared_ptr<net::Connection> connection) override;

    // Called by sessions.
    void dispatch(Session& session, protocol::Request request);
    void refuse(Session& session, const protocol::RequestId& id, protocol::ErrorCode code, std::string_view message);
    void closed(Session& session);
    std::int64_t now_ms() const { return parts_.clock->now_ms(); }

private:
    void hello(Session& session, const protocol::RequestId& id, const protocol::Hello& hello);
    void create_table(Session& session, const players::Player& player, const protocol::RequestId& id,
                      const protocol::CreateTable& create);
    void to_table(Session& session, std::shared_ptr<players::Player> player, const protocol::RequestId& id,
                  protocol::TableCommand command);
    /// True when `player` may create another table (fewer than the limit still unfinished).
    bool may_create_table(const players::Player& player);
    /// Forgets the guests nobody uses any more (at most once a minute).
    void expire_players();

    Config config_;
    ServiceParts parts_;
    players::PlayerRegistry players_;
    tables::TableDirectory tables_;
    std::uint64_t metrics_source_ = 0;  ///< ops::Metrics table source (belote_tables)
    std::mutex mutex_;
    std::map<std::string, std::vector<std::weak_ptr<tables::TableActor>>> created_;  ///< by player id
    std::int64_t last_expiry_ = 0;
};

}  // namespace belote::sessions
