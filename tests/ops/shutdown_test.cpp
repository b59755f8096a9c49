// Graceful shutdown of the real belote-server binary (child process): SIGTERM makes /readyz
// answer 503, connected WebSocket clients receive close code 1012, and the process exits 0 within
// its deadline.

#include <gtest/gtest.h>

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio/connect.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http.hpp>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <mutex>
#include <optional>
#include <regex>
#include <thread>

#include "tests/server/game_client.hpp"

extern char** environ;

namespace belote::testing {
namespace shutdown_test {

#ifndef BELOTE_SERVER_BINARY
#error "BELOTE_SERVER_BINARY must name the belote-server executable (set by tests/CMakeLists.txt)"
#endif

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using Clock = std::chrono::steady_clock;

/// belote-server as a child process on a free port; its output is collected from a pipe.
class Child {
public:
    explicit Child(std::vector<std::string> extra) {
        int fds[2];
        if (::pipe2(fds, O_CLOEXEC) != 0) throw std::runtime_error("pipe failed");
        read_fd_ = fds[0];
        data_dir_ = std::filesystem::temp_directory_path() / ("belote-shutdown-test-" + std::to_string(::getpid()));
        std::vector<std::string> args{BELOTE_SERVER_BINARY,
                                      "--address",
                                      "127.0.0.1",
                                      "--port",
                                      "0",
                                      "--web-dir",
                                      std::filesystem::temp_directory_path().string(),
                                      "--data-dir",
                                      data_dir_.string(),
                                      "--robot-delay-ms",
                                      "0"};
        args.insert(args.end(), extra.begin(), extra.end());
        std::vector<char*> argv;
        for (auto& a : args) argv.push_back(a.data());
        argv.push_back(nullptr);
        posix_spawn_file_actions_t actions;
        posix_spawn_file_actions_init(&actions);
        posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO);
        posix_spawn_file_actions_adddup2(&actions, fds[1], STDERR_FILENO);
        const int rc = ::posix_spawn(&pid_, argv[0], &actions, nullptr, argv.data(), environ);
        posix_spawn_file_actions_destroy(&actions);
        ::close(fds[1]);
        if (rc != 0) throw std::runtime_error(std::string("posix_spawn: ") + std::strerror(rc));
        reader_ = std::thread([this] {
            char buffer[4096];
            for (;;) {
                const ssize_t got = ::read(read_fd_, buffer, sizeof buffer);
                if (got < 0 && errno == EINTR) continue;
                if (got <= 0) return;
                std::lock_guard lock(mutex_);
                output_.append(buffer, static_cast<std::size_t>(got));
            }
        });
        const std::regex listening(R"(listening on http://127\.0\.0\.1:(\d+))");
        const auto deadline = Clock::now() + std::chrono::seconds(20);
        while (port_ == 0) {
            if (Clock::now() > deadline) throw std::runtime_error("no port announced: " + output());
            std::smatch m;
            const std::string all = output();
            if (std::regex_search(all, m, listening))
                port_ = static_cast<unsigned short>(std::stoi(m[1]));
            else
                std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
    }

    ~Child() {
        if (!status_) {
            ::kill(pid_, SIGKILL);
            wait_exit(std::chrono::seconds(10));
        }
        if (reader_.joinable()) reader_.join();
        ::close(read_fd_);
        std::error_code ec;
        std::filesystem::remove_all(data_dir_, ec);
    }

    unsigned short port() const { return port_; }
    pid_t pid() const { return pid_; }
    const std::filesystem::path& data_dir() const { return data_dir_; }

    std::string output() const {
        std::lock_guard lock(mutex_);
        return output_;
    }

