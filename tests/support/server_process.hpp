#pragma once
// The real belote-server binary as a child process on a free port, with its own data directory.
// Its output is read from a pipe (the port comes from the "listening on" log line) and kept for
// failure messages.

#include <sys/types.h>

#include <chrono>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace belote::testing {

/// One run of belote-server. The destructor stops it (SIGTERM, then SIGKILL after 10 s).
class ServerProcess {
public:
    /// Starts the binary with `--data-dir data_dir`, loopback, port 0, then `extra_args`; waits (up
    /// to 20 s) for it to listen. Throws std::runtime_error with its output if it does not.
    /// `env`: more environment variables ("NAME=value") than the test's own.
    ServerProcess(const std::filesystem::path& data_dir, std::vector<std::string> extra_args,
                  std::vector<std::string> env = {});
    ~ServerProcess();
    ServerProcess(const ServerProcess&) = delete;
    ServerProcess& operator=(const ServerProcess&) = delete;

    unsigned short port() const { return port_; }
    pid_t pid() const { return pid_; }
    /// Everything the server printed so far.
    std::string output() const;
    /// SIGKILL, and waits for the process to be gone.
    void kill9();
    /// Waits up to `timeout` for the process to end by itself: true when it did (output() then holds
    /// all it printed); otherwise kills it (SIGKILL) and returns false.
    bool wait_exit_for(std::chrono::milliseconds timeout);
    /// SIGTERM; returns the exit status (waitpid's) once it exited.
    int terminate();

private:
    void append(std::string_view text);
    int wait_exit();

    pid_t pid_ = -1;
    bool exited_ = false;
    int read_fd_ = -1;
    unsigned short port_ = 0;
    std::thread drainer_;
    mutable std::mutex mutex_;
    std::string output_;
};

/// Runs the binary with `args` to completion (a command such as --backup): exit status and output.
std::pair<int, std::string> run_server_command(std::vector<std::string> args);

/// A fresh empty directory under the temporary directory, removed by the destructor.
class TempDir {
public:
    explicit TempDir(const std::string& name);
    ~TempDir();
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

}  // namespace belote::testing
