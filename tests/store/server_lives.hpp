#pragma once
// The real belote-server of a crash test (crash_test.cpp, room_crash_test.cpp), killed with
// SIGKILL and started again on the same data directory while the test's clients play; they find
// the current life's port here and wait for the next one.

#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "tests/support/server_process.hpp"

namespace belote::testing {

/// The lives of one server. Thread-safe: clients on their own threads, one killer thread.
class ServerLives {
public:
    /// Starts the first life in `dir` with the server's `args`.
    ServerLives(std::filesystem::path dir, std::vector<std::string> args);

    /// The current life's port.
    unsigned short port();
    /// How many lives ended so far (0 in the first one).
    std::uint64_t generation();
    /// Blocks until the server is in a life after generation `seen`: false after 30 s.
    bool wait_past(std::uint64_t seen);
    /// Kills the server (SIGKILL), then starts it again with `env` (KEY=VALUE: a preloaded library
    /// that makes it die inside a commit, say).
    void kill_and_restart(std::vector<std::string> env = {});
    /// Waits for a server started to die inside a commit to do so, printing `marker` (false: it had
    /// not after 30 s, or died otherwise), then starts it again as kill_and_restart does.
    bool wait_death_and_restart(const std::string& marker);
    /// Stops the server (SIGTERM) for good: waiting clients see a last generation.
    void stop();
    /// What the current life printed.
    std::string output();

private:
    void restart_locked(std::vector<std::string> env);
    void next_generation_locked();

    std::filesystem::path dir_;
    std::vector<std::string> args_;
    std::mutex mutex_;
    std::condition_variable changed_;
    std::unique_ptr<ServerProcess> server_;
    std::uint64_t generation_ = 0;
};

}  // namespace belote::testing
