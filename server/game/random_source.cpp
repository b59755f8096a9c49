#include "server/game/random_source.hpp"

#include <memory>
#include <mutex>
#include <random>

namespace belote::game {
namespace {

std::unique_ptr<std::random_device> open_device() {
    try {
        return std::make_unique<std::random_device>("/dev/urandom");
    } catch (const std::exception&) {
        return std::make_unique<std::random_device>();  // the platform default (e.g. getentropy)
    }
}

/// 32 random bits; std::random_device is not guaranteed thread-safe, so one is shared under a lock.
std::uint32_t next32() {
    static std::mutex mutex;
    static std::unique_ptr<std::random_device> device = open_device();
    std::lock_guard lock(mutex);
    return static_cast<std::uint32_t>((*device)());
}

std::function<std::string()> token_override;
std::function<std::uint64_t()> seed_override;

}  // namespace

void replace_random_source(std::function<std::string()> token, std::function<std::uint64_t()> seed) {
    token_override = std::move(token);
    seed_override = std::move(seed);
}

std::string random_token() {
    if (token_override) return token_override();
    static constexpr char hex[] = "0123456789abcdef";
    std::string token;
    token.reserve(32);
    for (int i = 0; i < 4; ++i) {
        std::uint32_t word = next32();
        for (int k = 0; k < 8; ++k, word >>= 4) token.push_back(hex[word & 0xF]);
    }
    return token;
}

std::uint64_t random_seed() {
    if (seed_override) return seed_override();
    return (static_cast<std::uint64_t>(next32()) << 32) | next32();
}

}  // namespace belote::game
