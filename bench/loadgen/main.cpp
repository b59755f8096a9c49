// belote-loadgen: drives belote-server (and the belote-echo transport baseline) over real
// WebSockets on the loopback interface and reports throughput, latency percentiles, errors and
// the server's resident memory. See docs/performance.md for the scenarios and figures.
//
// Every loop is bounded: setup has a deadline (--setup-timeout), measuring lasts --duration
// seconds, and the program then closes every connection, stops the servers it started and exits.
// Only 127.0.0.1 is ever connected to.

#include <CLI/CLI.hpp>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>

#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <deque>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

extern char** environ;

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;
using nlohmann::json;

namespace loadgen {

/// Command-line settings (see main for the flags).
struct Options {
    std::string mode = "game";  ///< game | echo | idle
    bool with_echo = false;     ///< game mode: first drive belote-echo with the same connections
    std::string server_bin;
    std::string echo_bin;
    unsigned short port = 0;
    unsigned short echo_port = 0;
    int server_pid = 0;
    int tables = 100;
    int humans = 4;        ///< connected players per table (the other seats get robots)
    int robot_tables = 0;  ///< extra tables of four robots (no connection after the start)
    double rate = 0;       ///< actions per second per table; 0 = as fast as possible
    double duration = 20;  ///< seconds of measurement
    double setup_timeout = 120;
    int connections = 1000;  ///< idle mode
    int threads = 1;
    int server_threads = 2;
    int robot_delay_ms = 700;
    int target = 1000;
    int max_connecting = 256;  ///< connection attempts in flight at once
    std::vector<std::string> server_args;
};

// ---------------------------------------------------------------------------------------------
// Measurements

/// Per-worker counters, merged at the end (each worker thread touches only its own).
struct Stats {
    std::vector<std::uint32_t> ack_us;            ///< send of an action -> its ok reply
    std::vector<std::uint32_t> event_us;          ///< send of an action -> its event at the last recipient
    std::uint64_t actions = 0;                    ///< actions acknowledged while measuring
    std::uint64_t frames_in = 0;                  ///< frames received while measuring
    std::uint64_t frames_out = 0;                 ///< frames sent while measuring
    std::uint64_t matches = 0;                    ///< matches ended while measuring
    std::map<std::string, std::uint64_t> errors;  ///< "error:<code>", "close:<code>", "connect", ...

    void merge(const Stats& o) {
        ack_us.insert(ack_us.end(), o.ack_us.begin(), o.ack_us.end());
        event_us.insert(event_us.end(), o.event_us.begin(), o.event_us.end());
        actions += o.actions;
        frames_in += o.frames_in;
        frames_out += o.frames_out;
        matches += o.matches;
        for (const auto& [k, n] : o.errors) errors[k] += n;
    }
};

std::atomic<bool> measuring{false};
std::atomic<bool> stopping{false};

/// Percentile (0..1) of `v` in milliseconds; sorts `v`.
double percentile_ms(std::vector<std::uint32_t>& v, double p) {
    if (v.empty()) return 0;
    const std::size_t k = std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())));
    std::nth_element(v.begin(), v.begin() + static_cast<long>(k), v.end());
    return v[k] / 1000.0;
}

/// VmRSS of `pid` in KiB (0 if unreadable).
long rss_kib(int pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
    return 0;
}

