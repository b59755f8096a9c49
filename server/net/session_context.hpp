#pragma once

#include "server/net/address_range.hpp"
#include "server/net/connection.hpp"

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace belote::net {

/// Settings and collaborators shared (read-only) by every HTTP and WebSocket session of a Server.
struct SessionContext {
    /// Canonical path of the directory served at "/". Files outside it are never served.
    std::filesystem::path web_root;
    /// Largest accepted incoming WebSocket message, in bytes; larger closes with 1009.
    std::size_t max_frame_bytes = 64 * 1024;
    /// Most outbound messages queued per connection (including the one being written);
    /// one more closes the connection with 4008.
    std::size_t max_send_queue = 256;
    /// Most outbound bytes queued per connection (the messages waiting and the bytes the stream
    /// holds); one more message over it closes the connection with 4008.
    std::size_t max_send_queue_bytes = 4 << 20;
    /// After the server starts closing a WebSocket, the time allowed for the pending writes and
    /// the close handshake before the TCP connection is dropped.
    std::chrono::steady_clock::duration close_timeout = std::chrono::seconds(5);
    /// A WebSocket silent for half of this is pinged; one that stays silent (no pong, no message)
    /// for all of it is dropped (TCP closed).
    std::chrono::steady_clock::duration idle_timeout = std::chrono::seconds(30);
    /// Origins besides the server's own whose pages may open a WebSocket (lowercase; origin_check.hpp).
    std::vector<std::string> allowed_origins;
    /// Peers (reverse proxies) whose X-Forwarded-For header names the client (--trusted-proxy),
    /// parsed once; shared by every session.
    std::shared_ptr<const std::vector<AddressRange>> trusted_proxies = std::make_shared<std::vector<AddressRange>>();
    /// Receives every WebSocket connection's lifecycle and messages. Owned here (so by the
    /// Server's listener); WebSocketSessions hold it weakly.
    std::shared_ptr<ConnectionHandler> handler;
};

}  // namespace belote::net
