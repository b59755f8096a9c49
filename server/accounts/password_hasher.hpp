#pragma once
// Password hashing: Argon2id through libsodium's crypto_pwhash_str (docs/operations.md "Accounts").
// Each call takes the time and memory of its limits (moderate: about 0.5 s and 256 MiB), so callers
// run it on the hashing pool (accounts::AccountService), never on an I/O thread or a table strand.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace belote::accounts {

/// The cost of one hash: libsodium's opslimit and memlimit.
struct HashLimits {
    unsigned long long ops = 0;
    std::size_t mem = 0;
};

/// The limits named `name`: "interactive", "moderate" (the server's default) or "sensitive"
/// (crypto_pwhash_OPSLIMIT_* / MEMLIMIT_*); nullopt for another name.
std::optional<HashLimits> hash_limits(std::string_view name);

/// Hashes and checks passwords with one set of limits. Thread-safe (no state but the limits).
class PasswordHasher {
public:
    /// Initialises libsodium (sodium_init). Throws std::runtime_error when it cannot.
    explicit PasswordHasher(HashLimits limits);

    /// The crypto_pwhash_str string of `password` (Argon2id, a random salt, the limits in it).
    /// Throws std::runtime_error when libsodium cannot (out of memory).
    std::string hash(std::string_view password) const;

    /// Whether `password` matches `hashed` (crypto_pwhash_str_verify); false for a malformed hash.
    bool verify(const std::string& hashed, std::string_view password) const;

    /// Whether `hashed` was made with other limits than this hasher's (or another algorithm):
    /// the password should be hashed again at the next successful login.
    bool needs_rehash(const std::string& hashed) const;

private:
    HashLimits limits_;
};

}  // namespace belote::accounts