/// User + system CPU seconds used so far by `pid` (0 if unreadable).
double cpu_seconds(int pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string s((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto close = s.rfind(')');
    if (close == std::string::npos) return 0;
    std::istringstream fields(s.substr(close + 2));
    std::string f;
    std::vector<std::string> v;
    while (fields >> f) v.push_back(f);
    if (v.size() < 13) return 0;  // utime, stime are fields 14, 15 (index 11, 12 after the name)
    return (std::stod(v[11]) + std::stod(v[12])) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

std::uint32_t micros_since(Clock::time_point t) {
    return static_cast<std::uint32_t>(std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - t).count());
}

/// The integer after `"key":` in `text`, or -1.
long long int_after(std::string_view text, std::string_view key) {
    const auto at = text.find(key);
    if (at == std::string_view::npos) return -1;
    long long n = 0;
    bool any = false;
    for (std::size_t i = at + key.size(); i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i) {
        n = n * 10 + (text[i] - '0');
        any = true;
    }
    return any ? n : -1;
}

// ---------------------------------------------------------------------------------------------
// Worker: one io_context on one thread; many connections

class Worker;

/// One WebSocket client connection. Lives on its worker's thread only.
class Client : public std::enable_shared_from_this<Client> {
public:
    using OnMessage = std::function<void(std::string_view)>;
    using OnEvent = std::function<void()>;

    Client(Worker& worker, asio::io_context& ioc) : worker_(worker), ws_(ioc) {}

    /// Connects and handshakes to 127.0.0.1:`port`/ws, then calls `on_open` (or `on_fail`).
    void connect(unsigned short port, OnEvent on_open, OnEvent on_fail);
    void send(std::string text);
    void close();
    bool open() const { return open_; }

    OnMessage on_message;
    OnEvent on_closed;

private:
    void do_read();
    void do_write();

    Worker& worker_;
    websocket::stream<beast::tcp_stream> ws_;
    beast::flat_buffer buffer_;
    std::deque<std::string> queue_;
    bool open_ = false;
    bool closing_ = false;
};

class Worker {
public:
    Worker() : work_(asio::make_work_guard(ioc_)) {}
    asio::io_context& ioc() { return ioc_; }
    Stats stats;
    std::mt19937_64 rng{std::random_device{}()};

    /// Runs `start` when fewer than `max` connection attempts are in flight on this worker.
    void when_connect_slot(std::function<void()> start) {
        waiting_.push_back(std::move(start));
        pump();
    }
    void connect_done() {
        --in_flight_;
        pump();
    }
    int max_connecting = 256;

    void run() {
        thread_ = std::thread([this] { ioc_.run(); });
    }
    void stop() {
        work_.reset();
        ioc_.stop();
        if (thread_.joinable()) thread_.join();
    }

private:
    void pump() {
        while (in_flight_ < max_connecting && !waiting_.empty()) {
            ++in_flight_;
            auto f = std::move(waiting_.front());
            waiting_.pop_front();
            f();
        }
    }
    asio::io_context ioc_;
    asio::executor_work_guard<asio::io_context::executor_type> work_;
    std::thread thread_;
    std::deque<std::function<void()>> waiting_;
    int in_flight_ = 0;
};

void Client::connect(unsigned short port, OnEvent on_open, OnEvent on_fail) {
    worker_.when_connect_slot([self = shared_from_this(), port, on_open = std::move(on_open),
                               on_fail = std::move(on_fail)]() mutable {
        auto& tcp_layer = beast::get_lowest_layer(self->ws_);
        tcp_layer.expires_after(std::chrono::seconds(30));
        tcp_layer.async_connect(
            tcp::endpoint(asio::ip::make_address("127.0.0.1"), port),
            [self, on_open = std::move(on_open), on_fail = std::move(on_fail)](beast::error_code ec) mutable {
                if (ec) {
                    self->worker_.stats.errors["connect: " + ec.message()]++;
                    self->worker_.connect_done();
                    return on_fail();
                }
                beast::get_lowest_layer(self->ws_).socket().set_option(tcp::no_delay(true));
                self->ws_.async_handshake(
                    "127.0.0.1", "/ws",
                    [self, on_open = std::move(on_open), on_fail = std::move(on_fail)](beast::error_code ec) mutable {
                        self->worker_.connect_done();
                        if (ec) {
                            self->worker_.stats.errors["handshake: " + ec.message()]++;
                            return on_fail();
                        }
                        beast::get_lowest_layer(self->ws_).expires_never();
                        self->ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
                        self->ws_.text(true);
                        self->open_ = true;
                        self->do_read();
                        on_open();
                    });
            });
    });
}

void Client::do_read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
        if (ec) {
            const bool was_open = self->open_;
            self->open_ = false;
            if (was_open && !self->closing_ && !stopping.load(std::memory_order_relaxed)) {
                if (ec == websocket::error::closed)
                    self->worker_.stats.errors["close:" + std::to_string(self->ws_.reason().code)]++;
                else
                    self->worker_.stats.errors["read: " + ec.message()]++;
            }
            if (was_open && self->on_closed) self->on_closed();
            self->on_message = nullptr;  // break cycles with the drivers
            self->on_closed = nullptr;
            return;
        }
        if (measuring.load(std::memory_order_relaxed)) self->worker_.stats.frames_in++;
        const auto data = self->buffer_.cdata();
        if (self->on_message) self->on_message(std::string_view(static_cast<const char*>(data.data()), data.size()));
        self->buffer_.consume(self->buffer_.size());
        self->do_read();
    });
}

