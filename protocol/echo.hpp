#pragma once
// How an error message quotes what a client sent (docs/protocol.md "Errors").

#include <string>
#include <string_view>

namespace belote::protocol {

/// The most characters of a client's text an error message quotes.
inline constexpr std::size_t echo_limit = 32;

/// `text` (valid UTF-8, as parsed from the client's JSON) in single quotes, cut after echo_limit
/// characters with "…" so that a huge value is not sent back whole: "'dance'", "'aaaa…'".
std::string echoed(std::string_view text);

}  // namespace belote::protocol
