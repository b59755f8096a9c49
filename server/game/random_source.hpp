#pragma once
// Unpredictable values from the operating system's CSPRNG (session tokens, match seeds).

#include <cstdint>
#include <functional>
#include <string>

namespace belote::game {

/// 128 bits from the OS random source (/dev/urandom via std::random_device), as 32 lowercase hex
/// digits. Thread-safe. Throws std::runtime_error if no random source is available.
std::string random_token();

/// 64 bits from the same source (a match seed). Thread-safe.
std::uint64_t random_seed();

/// Replaces both sources for the whole process (tests that must reproduce every token and seed);
/// empty functions restore the OS source. Not thread-safe: call before any table exists.
void replace_random_source(std::function<std::string()> token, std::function<std::uint64_t()> seed);

}  // namespace belote::game
