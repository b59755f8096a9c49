#include "server/tables/random_source.hpp"

#include <mutex>
#include <random>

namespace belote::tables {
namespace {

std::unique_ptr<std::random_device> open_device() {
    try {
        return std::make_unique<std::random_device>("/dev/urandom");
    } catch (const std::exception&) {
        return std::make_unique<std::random_device>();  // the platform default (e.g. getentropy)
    }
}

class OsRandomSource final : public RandomSource {
public:
    std::string token() override {
        static constexpr char hex[] = "0123456789abcdef";
        std::string token;
        token.reserve(32);
        for (int i = 0; i < 4; ++i) {
            std::uint32_t word = next32();
            for (int k = 0; k < 8; ++k, word >>= 4) token.push_back(hex[word & 0xF]);
        }
        return token;
    }
    std::uint64_t seed() override { return (static_cast<std::uint64_t>(next32()) << 32) | next32(); }
    std::string id(char prefix) override {
        static constexpr char base32[] = "abcdefghijklmnopqrstuvwxyz234567";
        std::uint64_t high = seed(), low = next32();
        std::string id(1, prefix);
        for (int i = 0; i < 12; ++i, high >>= 5) id.push_back(base32[high & 31]);
        for (int i = 0; i < 2; ++i, low >>= 5) id.push_back(base32[low & 31]);
        return id;
    }

private:
    /// 32 random bits; std::random_device is not guaranteed thread-safe, so it is used under a lock.
    std::uint32_t next32() {
        std::lock_guard lock(mutex_);
        return static_cast<std::uint32_t>((*device_)());
    }
    std::mutex mutex_;
    std::unique_ptr<std::random_device> device_ = open_device();
};

}  // namespace

std::shared_ptr<RandomSource> os_random_source() { return std::make_shared<OsRandomSource>(); }

}  // namespace belote::tables
