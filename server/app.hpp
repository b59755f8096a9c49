#pragma once
// The one function the game layer (server/game/) provides to main.

#include "server/config.hpp"
#include "server/net/connection.hpp"

#include <boost/asio/io_context.hpp>

#include <memory>

namespace belote {

/// Creates the handler that serves every WebSocket connection (lobby, tables, robots...).
/// Called once by main before the server starts accepting; `ioc` is run by config.threads
/// threads and outlives the handler's use by the server. May throw to abort startup.
std::shared_ptr<net::ConnectionHandler> make_game_handler(boost::asio::io_context& ioc, const Config& config);

}  // namespace belote
