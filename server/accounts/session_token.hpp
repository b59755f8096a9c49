#pragma once
// Session tokens (docs/protocol.md "Accounts"): 256 random bits, given to the client once; the
// store keeps only their SHA-256, so a copy of the database holds no usable token.

#include <string>
#include <string_view>

namespace belote::accounts {

/// Hex digits of a token (256 bits).
inline constexpr std::size_t token_hex_chars = 64;

/// A fresh token: 32 bytes of libsodium's randombytes_buf, as 64 lowercase hex digits.
std::string new_token();

/// The SHA-256 (crypto_hash_sha256) of `token`'s characters, as 64 lowercase hex digits: the key of
/// its store::Session.
std::string token_hash(std::string_view token);

/// Whether `text` has the shape of a token (64 lowercase hex digits). Anything else is unknown
/// without a look-up.
bool looks_like_token(std::string_view text);

}  // namespace belote::accounts
