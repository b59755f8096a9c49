#include "server/accounts/password_hasher.hpp"

#include <sodium.h>

#include <stdexcept>

namespace belote::accounts {

std::optional<HashLimits> hash_limits(std::string_view name) {
    if (name == "interactive")
        return HashLimits{crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE};
    if (name == "moderate") return HashLimits{crypto_pwhash_OPSLIMIT_MODERATE, crypto_pwhash_MEMLIMIT_MODERATE};
    if (name == "sensitive") return HashLimits{crypto_pwhash_OPSLIMIT_SENSITIVE, crypto_pwhash_MEMLIMIT_SENSITIVE};
    return std::nullopt;
}

PasswordHasher::PasswordHasher(HashLimits limits) : limits_(limits) {
    if (sodium_init() < 0) throw std::runtime_error("libsodium could not be initialised");
}

std::string PasswordHasher::hash(std::string_view password) const {
    char out[crypto_pwhash_STRBYTES];
    if (crypto_pwhash_str(out, password.data(), password.size(), limits_.ops, limits_.mem) != 0)
        throw std::runtime_error("password hashing failed (out of memory)");
    return out;
}

bool PasswordHasher::verify(const std::string& hashed, std::string_view password) const {
    if (hashed.size() >= crypto_pwhash_STRBYTES) return false;
    return crypto_pwhash_str_verify(hashed.c_str(), password.data(), password.size()) == 0;
}

bool PasswordHasher::needs_rehash(const std::string& hashed) const {
    if (hashed.size() >= crypto_pwhash_STRBYTES) return true;
    return crypto_pwhash_str_needs_rehash(hashed.c_str(), limits_.ops, limits_.mem) != 0;
}

}  // namespace belote::accounts