    /// Waits (polling) for the child to exit; its wait status, or nullopt on timeout.
    std::optional<int> wait_exit(Clock::duration timeout) {
        const auto deadline = Clock::now() + timeout;
        while (!status_) {
            int status = 0;
            const pid_t r = ::waitpid(pid_, &status, WNOHANG);
            if (r == pid_)
                status_ = status;
            else if (Clock::now() > deadline)
                return std::nullopt;
            else
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return status_;
    }

private:
    pid_t pid_ = -1;
    int read_fd_ = -1;
    unsigned short port_ = 0;
    std::filesystem::path data_dir_;
    std::optional<int> status_;
    std::thread reader_;
    mutable std::mutex mutex_;
    std::string output_;
};

/// A keep-alive HTTP/1.1 connection (opened before the shutdown, usable after the listener closed).
class KeepAlive {
public:
    explicit KeepAlive(unsigned short port) : socket_(ioc_) {
        socket_.connect({asio::ip::make_address("127.0.0.1"), port});
    }
    int get_status(const std::string& target) {
        http::request<http::empty_body> req{http::verb::get, target, 11};
        req.set(http::field::host, "127.0.0.1");
        req.keep_alive(true);
        http::write(socket_, req);
        http::response<http::string_body> res;
        http::read(socket_, buffer_, res);
        return res.result_int();
    }

private:
    asio::io_context ioc_;
    asio::ip::tcp::socket socket_;
    beast::flat_buffer buffer_;
};

TEST(ShutdownTest, SigtermDrainsTellsClientsToRetryAndExitsZero) {
    Child server({"--shutdown-deadline-s", "8"});
    EXPECT_TRUE(std::filesystem::is_directory(server.data_dir())) << "data dir created at start-up";

    // A player in the middle of a match (against robots), and an HTTP connection kept alive.
    GameClient player(server.port());
    player.hello("Ana");
    const std::string table =
        player.request({{"type", "create_table"}, {"variant", "classic"}, {"target", 1000}})["table"];
    player.request({{"type", "sit"}, {"table", table}, {"seat", 0}});
    for (int s = 1; s < 4; ++s) player.request({{"type", "add_robot"}, {"table", table}, {"seat", s}});
    player.request({{"type", "start"}, {"table", table}});
    KeepAlive http_client(server.port());
    ASSERT_EQ(http_client.get_status("/readyz"), 200);

    // The player does not read for now: the server's close handshake waits for it (up to its
    // close timeout), so the drain is observable meanwhile.
    const auto signalled = Clock::now();
    ASSERT_EQ(::kill(server.pid(), SIGTERM), 0);
    int ready = 200;
    for (int i = 0; i < 200 && ready == 200; ++i) {
        ready = http_client.get_status("/readyz");
        if (ready == 200) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    EXPECT_EQ(ready, 503) << server.output();
    EXPECT_EQ(http_client.get_status("/healthz"), 200);  // alive while draining

    // No new TCP connections.
    {
        asio::io_context ioc;
        asio::ip::tcp::socket s(ioc);
        boost::system::error_code ec;
        for (int i = 0; i < 100 && !ec; ++i) {
            s.close();
            s.connect({asio::ip::make_address("127.0.0.1"), server.port()}, ec);
            if (!ec) std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        EXPECT_TRUE(ec) << "the listener still accepts";
    }

    // The player gets the events already queued, then close code 1012.
    EXPECT_EQ(player.read_until_closed(), 1012);

    const auto status = server.wait_exit(std::chrono::seconds(10));
    ASSERT_TRUE(status) << "did not exit\n" << server.output();
    EXPECT_TRUE(WIFEXITED(*status)) << server.output();
    EXPECT_EQ(WEXITSTATUS(*status), 0) << server.output();
    EXPECT_LT(Clock::now() - signalled, std::chrono::seconds(8));
    EXPECT_NE(server.output().find("shutdown: all connections closed"), std::string::npos) << server.output();
}

TEST(ShutdownTest, DeadlineBoundsTheDrainWhenAClientNeverAnswers) {
    Child server({"--shutdown-deadline-s", "1"});
    GameClient silent(server.port());  // never reads: its close handshake cannot complete
    silent.hello("Bob");
    const auto signalled = Clock::now();
    ASSERT_EQ(::kill(server.pid(), SIGTERM), 0);
    const auto status = server.wait_exit(std::chrono::seconds(10));
    ASSERT_TRUE(status) << server.output();
    EXPECT_TRUE(WIFEXITED(*status) && WEXITSTATUS(*status) == 0) << server.output();
    const auto took = Clock::now() - signalled;
    EXPECT_GE(took, std::chrono::milliseconds(900));
    EXPECT_LT(took, std::chrono::seconds(4));
}

TEST(ShutdownTest, JsonLogsAreOneObjectPerLine) {
    Child server({"--log-format", "json", "--log-level", "debug"});
    {
        GameClient client(server.port());
        client.hello("Zoé \"quoted\"");
    }
    ::kill(server.pid(), SIGINT);
    const auto status = server.wait_exit(std::chrono::seconds(15));
    ASSERT_TRUE(status);
    EXPECT_TRUE(WIFEXITED(*status) && WEXITSTATUS(*status) == 0) << server.output();
    std::istringstream lines(server.output());
    std::string line;
    int count = 0;
    while (std::getline(lines, line)) {
        json j;
        ASSERT_NO_THROW(j = json::parse(line)) << line;
        EXPECT_TRUE(j.contains("ts") && j.contains("level") && j.contains("msg")) << line;
        ++count;
    }
    EXPECT_GE(count, 4);
    EXPECT_NE(server.output().find(R"(Zoé \"quoted\")"), std::string::npos) << server.output();
}

}  // namespace shutdown_test
}  // namespace belote::testing
