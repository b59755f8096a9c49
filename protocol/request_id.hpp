#pragma once
// The id of a client request: chosen by the client, echoed in its one reply (docs/protocol.md).

#include <cstdint>
#include <string>
#include <variant>

namespace belote::protocol {

/// An id as the client sent it: an integer or a string; std::monostate when it could not be read
/// (the reply then carries `"id":null`). Compared by kind and value (1 and "1" differ).
using RequestId = std::variant<std::monostate, std::int64_t, std::string>;

}  // namespace belote::protocol
