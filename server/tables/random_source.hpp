#pragma once
// Unpredictable values: session tokens, invitation codes, match seeds, table and player ids.

#include <cstdint>
#include <memory>
#include <string>

namespace belote::tables {

/// Where the server's unpredictable values come from. Thread-safe. The default reads the operating
/// system's CSPRNG; tests that must reproduce a session inject their own.
class RandomSource {
public:
    virtual ~RandomSource() = default;
    /// 128 bits as 32 lowercase hex digits (a session token, an invitation code).
    virtual std::string token() = 0;
    /// 64 bits (a match seed).
    virtual std::uint64_t seed() = 0;
    /// An id: `prefix` then 14 characters of base 32 (70 bits): unguessable, unique across
    /// restarts and processes, and short enough for the small-string buffer (15 characters).
    virtual std::string id(char prefix) = 0;
};

/// The OS CSPRNG (/dev/urandom through std::random_device). Throws std::runtime_error if no random
/// source is available.
std::shared_ptr<RandomSource> os_random_source();

}  // namespace belote::tables
