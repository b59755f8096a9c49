#include "tests/store/server_lives.hpp"

namespace belote::testing {

ServerLives::ServerLives(std::filesystem::path dir, std::vector<std::string> args)
    : dir_(std::move(dir)), args_(std::move(args)) {
    std::lock_guard lock(mutex_);
    server_ = std::make_unique<ServerProcess>(dir_, args_);
}

unsigned short ServerLives::port() {
    std::lock_guard lock(mutex_);
    return server_->port();
}

std::uint64_t ServerLives::generation() {
    std::lock_guard lock(mutex_);
    return generation_;
}

bool ServerLives::wait_past(std::uint64_t seen) {
    std::unique_lock lock(mutex_);
    return changed_.wait_for(lock, std::chrono::seconds(30), [&] { return generation_ > seen; });
}

void ServerLives::kill_and_restart(std::vector<std::string> env) {
    std::lock_guard lock(mutex_);
    server_->kill9();
    restart_locked(std::move(env));
}

bool ServerLives::wait_death_and_restart(const std::string& marker) {
    ServerProcess* server = nullptr;
    {
        std::lock_guard lock(mutex_);
        server = server_.get();  // replaced only by this thread
    }
    // Not under the lock: the clients need port() to go on playing (and writing).
    const bool died = server->wait_exit_for(std::chrono::seconds(30));
    const bool in_commit = server->output().find(marker) != std::string::npos;
    std::lock_guard lock(mutex_);
    restart_locked({});
    return died && in_commit;
}

void ServerLives::stop() {
    std::lock_guard lock(mutex_);
    server_->terminate();
    server_.reset();
    next_generation_locked();
}

std::string ServerLives::output() {
    std::lock_guard lock(mutex_);
    return server_ ? server_->output() : std::string();
}

void ServerLives::restart_locked(std::vector<std::string> env) {
    server_.reset();
    server_ = std::make_unique<ServerProcess>(dir_, args_, std::move(env));
    next_generation_locked();
}

void ServerLives::next_generation_locked() {
    ++generation_;
    changed_.notify_all();
}

}  // namespace belote::testing
