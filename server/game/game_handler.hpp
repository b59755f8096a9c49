#pragma once
// The ConnectionHandler of the game: sessions (hello), lobby requests, and routing to tables.

#include <boost/asio/io_context.hpp>

#include <map>
#include <mutex>

#include "protocol/commands.hpp"
#include "server/config.hpp"
#include "server/game/clock.hpp"
#include "server/game/lobby.hpp"
#include "server/game/player_registry.hpp"
#include "server/game/request_guard.hpp"
#include "server/net/connection.hpp"

namespace belote::game {

/// Close code sent to a connection whose player logged in again on another connection.
inline constexpr std::uint16_t close_replaced = 4001;

/// Serves every WebSocket connection: decodes each frame (protocol::decode_request), answers
/// session and lobby requests itself and posts table requests to the table's strand. Every
/// request gets exactly one reply; an exception becomes an `internal` error (the connection
/// stays open). Thread-safe (connections call it concurrently).
class GameHandler final : public net::ConnectionHandler {
public:
    GameHandler(boost::asio::io_context& ioc, const Config& config);
    ~GameHandler() override;

    /// As above with an injected clock (tests pass a ManualClock) for deadlines, windows and rates.
    GameHandler(boost::asio::io_context& ioc, const Config& config, std::shared_ptr<Clock> clock);

    void on_open(std::shared_ptr<net::Connection> connection) override;
    void on_text(const std::shared_ptr<net::Connection>& connection, std::string text) override;
    void on_close(const std::shared_ptr<net::Connection>& connection) override;

private:
    void dispatch(const std::shared_ptr<net::Connection>& connection, const protocol::Request& request);
    void hello(const std::shared_ptr<net::Connection>& connection, const nlohmann::json& id,
               const protocol::Hello& hello);

    /// The request guard of a connection (created on first use, dropped on close).
    std::shared_ptr<RequestGuard> guard_of(std::uint64_t connection_id);
    /// True when `player` may create another table (fewer than the limit still unfinished).
    bool may_create_table(const Player& player);

    std::shared_ptr<Clock> clock_;
    Config config_;
    PlayerRegistry players_;
    Lobby lobby_;
    std::uint64_t metrics_source_ = 0;  ///< ops::Metrics table source (belote_tables)
    std::mutex guards_mutex_;
    std::map<std::uint64_t, std::shared_ptr<RequestGuard>> guards_;
    std::map<std::string, std::vector<std::weak_ptr<Table>>> created_;  ///< by player id (guards_mutex_)
};

}  // namespace belote::game
