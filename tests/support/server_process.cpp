#include "tests/support/server_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <future>
#include <random>
#include <regex>
#include <stdexcept>

extern char** environ;

namespace belote::testing {

#ifndef BELOTE_SERVER_BINARY
#error "BELOTE_SERVER_BINARY must name the belote-server executable (set by tests/CMakeLists.txt)"
#endif

namespace {

/// Spawns the binary with `args` and this process's environment plus `env` ("NAME=value" each), its
/// stdout and stderr into a new pipe whose read end is returned.
std::pair<pid_t, int> spawn(std::vector<std::string> args, std::vector<std::string> env = {}) {
    args.insert(args.begin(), BELOTE_SERVER_BINARY);
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error("pipe failed");
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
    posix_spawn_file_actions_adddup2(&actions, fds[1], STDERR_FILENO);
    std::vector<char*> envp;
    for (char** e = environ; *e; ++e) envp.push_back(*e);
    for (auto& e : env) envp.push_back(e.data());
    envp.push_back(nullptr);
    pid_t pid = -1;
    int rc = ::posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), envp.data());
    posix_spawn_file_actions_destroy(&actions);
    ::close(fds[1]);
    if (rc != 0) {
        ::close(fds[0]);
        throw std::runtime_error(std::string("posix_spawn failed: ") + std::strerror(rc));
    }
    return {pid, fds[0]};
}

int wait_for(pid_t pid) {
    int status = 0;
    while (::waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
    return status;
}

}  // namespace

ServerProcess::ServerProcess(const std::filesystem::path& data_dir, std::vector<std::string> extra_args,
                             std::vector<std::string> env) {
    std::vector<std::string> args{"--address",  "127.0.0.1",      "--port",
                                  "0",          "--web-dir",      std::filesystem::temp_directory_path().string(),
                                  "--data-dir", data_dir.string()};
    args.insert(args.end(), extra_args.begin(), extra_args.end());
    std::tie(pid_, read_fd_) = spawn(std::move(args), std::move(env));

    const std::regex listening(R"(listening on http://127\.0\.0\.1:(\d+))");
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
    while (port_ == 0) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            kill9();
            throw std::runtime_error("server did not announce its port: " + output());
        }
        pollfd p{read_fd_, POLLIN, 0};
        int n = ::poll(&p, 1, static_cast<int>(left.count()));
        if (n <= 0) continue;
        char buffer[4096];
        ssize_t got = ::read(read_fd_, buffer, sizeof buffer);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) {
            wait_for(pid_);
            exited_ = true;
            ::close(read_fd_);
            read_fd_ = -1;
            throw std::runtime_error("server exited before listening: " + output());
        }
        append(std::string_view(buffer, static_cast<std::size_t>(got)));
        std::smatch m;
        std::string all = output();
        if (std::regex_search(all, m, listening)) port_ = static_cast<unsigned short>(std::stoi(m[1]));
    }
    // Keep draining the pipe so the server never blocks on logging.
    drainer_ = std::thread([this] {
        char buffer[4096];
        for (;;) {
            ssize_t got = ::read(read_fd_, buffer, sizeof buffer);
            if (got < 0 && errno == EINTR) continue;
            if (got <= 0) return;
            append(std::string_view(buffer, static_cast<std::size_t>(got)));
        }
    });
}

ServerProcess::~ServerProcess() {
    if (!exited_) {
        ::kill(pid_, SIGTERM);
        auto exited = std::async(std::launch::async, [pid = pid_] { return wait_for(pid); });
        if (exited.wait_for(std::chrono::seconds(10)) != std::future_status::ready) ::kill(pid_, SIGKILL);
        exited.wait();
    }
    if (drainer_.joinable()) drainer_.join();
    if (read_fd_ >= 0) ::close(read_fd_);
}

std::string ServerProcess::output() const {
    std::lock_guard lock(mutex_);
    return output_;
}

void ServerProcess::append(std::string_view text) {
    std::lock_guard lock(mutex_);
    output_.append(text);
}

void ServerProcess::kill9() {
    if (exited_) return;
    ::kill(pid_, SIGKILL);
    wait_for(pid_);
    exited_ = true;
}

bool ServerProcess::wait_exit_for(std::chrono::milliseconds timeout) {
    if (exited_) return true;
    auto exited = std::async(std::launch::async, [pid = pid_] { return wait_for(pid); });
    if (exited.wait_for(timeout) != std::future_status::ready) {
        ::kill(pid_, SIGKILL);  // the waiting thread reaps it
        exited.wait();
        exited_ = true;
        return false;
    }
    exited_ = true;
    if (drainer_.joinable()) drainer_.join();  // to the end of the pipe: output() holds every line
    return true;
}

int ServerProcess::terminate() {
    if (exited_) return 0;
    ::kill(pid_, SIGTERM);
    int status = wait_for(pid_);
    exited_ = true;
    return status;
}

std::pair<int, std::string> run_server_command(std::vector<std::string> args) {
    auto [pid, fd] = spawn(std::move(args));
    std::string out;
    char buffer[4096];
    for (;;) {
        ssize_t got = ::read(fd, buffer, sizeof buffer);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) break;
        out.append(buffer, static_cast<std::size_t>(got));
    }
    ::close(fd);
    int status = wait_for(pid);
    return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

TempDir::TempDir(const std::string& name) {
    std::random_device random;
    path_ = std::filesystem::temp_directory_path() /
            ("belote-" + name + "-" + std::to_string(::getpid()) + "-" + std::to_string(random()));
    std::filesystem::create_directories(path_);
}

TempDir::~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
}

}  // namespace belote::testing