void Client::send(std::string text) {
    if (!open_ || closing_) return;
    queue_.push_back(std::move(text));
    if (queue_.size() == 1) do_write();
}

void Client::do_write() {
    if (measuring.load(std::memory_order_relaxed)) worker_.stats.frames_out++;
    ws_.async_write(asio::buffer(queue_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
        if (ec) {
            self->queue_.clear();
            return;
        }
        self->queue_.pop_front();
        if (!self->queue_.empty()) self->do_write();
    });
}

void Client::close() {
    if (!open_ || closing_) return;
    closing_ = true;
    ws_.async_close(websocket::close_code::normal, [self = shared_from_this()](beast::error_code) {});
}

// ---------------------------------------------------------------------------------------------
// Drivers

/// Setup progress shared by every driver (atomics: drivers live on different workers).
struct Progress {
    std::atomic<int> ready{0};   ///< drivers ready to start measuring
    std::atomic<int> failed{0};  ///< drivers that gave up during setup
};

/// Common interface: each driver belongs to one worker and is only touched on its thread.
class Driver {
public:
    virtual ~Driver() = default;
    virtual void setup() = 0;  ///< connect, authenticate, seat...; then progress.ready++
    virtual void go() = 0;     ///< start the measured activity
    virtual void shutdown() = 0;
};

/// A table of `humans` real protocol clients (seats 0..humans-1) and robots in the other seats,
/// playing complete matches one after the other; each new match is at a new table.
/// With `leave_after_start`, the only client leaves after the start: four robots play on.
class TableDriver final : public Driver {
public:
    TableDriver(Worker& w, const Options& o, Progress& p, int humans, bool leave_after_start)
        : w_(w), o_(o), progress_(p), humans_(humans), leave_(leave_after_start) {}

    void setup() override {
        for (int s = 0; s < humans_; ++s) {
            auto c = std::make_shared<Client>(w_, w_.ioc());
            clients_.push_back(c);
            c->on_message = [this, s](std::string_view m) { on_message(s, m); };
            c->on_closed = [this] {
                if (!done_) fail("closed");
            };
            c->connect(
                o_.port, [this, s] { hello(s); }, [this] { fail("connect"); });
        }
    }

    void go() override {
        if (failed_) return;
        started_ = true;
        if (seated_) send_start();
    }

    void shutdown() override {
        done_ = true;
        for (auto& c : clients_) c->close();
        for (auto& t : timers_) t->cancel();
    }

private:
    struct Pending {
        int seat;
        Clock::time_point sent;
        long long v = -1;
        int seen = 0;
        bool acked = false;
    };

    void request(int seat, json msg, std::function<void(const json&)> on_reply) {
        const auto id = ++id_;
        msg["id"] = id;
        replies_[id] = std::move(on_reply);
        clients_[seat]->send(msg.dump());
    }

    void fail(const std::string& why) {
        if (failed_ || done_) return;
        failed_ = true;
        w_.stats.errors["setup: " + why]++;
        if (!counted_ready_) progress_.failed++;
    }

    void hello(int s) {
        request(s, {{"type", "hello"}, {"protocol", 1}, {"nickname", "lg" + std::to_string(s)}}, [this](const json& r) {
            if (r["type"] != "ok") return fail("hello");
            if (++hellos_ == humans_) create();
        });
    }

    void create() {
        seated_ = false;
        sits_ = 0;
        acts_.clear();
        pending_.clear();
        request(0, {{"type", "create_table"}, {"variant", "classic"}, {"target", o_.target}}, [this](const json& r) {
            if (r["type"] != "ok") return fail("create_table");
            table_ = r["table"].get<std::string>();
            // Client 0 sits first: the first seated player is the table's chief, the only one who
            // may add robots and start (sent concurrently, another client sometimes sat first
            // and the start was refused with not_chief).
            sit(0, [this] {
                for (int s = 1; s < 4; ++s) sit(s, [] {});
            });
        });
    }

    void sit(int s, std::function<void()> then) {
        json m = {{"table", table_}, {"seat", s}};
        m["type"] = s < humans_ ? "sit" : "add_robot";
        request(s < humans_ ? s : 0, m, [this, then = std::move(then)](const json& r) {
            if (r["type"] != "ok") return fail("sit");
            then();
            if (++sits_ == 4) seated();
        });
    }

    void seated() {
        seated_ = true;
        if (!counted_ready_) {
            counted_ready_ = true;
            progress_.ready++;
        }
        if (started_) send_start();
    }

