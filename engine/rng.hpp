#pragma once
// The seeded random generator owned by a match or a robot (docs/design.md invariant 1).

#include <cstdint>

namespace belote {

/// SplitMix64: small, fast and identical on every platform (unlike std:: distributions, whose
/// output is implementation-defined), so a seed reproduces the same match everywhere.
class Rng {
public:
    explicit Rng(std::uint64_t seed) : state_(seed) {}
    /// Next 64 uniformly distributed bits.
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    /// Uniform integer in [0, bound) for bound >= 1, without modulo bias (rejection sampling).
    std::uint64_t below(std::uint64_t bound) {
        std::uint64_t limit = ~std::uint64_t{0} - (~std::uint64_t{0} % bound);
        std::uint64_t x;
        do x = next();
        while (x >= limit);
        return x % bound;
    }

private:
    std::uint64_t state_;
};

}  // namespace belote
