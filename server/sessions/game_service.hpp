#pragma once
// The game service: every WebSocket connection's session, players (hello), the lobby
// (list_tables, create_table) and the routing of table requests to their table's actor.

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/io_context.hpp>

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "protocol/commands.hpp"
#include "protocol/error_code.hpp"
#include "server/accounts/account_service.hpp"
#include "server/config.hpp"
#include "server/net/connection.hpp"
#include "server/players/player_registry.hpp"
#include "server/store/store.hpp"
#include "server/tables/clock.hpp"
#include "server/tables/random_source.hpp"
#include "server/tables/robot_pool.hpp"
#include "server/tables/table_directory.hpp"

namespace belote::sessions {

class Session;

/// What the service runs on. Tests replace the clock (a manual one), the random source (fixed
/// sequences), the robot pool (robots on the io_context itself) and the store (in memory).
struct ServiceParts {
    std::shared_ptr<tables::Clock> clock;
    std::shared_ptr<tables::RandomSource> random;
    std::shared_ptr<tables::RobotPool> robots;
    std::shared_ptr<store::Store> store;  ///< accounts and sessions (docs/operations.md "The store")
    /// Where passwords are hashed: none for a pool of Config::password_hash_threads of their own.
    std::optional<boost::asio::any_io_executor> hash_executor = std::nullopt;
};

/// Serves every connection. Every request gets exactly one reply; an exception becomes an
/// `internal` error (the connection stays open). Thread-safe.
class GameService final : public net::ConnectionHandler {
public:
    /// The real parts: the system clock, the OS CSPRNG, config.robot_threads robot workers, the
    /// store of config.store (open_store). Usernames stored under an older name key are re-keyed,
    /// and the tables the store holds open come back. Throws store::StoreError when the store cannot
    /// be opened (corrupt, newer schema) or re-keyed.
    GameService(boost::asio::io_context& ioc, const Config& config);
    GameService(boost::asio::io_context& ioc, const Config& config, ServiceParts parts);
    ~GameService() override;

    std::shared_ptr<net::MessageSink> on_open(std::shared_ptr<net::Connection> connection) override;
    /// Waits for the password hashes and robot decisions in progress (the rest are dropped) and
    /// for the store's writer.
    void stop_workers() override;

    // Called by sessions.
    void dispatch(Session& session, protocol::Request request);
    void refuse(Session& session, const protocol::RequestId& id, protocol::ErrorCode code, std::string_view message);
    void closed(Session& session);
    std::int64_t now_ms() const { return parts_.clock->now_ms(); }

private:
    // Accounts and sessions (game_service_accounts.cpp).
    void hello(Session& session, const protocol::RequestId& id, const protocol::Hello& hello);
    void register_account(Session& session, std::shared_ptr<players::Player> player, const protocol::RequestId& id,
                          protocol::Register request);
    void login(Session& session, const protocol::RequestId& id, protocol::Login request);
    void logout(Session& session, std::shared_ptr<players::Player> player, const protocol::RequestId& id);
    /// How sign_in answers: the hello reply (with `protocol`) or the register/login one.
    enum class Reply { Hello, Session };
    /// Binds the session to the player of `account` (leaving the player it spoke for, if another),
    /// replies with `token`, closes the player's older connection (4001) and resynchronises its
    /// tables (`resume`: the last `v` the client saw at each).
    void sign_in(Session& session, const store::Account& account, const std::string& token,
                 const protocol::RequestId& id, const std::map<std::string, std::uint64_t>& resume, Reply reply,
                 bool from_token);
    /// Gives a registered player's wallet its starting balance or its daily top-up (docs/room.md),
    /// waiting until they are stored.
    void grant_chips(const std::string& account_id);
    /// The connection no longer speaks for `player`: its tables see it disconnect.
    void leave(Session& session, const std::shared_ptr<players::Player>& player);
    /// Answers a refused account request.
    void refuse(Session& session, const protocol::RequestId& id, const accounts::Refusal& refusal);
    /// Marks `session` busy with an account request and returns the completion to give the
    /// AccountService: it posts `apply(outcome, open)` to the io_context, under the session's lock
    /// (docs: Session::finish_account_request). An exception from `apply` becomes `internal`.
    template <class Outcome, class Apply>
    std::function<void(Outcome)> account_completion(Session& session, const protocol::RequestId& id, Apply apply);

    void create_table(Session& session, const players::Player& player, const protocol::RequestId& id,
                      const protocol::CreateTable& create);
    /// `history`: a page of the player's own matches, read from the store (briefly, on this thread).
    void history(Session& session, const players::Player& player, const protocol::RequestId& id,
                 const protocol::History& history);
    /// `get_record` by match: the stored record of a match that ended, with its replay.
    void match_record(Session& session, const players::Player& player, const protocol::RequestId& id,
                      const protocol::GetMatchRecord& request);
    /// `profile`: a player's progress, level, chips and recent matches, read from the store
    /// (game_service_room.cpp).
    void profile(Session& session, const players::Player& player, const protocol::RequestId& id,
                 const protocol::GetProfile& request);
    /// `leaderboard`: one page of the ranking by XP or rating, read from the store.
    void leaderboard(Session& session, const protocol::RequestId& id, const protocol::GetLeaderboard& request);
    void to_table(Session& session, std::shared_ptr<players::Player> player, const protocol::RequestId& id,
                  protocol::TableCommand command);
    /// Tables created, by creator (a player id or an IP address).
    using Created = std::map<std::string, std::vector<std::weak_ptr<tables::TableActor>>>;
    /// True when fewer than `limit` (0: no limit) of the tables `by[key]` created are unfinished;
    /// forgets the others.
    bool may_create_table(Created& by, const std::string& key, std::size_t limit);
    /// Forgets the guests nobody uses any more (at most once a minute).
    void expire_players();

    boost::asio::io_context& ioc_;
    Config config_;
    ServiceParts parts_;
    std::shared_ptr<accounts::AccountService> accounts_;
    players::PlayerRegistry players_;
    tables::TableDirectory tables_;
    std::uint64_t metrics_source_ = 0;  ///< ops::Metrics table source (belote_tables)
    std::mutex mutex_;
    Created created_;       ///< by player id
    Created created_from_;  ///< by IP address
    std::int64_t last_expiry_ = 0;
    std::map<std::string, std::size_t> connections_;  ///< open WebSocket connections by IP address
};

}  // namespace belote::sessions
