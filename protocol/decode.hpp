#pragma once
// Client frames -> typed requests, with every validation rule of docs/protocol.md.

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>

#include "protocol/commands.hpp"
#include "protocol/error_code.hpp"

namespace belote::protocol {

/// A request that could not be decoded: the reply to send is error(id, code, message).
struct DecodeError {
    RequestId id;  ///< the request id, or std::monostate when it could not be read
    ErrorCode code = ErrorCode::BadMessage;
    std::string message;  ///< human-readable; names the offending field for bad_message
};

using Decoded = std::variant<Request, DecodeError>;

/// Deepest nesting of arrays/objects accepted in a client frame (the protocol itself needs 2).
/// Deeper frames are refused as bad_json before they are parsed, so no recursive step of the
/// parser can ever see an attacker-chosen depth.
inline constexpr int max_json_depth = 32;

/// Longest string request id, in Unicode characters (a longer one is refused as bad_message with
/// `"id":null`: ids are remembered per connection, so their size is bounded).
inline constexpr std::size_t max_request_id_chars = 64;

/// Longest nickname, in Unicode characters (code points).
inline constexpr std::size_t max_nickname_chars = 24;

/// Checks a nickname (protocol/text_rules.hpp check_nickname): 1..max_nickname_chars code points
/// after NFC normalization, of general categories other than Cc, Cf, Zl, Zp, Co and Cn, no Hangul
/// filler nor U+034F, not blank. Returns a reason when invalid, an empty string when valid.
std::string nickname_problem(std::string_view nickname);

/// Decodes one client frame.
///
/// Output: a Request, or a DecodeError with, in order of checking:
/// - bad_json (no id): `text` is not JSON, or not a JSON object, or nests arrays/objects deeper
///   than max_json_depth;
/// - bad_message (no id): `id` missing, or neither a 64-bit integer nor a string of at most
///   max_request_id_chars characters;
/// - bad_message: `type` missing or not a string; unknown_type: not a known message type;
/// - bad_message naming the field: a required field missing or of the wrong type, a card or suit
///   that is not valid notation; a seat that does not fit is bad_seat instead;
/// - unsupported_protocol, bad_nickname (hello), invalid_username and weak_password (register;
///   a password over max_password_bytes is bad_message), unsupported_protocol (login with a
///   `protocol` other than 1), invalid_options (create_table, set_options), bad_chat (chat).
/// Unknown extra fields are ignored. Never throws.
Decoded decode_request(std::string_view text) noexcept;

}  // namespace belote::protocol