    void send_start() {
        request(0, {{"type", "start"}, {"table", table_}}, [this](const json& r) {
            if (r["type"] != "ok") return fail("start");
            if (leave_) {
                done_ = true;
                clients_[0]->close();  // the seat's robot takes over: four robots play
            }
        });
    }

    void on_message(int s, std::string_view m) {
        if (done_) return;
        if (m.find("\"type\":\"ok\"") != std::string_view::npos ||
            m.find("\"type\":\"error\"") != std::string_view::npos) {
            json r = json::parse(m, nullptr, false);
            if (!r.is_object() || !r.contains("id") || !r["id"].is_number_integer()) {
                w_.stats.errors["error:" + r.value("code", std::string("?"))]++;
                return;
            }
            if (r["type"] == "error") w_.stats.errors["error:" + r.value("code", std::string("?"))]++;
            const auto id = r["id"].get<long long>();
            if (auto it = acts_.find(id); it != acts_.end()) {
                Pending* p = it->second;
                acts_.erase(it);
                if (r["type"] != "ok") {  // refused: no event will follow
                    p->v = -2;
                    p->seen = humans_;
                } else {
                    p->acked = true;
                    if (measuring.load(std::memory_order_relaxed)) {
                        w_.stats.ack_us.push_back(micros_since(p->sent));
                        w_.stats.actions++;
                    }
                }
                return;
            }
            if (auto it = replies_.find(id); it != replies_.end()) {
                auto f = std::move(it->second);
                replies_.erase(it);
                f(r);
            }
            return;
        }
        const bool card = m.find("\"type\":\"card_played\"") != std::string_view::npos;
        if (card || m.find("\"type\":\"auction_call\"") != std::string_view::npos) {
            const auto seat = static_cast<int>(int_after(m, "\"seat\":"));
            const auto v = int_after(m, "\"v\":");
            for (auto& p : pending_) {
                if (p.v == v || (p.v == -1 && p.seat == seat)) {
                    p.v = v;
                    if (++p.seen == humans_) {
                        if (measuring.load(std::memory_order_relaxed))
                            w_.stats.event_us.push_back(micros_since(p.sent));
                        // drop every finished entry at the front (they finish in order)
                    }
                    break;
                }
            }
            while (!pending_.empty() && pending_.front().seen >= humans_) pending_.pop_front();
            return;
        }
        if (m.find("\"type\":\"turn\"") != std::string_view::npos) {
            if (m.find("\"legal\":[{") == std::string_view::npos) return;  // someone else's turn
            json t = json::parse(m, nullptr, false);
            if (!t.is_object() || t.value("seat", -1) != s) return;
            const auto& legal = t["legal"];
            json action = legal[w_.rng() % legal.size()];
            action["table"] = table_;
            act_at_pace(s, std::move(action));
            return;
        }
        if (m.find("\"type\":\"match_ended\"") != std::string_view::npos) {
            if (++ended_seen_ < humans_) return;
            ended_seen_ = 0;
            if (measuring.load(std::memory_order_relaxed)) w_.stats.matches++;
            if (!stopping.load()) {
                started_ = true;
                create();  // next match at a new table
            }
        }
    }

    void act_at_pace(int s, json action) {
        const auto now = Clock::now();
        if (o_.rate <= 0 || now >= next_action_) return act(s, std::move(action));
        auto timer = std::make_shared<asio::steady_timer>(w_.ioc(), next_action_);
        timers_.push_back(timer);
        timer->async_wait([this, s, timer, action = std::move(action)](beast::error_code ec) mutable {
            timers_.erase(std::remove(timers_.begin(), timers_.end(), timer), timers_.end());
            if (!ec && !done_) act(s, std::move(action));
        });
    }

    void act(int s, json action) {
        const auto id = ++id_;
        action["id"] = id;
        const auto now = Clock::now();
        if (o_.rate > 0)  // the table's next action may go one period after this one
            next_action_ = std::max(now, next_action_) +
                           std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(1.0 / o_.rate));
        pending_.push_back(Pending{s, now});
        acts_[id] = &pending_.back();
        clients_[s]->send(action.dump());
    }

    Worker& w_;
    const Options& o_;
    Progress& progress_;
    const int humans_;
    const bool leave_;
    std::vector<std::shared_ptr<Client>> clients_;
    std::vector<std::shared_ptr<asio::steady_timer>> timers_;
    std::map<long long, std::function<void(const json&)>> replies_;
    std::map<long long, Pending*> acts_;
    std::deque<Pending> pending_;  // deque: push_back keeps references to the others valid
    std::string table_;
    long long id_ = 0;
    int hellos_ = 0, sits_ = 0, ended_seen_ = 0;
    bool seated_ = false, started_ = false, failed_ = false, done_ = false, counted_ready_ = false;
    Clock::time_point next_action_{};
};

