#pragma once
// The set of tables: creation, lookup, listing.

#include <boost/asio/io_context.hpp>

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/game/table.hpp"

namespace belote::game {

/// Thread-safe directory of tables. Table ids are "t1", "t2", ... in creation order.
class Lobby {
public:
    Lobby(boost::asio::io_context& ioc, std::chrono::milliseconds robot_delay) : ioc_(ioc), robot_delay_(robot_delay) {}

    /// With the clock and the limits every table created here uses.
    Lobby(boost::asio::io_context& ioc, std::chrono::milliseconds robot_delay, std::shared_ptr<Clock> clock,
          TablePolicy policy)
        : ioc_(ioc), robot_delay_(robot_delay), clock_(std::move(clock)), policy_(policy) {}

    /// Creates a table for `options` (must be valid) with a fresh random match seed.
    std::shared_ptr<Table> create(const MatchOptions& options);

    /// Creates a table with platform options `settings` (protocol/table_options.hpp).
    std::shared_ptr<Table> create(const MatchOptions& options, const protocol::TableSettings& settings);

    /// The table with id `id`, or null.
    std::shared_ptr<Table> find(const std::string& id) const;

    /// Every table, in creation order.
    std::vector<std::shared_ptr<Table>> tables() const;

    /// The public description of every table, in creation order.
    std::vector<protocol::TableInfo> list() const;

private:
    boost::asio::io_context& ioc_;
    std::chrono::milliseconds robot_delay_;
    std::shared_ptr<Clock> clock_;  ///< null: each table uses the system clock
    TablePolicy policy_;
    mutable std::mutex mutex_;
    std::map<std::uint64_t, std::shared_ptr<Table>> tables_;  ///< by creation number
    std::uint64_t next_ = 1;
};

}  // namespace belote::game
