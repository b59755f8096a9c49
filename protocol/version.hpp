#pragma once
// The protocol version spoken by this server (docs/protocol.md, `hello`).

namespace belote::protocol {

/// The only protocol version accepted in `hello.protocol` and sent back in its reply.
inline constexpr int version = 1;

}  // namespace belote::protocol
