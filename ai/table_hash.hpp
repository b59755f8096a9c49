#pragma once
// The hash of the solvers' transposition tables.

#include <cstdint>

namespace belote::ai {

/// MurmurHash3's 64-bit finalizer: every bit of `x` moves every bit of the result, so that a table
/// index taken from the low bits depends on the whole key.
inline std::uint64_t table_hash(std::uint64_t x) {
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33;
    return x;
}

}  // namespace belote::ai
