#pragma once
// WebSocket close codes used by the server. 1000-1015 are RFC 6455; 4000-4999 are ours
// (documented in docs/protocol.md).

#include <cstdint>

namespace belote::net::close_code {

/// Normal closure.
inline constexpr std::uint16_t normal = 1000;
/// Server shutting down.
inline constexpr std::uint16_t going_away = 1001;
/// A binary frame was received: the protocol is text-only.
inline constexpr std::uint16_t unsupported_data = 1003;
/// Graceful shutdown: the server is restarting, reconnect later (server/ops/shutdown.hpp).
inline constexpr std::uint16_t service_restart = 1012;
/// A frame larger than Config::max_frame_bytes was received (sent by Beast itself).
inline constexpr std::uint16_t message_too_big = 1009;
/// The outbound queue overflowed: the client reads too slowly.
inline constexpr std::uint16_t send_queue_full = 4008;

}  // namespace belote::net::close_code