/// `n` connections to the echo server; each sends an action-sized message and waits for it to come
/// back (closed loop, like a table waiting for the event of its last action), or at `rate / 4`
/// messages per second per connection when a table rate is set.
class EchoDriver final : public Driver {
public:
    EchoDriver(Worker& w, const Options& o, Progress& p, int n) : w_(w), o_(o), progress_(p), n_(n) {}

    void setup() override {
        for (int i = 0; i < n_; ++i) {
            auto c = std::make_shared<Client>(w_, w_.ioc());
            clients_.push_back(c);
            sent_.emplace_back();
            c->on_message = [this, i](std::string_view) { on_echo(i); };
            c->connect(
                o_.echo_port,
                [this] {
                    if (++open_ == n_) progress_.ready++;
                },
                [this] { progress_.failed++; });
        }
    }
    void go() override {
        for (int i = 0; i < n_; ++i) fire(i);
    }
    void shutdown() override {
        done_ = true;
        for (auto& c : clients_) c->close();
        for (auto& t : timers_) t->cancel();
    }

private:
    void fire(int i) {
        if (done_) return;
        sent_[i] = Clock::now();
        clients_[i]->send(
            R"({"card":"JS","id":123456,"table":"t1234","type":"play","pad":"..........................................................................."})");
    }
    void on_echo(int i) {
        if (measuring.load(std::memory_order_relaxed)) {
            w_.stats.ack_us.push_back(micros_since(sent_[i]));
            w_.stats.actions++;
        }
        if (done_ || stopping.load()) return;
        if (o_.rate <= 0) return fire(i);
        auto timer = std::make_shared<asio::steady_timer>(
            w_.ioc(),
            sent_[i] + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(4.0 / o_.rate)));
        timers_.push_back(timer);
        timer->async_wait([this, i, timer](beast::error_code ec) {
            timers_.erase(std::remove(timers_.begin(), timers_.end(), timer), timers_.end());
            if (!ec) fire(i);
        });
    }

    Worker& w_;
    const Options& o_;
    Progress& progress_;
    const int n_;
    int open_ = 0;
    bool done_ = false;
    std::vector<std::shared_ptr<Client>> clients_;
    std::vector<Clock::time_point> sent_;
    std::vector<std::shared_ptr<asio::steady_timer>> timers_;
};

/// `n` connections that say hello and then stay idle (capacity scenario).
class IdleDriver final : public Driver {
public:
    IdleDriver(Worker& w, const Options& o, Progress& p, int n) : w_(w), o_(o), progress_(p), n_(n) {}
    void setup() override {
        for (int i = 0; i < n_; ++i) {
            auto c = std::make_shared<Client>(w_, w_.ioc());
            clients_.push_back(c);
            c->on_message = [this](std::string_view m) {
                if (m.find("\"type\":\"ok\"") != std::string_view::npos) {
                    if (++ok_ == n_) progress_.ready++;
                } else {
                    w_.stats.errors["hello refused"]++;
                    progress_.failed++;
                }
            };
            c->connect(
                o_.port,
                [c, i] {
                    c->send(R"({"type":"hello","id":1,"protocol":1,"nickname":"idle)" + std::to_string(i % 1000) +
                            "\"}");
                },
                [this] { progress_.failed++; });
        }
    }
    void go() override {}
    void shutdown() override {
        for (auto& c : clients_) c->close();
    }

private:
    Worker& w_;
    const Options& o_;
    Progress& progress_;
    const int n_;
    int ok_ = 0;
    std::vector<std::shared_ptr<Client>> clients_;
};

// ---------------------------------------------------------------------------------------------
// Child servers

