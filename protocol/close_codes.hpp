#pragma once
// Every WebSocket close code the server sends (docs/protocol.md "Close codes"). 1000-1015 are
// RFC 6455's; 4000-4999 are the protocol's own.

#include <cstdint>

namespace belote::protocol::close_code {

/// Normal closure.
inline constexpr std::uint16_t normal = 1000;
/// The client sent a binary frame: the protocol is text-only.
inline constexpr std::uint16_t unsupported_data = 1003;
/// A text frame that is not valid UTF-8 (sent by Beast itself).
inline constexpr std::uint16_t invalid_payload = 1007;
/// A frame larger than --max-frame-bytes (sent by Beast itself).
inline constexpr std::uint16_t message_too_big = 1009;
/// Internal server error.
inline constexpr std::uint16_t internal_error = 1011;
/// Graceful shutdown: the server is restarting; reconnect after a short delay.
inline constexpr std::uint16_t service_restart = 1012;
/// The player signed in on another connection.
inline constexpr std::uint16_t replaced = 4001;
/// The outbound queue overflowed: the client reads too slowly.
inline constexpr std::uint16_t send_queue_full = 4008;
/// The client sent messages faster than allowed.
inline constexpr std::uint16_t rate_limited = 4029;

}  // namespace belote::protocol::close_code
