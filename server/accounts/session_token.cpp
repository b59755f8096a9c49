#include "server/accounts/session_token.hpp"

#include <sodium.h>

#include <array>
#include <stdexcept>

namespace belote::accounts {

namespace {

template <std::size_t N>
std::string hex(const std::array<unsigned char, N>& bytes) {
    std::array<char, N * 2 + 1> out{};
    sodium_bin2hex(out.data(), out.size(), bytes.data(), bytes.size());
    return {out.data(), N * 2};
}

}  // namespace

std::string new_token() {
    if (sodium_init() < 0) throw std::runtime_error("libsodium could not be initialised");
    std::array<unsigned char, token_hex_chars / 2> bytes{};
    randombytes_buf(bytes.data(), bytes.size());
    return hex(bytes);
}

std::string token_hash(std::string_view token) {
    std::array<unsigned char, crypto_hash_sha256_BYTES> digest{};
    crypto_hash_sha256(digest.data(), reinterpret_cast<const unsigned char*>(token.data()), token.size());
    return hex(digest);
}

bool looks_like_token(std::string_view text) {
    if (text.size() != token_hex_chars) return false;
    for (char c : text)
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
    return true;
}

}  // namespace belote::accounts