/// A server process started by the load generator (killed with SIGTERM, then SIGKILL, at the end).
struct Child {
    pid_t pid = 0;
    ~Child() { stop(); }
    void stop() {
        if (pid <= 0) return;
        kill(pid, SIGTERM);
        for (int i = 0; i < 50; ++i) {
            if (waitpid(pid, nullptr, WNOHANG) == pid) {
                pid = 0;
                return;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
        kill(pid, SIGKILL);
        waitpid(pid, nullptr, 0);
        pid = 0;
    }
};

unsigned short free_port() {
    asio::io_context ioc;
    tcp::acceptor a(ioc, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
    return a.local_endpoint().port();
}

/// Starts `argv` and waits (at most 20 s) until 127.0.0.1:`port` accepts connections.
pid_t spawn_and_wait(const std::vector<std::string>& argv, unsigned short port) {
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
    args.push_back(nullptr);
    pid_t pid = 0;
    if (posix_spawn(&pid, args[0], nullptr, nullptr, args.data(), environ) != 0)
        throw std::runtime_error("cannot start " + argv[0]);
    const auto deadline = Clock::now() + std::chrono::seconds(20);
    while (Clock::now() < deadline) {
        asio::io_context ioc;
        tcp::socket s(ioc);
        beast::error_code ec;
        s.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port), ec);
        if (!ec) return pid;
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    kill(pid, SIGKILL);
    throw std::runtime_error(argv[0] + " did not open port " + std::to_string(port));
}

// ---------------------------------------------------------------------------------------------
// A run: build drivers on workers, set up, measure, report

struct Result {
    std::string name;
    Stats stats;
    double seconds = 0;
    int connections = 0;
    long rss_before = 0, rss_setup = 0, rss_end = 0;
    double server_cpu = 0;  ///< server CPU seconds during the measurement
    int setup_failed = 0;
};

/// Runs one phase: `make(worker, index)` creates the drivers, spread over the workers.
Result run_phase(const std::string& name, const Options& o, int pid, int drivers, int connections,
                 const std::function<std::unique_ptr<Driver>(Worker&, Progress&, int)>& make, int expect_ready) {
    Result res;
    res.name = name;
    res.connections = connections;
    res.rss_before = pid ? rss_kib(pid) : 0;
    measuring = false;
    stopping = false;
    std::vector<std::unique_ptr<Worker>> workers;
    for (int i = 0; i < o.threads; ++i) {
        workers.push_back(std::make_unique<Worker>());
        workers.back()->max_connecting = std::max(1, o.max_connecting / o.threads);
    }
    Progress progress;
    std::vector<std::unique_ptr<Driver>> all;
    std::vector<Worker*> owner;
    for (int i = 0; i < drivers; ++i) {
        Worker& w = *workers[static_cast<std::size_t>(i % o.threads)];
        all.push_back(make(w, progress, i));
        owner.push_back(&w);
    }
    for (std::size_t i = 0; i < all.size(); ++i) asio::post(owner[i]->ioc(), [d = all[i].get()] { d->setup(); });
    for (auto& w : workers) w->run();

    const auto t_setup = Clock::now();
    const auto setup_deadline = t_setup + std::chrono::duration<double>(o.setup_timeout);
    while (progress.ready + progress.failed < expect_ready && Clock::now() < setup_deadline)
        std::this_thread::sleep_for(std::chrono::milliseconds(50));
    res.setup_failed = progress.failed + (expect_ready - progress.ready - progress.failed);
    std::fprintf(stderr, "[%s] setup: %d/%d ready in %.1f s\n", name.c_str(), progress.ready.load(), expect_ready,
                 std::chrono::duration<double>(Clock::now() - t_setup).count());
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    res.rss_setup = pid ? rss_kib(pid) : 0;

    for (std::size_t i = 0; i < all.size(); ++i) asio::post(owner[i]->ioc(), [d = all[i].get()] { d->go(); });
    std::this_thread::sleep_for(std::chrono::milliseconds(o.rate > 0 ? 1000 : 300));  // warm-up
    const double cpu0 = pid ? cpu_seconds(pid) : 0;
    const auto t0 = Clock::now();
    measuring = true;
    std::this_thread::sleep_for(std::chrono::duration<double>(o.duration));
    measuring = false;
    res.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    res.server_cpu = pid ? cpu_seconds(pid) - cpu0 : 0;
    res.rss_end = pid ? rss_kib(pid) : 0;
    stopping = true;

    for (std::size_t i = 0; i < all.size(); ++i) asio::post(owner[i]->ioc(), [d = all[i].get()] { d->shutdown(); });
    std::this_thread::sleep_for(std::chrono::milliseconds(1500));  // close handshakes
    for (auto& w : workers) {
        w->stop();
        res.stats.merge(w->stats);
    }
    all.clear();  // drivers are destroyed after their worker thread stopped
    return res;
}

void print(Result& r, double baseline_frames_per_s) {
    auto& s = r.stats;
    const double aps = static_cast<double>(s.actions) / r.seconds;
    const double fps = static_cast<double>(s.frames_in + s.frames_out) / r.seconds;
    std::printf("== %s: %d connections, %.1f s measured\n", r.name.c_str(), r.connections, r.seconds);
    if (r.setup_failed) std::printf("   setup failures: %d\n", r.setup_failed);
    std::printf("   actions/s %.0f   frames/s %.0f (in %.0f, out %.0f)   matches %llu\n", aps, fps,
                static_cast<double>(s.frames_in) / r.seconds, static_cast<double>(s.frames_out) / r.seconds,
                static_cast<unsigned long long>(s.matches));
    if (baseline_frames_per_s > 0) std::printf("   frames/s vs echo baseline: %.2f\n", fps / baseline_frames_per_s);
    std::printf("   ack latency ms:   p50 %.3f  p99 %.3f  p99.9 %.3f  (n=%zu)\n", percentile_ms(s.ack_us, 0.5),
                percentile_ms(s.ack_us, 0.99), percentile_ms(s.ack_us, 0.999), s.ack_us.size());
    if (!s.event_us.empty())
        std::printf("   event latency ms: p50 %.3f  p99 %.3f  p99.9 %.3f  (n=%zu, to the last recipient)\n",
                    percentile_ms(s.event_us, 0.5), percentile_ms(s.event_us, 0.99), percentile_ms(s.event_us, 0.999),
                    s.event_us.size());
    if (r.rss_before)
        std::printf("   server RSS KiB: before %ld, after setup %ld, end %ld   server CPU %.2f cores\n", r.rss_before,
                    r.rss_setup, r.rss_end, r.server_cpu / r.seconds);
    std::uint64_t total_errors = 0;
    for (const auto& [k, n] : s.errors) total_errors += n;
    std::printf("   errors: %llu\n", static_cast<unsigned long long>(total_errors));
    for (const auto& [k, n] : s.errors) std::printf("     %-40s %llu\n", k.c_str(), static_cast<unsigned long long>(n));
    std::fflush(stdout);
}

/// Raises the soft open-file limit to the hard limit; returns the new soft limit.
rlim_t raise_nofile() {
    rlimit rl{};
    getrlimit(RLIMIT_NOFILE, &rl);
    rl.rlim_cur = rl.rlim_max;
    setrlimit(RLIMIT_NOFILE, &rl);
    getrlimit(RLIMIT_NOFILE, &rl);
    return rl.rlim_cur;
}

}  // namespace loadgen

int main(int argc, char** argv) {
    using namespace loadgen;
    Options o;
    CLI::App app{"belote-loadgen: load generator for belote-server (loopback only)"};
    app.add_option("--mode", o.mode,
                   "game: tables playing matches; echo: only the echo baseline; idle: authenticated idle connections")
        ->check(CLI::IsMember({"game", "echo", "idle"}))
        ->capture_default_str();
    app.add_flag("--echo", o.with_echo,
                 "game mode: first drive belote-echo with as many connections, same pace (baseline)");
    app.add_option("--server-bin", o.server_bin, "start this belote-server as a child (else --port and --pid)");
    app.add_option("--echo-bin", o.echo_bin, "start this belote-echo as a child (else --echo-port)");
    app.add_option("--port", o.port, "port of a running belote-server on 127.0.0.1");
    app.add_option("--echo-port", o.echo_port, "port of a running belote-echo on 127.0.0.1");
    app.add_option("--pid", o.server_pid, "pid of the running belote-server (for its VmRSS and CPU)");
    app.add_option("--tables", o.tables, "tables with connected players")->capture_default_str();
    app.add_option("--humans", o.humans, "connected players per table (1..4, robots in the other seats)")
        ->check(CLI::Range(1, 4))
        ->capture_default_str();
    app.add_option("--robot-tables", o.robot_tables, "extra tables of four robots")->capture_default_str();
    app.add_option("--rate", o.rate, "actions per second per table (0: as fast as possible)")->capture_default_str();
    app.add_option("--duration", o.duration, "seconds of measurement")
        ->check(CLI::Range(1.0, 600.0))
        ->capture_default_str();
    app.add_option("--setup-timeout", o.setup_timeout, "seconds allowed to connect and seat everyone")
        ->check(CLI::Range(1.0, 600.0))
        ->capture_default_str();
    app.add_option("--connections", o.connections,
                   "idle mode: connections to open (0: as many as the open-file limit allows)")
        ->capture_default_str();
    app.add_option("--threads", o.threads, "load generator threads")->check(CLI::Range(1, 64))->capture_default_str();
    app.add_option("--server-threads", o.server_threads, "--threads of the servers started here")
        ->capture_default_str();
    app.add_option("--robot-delay-ms", o.robot_delay_ms, "--robot-delay-ms of the belote-server started here")
        ->capture_default_str();
    app.add_option("--target", o.target, "match target (301, 501, 1000)")->capture_default_str();
    app.add_option("--max-connecting", o.max_connecting, "connection attempts in flight")->capture_default_str();
    CLI11_PARSE(app, argc, argv);

    const auto nofile = raise_nofile();
    signal(SIGPIPE, SIG_IGN);
    std::fprintf(stderr, "open-file limit %llu\n", static_cast<unsigned long long>(nofile));

    Child server, echo;
    try {
        const bool need_server = o.mode != "echo";
        const bool need_echo = o.mode == "echo" || o.with_echo;
        if (need_server && !o.server_bin.empty()) {
            o.port = free_port();
            std::vector<std::string> args{o.server_bin,
                                          "--address",
                                          "127.0.0.1",
                                          "--port",
                                          std::to_string(o.port),
                                          "--log-level",
                                          "warn",
                                          "--threads",
                                          std::to_string(o.server_threads),
                                          "--robot-delay-ms",
                                          std::to_string(o.robot_delay_ms)};
            server.pid = spawn_and_wait(args, o.port);
            o.server_pid = server.pid;
        }
        if (need_echo && !o.echo_bin.empty()) {
            o.echo_port = free_port();
            echo.pid = spawn_and_wait(
                {o.echo_bin, "--port", std::to_string(o.echo_port), "--threads", std::to_string(o.server_threads)},
                o.echo_port);
        }
        if (need_server && !o.port) throw std::runtime_error("give --server-bin or --port");
        if (need_echo && !o.echo_port) throw std::runtime_error("give --echo-bin or --echo-port");

        const int table_connections = o.tables * o.humans;
        double baseline = 0;
        int exit_code = 0;
        auto check = [&](Result& r) {
            std::uint64_t errors = 0;
            for (const auto& [k, n] : r.stats.errors) errors += n;
            if (errors || r.setup_failed) exit_code = 2;
        };
        if (need_echo) {
            const int n = o.mode == "echo" ? std::max(table_connections, 1) : table_connections;
            // Spread the connections over drivers of at most 250 (keeps setup concurrent).
            const int per = 250, drivers = (n + per - 1) / per;
            auto r = run_phase(
                "echo baseline", o, echo.pid, drivers, n,
                [&](Worker& w, Progress& p, int i) {
                    return std::make_unique<EchoDriver>(w, o, p, std::min(per, n - i * per));
                },
                drivers);
            print(r, 0);
            check(r);
            baseline = static_cast<double>(r.stats.frames_in + r.stats.frames_out) / r.seconds;
        }
        if (o.mode == "game") {
            const int drivers = o.tables + o.robot_tables;
            auto r = run_phase(
                "belote-server", o, o.server_pid, drivers, table_connections + o.robot_tables,
                [&](Worker& w, Progress& p, int i) {
                    if (i < o.tables) return std::make_unique<TableDriver>(w, o, p, o.humans, false);
                    return std::make_unique<TableDriver>(w, o, p, 1, true);
                },
                drivers);
            print(r, baseline);
            check(r);
        } else if (o.mode == "idle") {
            int n = o.connections;
            if (n <= 0) n = static_cast<int>(nofile) - 200;  // leave room for the process's other files
            const int per = 500, drivers = (n + per - 1) / per;
            o.duration = std::min(o.duration, 5.0);
            auto r = run_phase(
                "idle connections", o, o.server_pid, drivers, n,
                [&](Worker& w, Progress& p, int i) {
                    return std::make_unique<IdleDriver>(w, o, p, std::min(per, n - i * per));
                },
                drivers);
            print(r, 0);
            check(r);
            if (r.rss_before && n > 0)
                std::printf("   resident memory per idle connection: %.2f KiB (%ld KiB over %d connections)\n",
                            static_cast<double>(r.rss_setup - r.rss_before) / n, r.rss_setup - r.rss_before, n);
        }
        return exit_code;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "belote-loadgen: %s\n", e.what());
        return 1;
    }
}
