// belote-loadgen: drives belote-server (and the belote-echo transport baseline) over real
// WebSockets on the loopback interface and reports throughput, latency percentiles, errors and
// the server's resident memory. See docs/performance.md for the scenarios and figures.
//
// Every loop is bounded: setup has a deadline (--setup-timeout), measuring lasts --duration
// seconds, and the program then closes every connection, stops the servers it started and exits.
// Only 127.0.0.1 is ever connected to.

#include <CLI/CLI.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>

#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <deque>
#include <filesystem>
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

#include "client/async_client.hpp"
#include "client/table_tracker.hpp"

extern char** environ;

namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;
namespace client = belote::client;

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
    int nodes = 1;                      ///< belote-server processes started as nodes of one PostgreSQL store
    std::string node_data_dir;          ///< nodes: node k's --data-dir is <this>/n<k>
    double join_elsewhere = 0.5;        ///< nodes: share of tables whose joiners come through another node
    int pg_pid = 0;                     ///< PostgreSQL's postmaster: the CPU of its process tree is reported
    std::vector<unsigned short> ports;  ///< the servers' ports, one per node (filled in main)
    std::vector<int> pids;              ///< the servers' pids, one per node (0: unknown)
    int tables = 100;
    int humans = 4;        ///< connected players per table (the other seats get robots)
    int robot_tables = 0;  ///< extra tables of four robots (no connection after the start)
    double rate = 0;       ///< actions per second per table; 0 = as fast as possible
    bool aligned = false;  ///< paced runs: every table's clock starts at the same instant (else a random phase)
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
    std::uint64_t redirects = 0;                  ///< table_elsewhere followed to the owner node
    std::uint64_t retries = 0;                    ///< no_such_table on a node that did not know the table yet
    std::vector<std::uint64_t> node_actions;      ///< per node: actions acknowledged while measuring
    std::vector<std::uint64_t> node_tables;       ///< per node: tables created there (setup and measuring)
    std::map<std::string, std::uint64_t> errors;  ///< "error:<code>", "close:<code>", "connect", ...

    void merge(const Stats& o) {
        ack_us.insert(ack_us.end(), o.ack_us.begin(), o.ack_us.end());
        event_us.insert(event_us.end(), o.event_us.begin(), o.event_us.end());
        actions += o.actions;
        frames_in += o.frames_in;
        frames_out += o.frames_out;
        matches += o.matches;
        redirects += o.redirects;
        retries += o.retries;
        add(node_actions, o.node_actions);
        add(node_tables, o.node_tables);
        for (const auto& [k, n] : o.errors) errors[k] += n;
    }
    /// Adds `from` to `to` element by element (`to` grows to the longer size).
    static void add(std::vector<std::uint64_t>& to, const std::vector<std::uint64_t>& from) {
        if (to.size() < from.size()) to.resize(from.size());
        for (std::size_t i = 0; i < from.size(); ++i) to[i] += from[i];
    }
    /// Counts one in `v[node]` (growing `v` as needed).
    static void count(std::vector<std::uint64_t>& v, int node) {
        if (v.size() <= static_cast<std::size_t>(node)) v.resize(static_cast<std::size_t>(node) + 1);
        v[static_cast<std::size_t>(node)]++;
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

/// Parent pid of `pid` and its user + system CPU seconds (a missing process: {-1, 0}).
std::pair<int, double> parent_and_cpu(int pid) {
    std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
    std::string s((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto close = s.rfind(')');
    if (close == std::string::npos) return {-1, 0};
    std::istringstream fields(s.substr(close + 2));
    std::string f;
    std::vector<std::string> v;
    while (fields >> f) v.push_back(f);
    if (v.size() < 13) return {-1, 0};  // ppid is field 4 (index 1 after the name)
    return {std::stoi(v[1]), (std::stod(v[11]) + std::stod(v[12])) / static_cast<double>(sysconf(_SC_CLK_TCK))};
}

/// CPU seconds used so far by `pid` and its children now alive (PostgreSQL: the postmaster and one
/// backend per connection); 0 if `pid` is 0. A child that ended takes its CPU with it.
double tree_cpu_seconds(int pid) {
    if (pid <= 0) return 0;
    double total = 0;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator("/proc", ec)) {
        const auto name = e.path().filename().string();
        if (name.empty() || !std::all_of(name.begin(), name.end(), [](char c) { return c >= '0' && c <= '9'; }))
            continue;
        const int p = std::stoi(name);
        const auto [parent, cpu] = parent_and_cpu(p);
        if (p == pid || parent == pid) total += cpu;
    }
    return total;
}

std::uint32_t micros_since(Clock::time_point t) {
    return static_cast<std::uint32_t>(std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - t).count());
}

/// A uniformly random duration in [0, `period`).
Clock::duration random_phase(std::mt19937_64& rng, std::chrono::duration<double> period) {
    std::uniform_real_distribution<double> phase(0.0, period.count());
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(phase(rng)));
}

// ---------------------------------------------------------------------------------------------
// Worker: one io_context on one thread; many connections (belote_client's AsyncClient)

class Worker {
public:
    Worker() : work_(asio::make_work_guard(ioc_)) {}
    asio::io_context& ioc() { return ioc_; }
    Stats stats;
    std::mt19937_64 rng{std::random_device{}()};
    int max_connecting = 256;

    /// A client connecting to 127.0.0.1:`port` when a connection slot is free (at most
    /// max_connecting attempts in flight). Its frame handler counts the frames received while
    /// measuring (a driver that sets its own counts them itself); its close handler counts the
    /// ends nobody asked for and then runs `on_closed`.
    std::shared_ptr<client::AsyncClient> open(unsigned short port, std::function<void()> on_open,
                                              std::function<void()> on_fail, std::function<void()> on_closed = {}) {
        auto c = client::AsyncClient::create(ioc_.get_executor());
        c->on_frame([this](std::string_view) {
            if (measuring.load(std::memory_order_relaxed)) stats.frames_in++;
        });
        c->on_closed([this, on_closed = std::move(on_closed)](const client::CloseInfo& info) {
            if (info.by_us || stopping.load(std::memory_order_relaxed)) return;
            if (info.code)
                stats.errors["close:" + std::to_string(info.code)]++;
            else
                stats.errors["read: " + info.error.message()]++;
            if (on_closed) on_closed();
        });
        when_connect_slot([this, c, port, on_open = std::move(on_open), on_fail = std::move(on_fail)]() mutable {
            c->connect(
                tcp::endpoint(asio::ip::make_address("127.0.0.1"), port), "127.0.0.1", std::chrono::seconds(30),
                [this, on_open = std::move(on_open), on_fail = std::move(on_fail)](boost::system::error_code ec) {
                    connect_done();
                    if (ec) {
                        stats.errors["connect: " + ec.message()]++;
                        return on_fail();
                    }
                    on_open();
                });
        });
        return c;
    }

    /// Counts one frame sent (while measuring).
    void sent() {
        if (measuring.load(std::memory_order_relaxed)) stats.frames_out++;
    }

    void run() {
        thread_ = std::thread([this] { ioc_.run(); });
    }
    void stop() {
        work_.reset();
        ioc_.stop();
        if (thread_.joinable()) thread_.join();
    }

private:
    /// Runs `start` when fewer than `max_connecting` connection attempts are in flight.
    void when_connect_slot(std::function<void()> start) {
        waiting_.push_back(std::move(start));
        pump();
    }
    void connect_done() {
        --in_flight_;
        pump();
    }
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
/// Several nodes: client 0 creates every table on node `home` (o.ports[home]), which owns it; with
/// `elsewhere` >= 0 the other clients first connect to node `elsewhere`, and their first `sit` is
/// answered `table_elsewhere` (after `no_such_table` while that node does not know the table yet,
/// retried every 200 ms): each then reconnects to the url given, says hello with its token and
/// sits there, as real clients do (docs/protocol.md "Tables on other servers"). All four stay on
/// the owner node for the following matches.
class TableDriver final : public Driver {
public:
    /// Table number `index` (its players' nicknames: lg<index>-<seat>, a name nobody else shows).
    TableDriver(Worker& w, const Options& o, Progress& p, int index, int humans, bool leave_after_start, int home = 0,
                int elsewhere = -1)
        : w_(w),
          o_(o),
          progress_(p),
          index_(index),
          humans_(humans),
          leave_(leave_after_start),
          home_(home),
          elsewhere_(elsewhere) {}

    void setup() override {
        trackers_.resize(static_cast<std::size_t>(humans_));
        tokens_.resize(static_cast<std::size_t>(humans_));
        moving_.resize(static_cast<std::size_t>(humans_));
        for (int s = 0; s < humans_; ++s) {
            const int node = s == 0 || elsewhere_ < 0 ? home_ : elsewhere_;
            node_of_.push_back(node);
            clients_.push_back(open_seat(s, node, [this, s] { hello(s); }));
        }
    }

    void go() override {
        if (failed_) return;
        started_ = true;
        // A paced table starts its clock at a random phase of its period: tables that all act at
        // the same instants measure how long a synchronised burst takes to drain.
        if (o_.rate > 0 && !o_.aligned) next_action_ = Clock::now() + random_phase(w_.rng, period());
        if (seated_) send_start();
    }

    void shutdown() override {
        done_ = true;
        for (auto& c : clients_) c->close();
        for (auto& c : moving_)
            if (c) c->close();
        for (auto& t : timers_) t->cancel();
    }

private:
    struct Pending {
        int seat;
        Clock::time_point sent;
        std::int64_t v = -1;
        int seen = 0;
    };

    std::chrono::duration<double> period() const { return std::chrono::duration<double>(1.0 / o_.rate); }

    /// A client of seat `s` connecting to node `node`, whose messages go to on_message(s, ...);
    /// `on_open` runs once it is open.
    std::shared_ptr<client::AsyncClient> open_seat(int s, int node, std::function<void()> on_open) {
        auto c = w_.open(
            o_.ports[static_cast<std::size_t>(node)], std::move(on_open), [this] { fail("connect"); },
            [this] {
                if (!done_) fail("closed");
            });
        c->on_message([this, s](const client::Message& m) { on_message(s, m); });
        return c;
    }

    /// Sends `r` from seat `seat`'s client; `then` gets the ok reply (an error reply fails the table).
    void request(int seat, const client::Request& r, const char* what,
                 std::function<void(const client::Message&)> then) {
        w_.sent();
        clients_[seat]->request(r, [this, what, then = std::move(then)](const client::Message& reply) {
            if (!reply.is_ok()) {
                w_.stats.errors["error:" + reply.error_code()]++;
                return fail(what);
            }
            then(reply);
        });
    }

    void fail(const std::string& why) {
        if (failed_ || done_) return;
        failed_ = true;
        w_.stats.errors["setup: " + why]++;
        if (!counted_ready_) progress_.failed++;
    }

    void hello(int s) {
        request(s, client::Hello{.nickname = nickname(s)}, "hello", [this, s](const client::Message& r) {
            tokens_[static_cast<std::size_t>(s)] = r.body().value("token", "");
            if (++hellos_ == humans_) create();
        });
    }

    void create() {
        seated_ = false;
        sits_ = 0;
        pending_.clear();
        request(0, client::CreateTable{.variant = "classic", .target = o_.target}, "create_table",
                [this](const client::Message& r) {
                    table_ = r.body().value("table", "");
                    Stats::count(w_.stats.node_tables, home_);
                    for (auto& t : trackers_) t = client::TableTracker(table_);
                    // Client 0 sits first: the first seated player is the table's chief, the only
                    // one who may add robots and start (sent concurrently, another client
                    // sometimes sat first and the start was refused with not_chief).
                    sit(0, [this] {
                        for (int s = 1; s < 4; ++s) sit(s, [] {});
                    });
                });
    }

    void sit(int s, std::function<void()> then) {
        auto seated = [this, then = std::move(then)](const client::Message&) {
            then();
            if (++sits_ == 4) this->seated();
        };
        if (s < humans_)
            sit_human(s, std::move(seated));
        else
            request(0, client::AddRobot{.table = table_, .seat = s}, "sit", std::move(seated));
    }

    std::string nickname(int s) const { return "lg" + std::to_string(index_) + "-" + std::to_string(s); }

    /// Sends seat `s`'s sit; `seated` gets the ok. table_elsewhere is followed; no_such_table from a
    /// node that is not the table's is asked again 200 ms later (it learns the table within a second).
    void sit_human(int s, std::function<void(const client::Message&)> seated, int attempt = 0) {
        w_.sent();
        clients_[s]->request(client::Sit{.table = table_, .seat = s},
                             [this, s, attempt, seated = std::move(seated)](const client::Message& r) mutable {
                                 if (r.is_ok()) return seated(r);
                                 const auto code = r.error_code();
                                 if (code == "table_elsewhere")
                                     return follow(s, r.body().value("url", ""), std::move(seated));
                                 if (code == "no_such_table" && node_of_[s] != home_ && attempt < 100)
                                     return retry_sit(s, std::move(seated), attempt + 1);
                                 w_.stats.errors["error:" + code]++;
                                 fail("sit");
                             });
    }

    void retry_sit(int s, std::function<void(const client::Message&)> seated, int attempt) {
        w_.stats.retries++;
        auto timer = std::make_shared<asio::steady_timer>(w_.ioc(), std::chrono::milliseconds(200));
        timers_.push_back(timer);
        timer->async_wait([this, s, timer, attempt, seated = std::move(seated)](boost::system::error_code ec) mutable {
            timers_.erase(std::remove(timers_.begin(), timers_.end(), timer), timers_.end());
            if (!ec && !done_ && !failed_) sit_human(s, std::move(seated), attempt);
        });
    }

    /// Moves seat `s` to the node at `url` (ws://127.0.0.1:PORT/ws, one of o_.ports): a new
    /// connection, hello with the seat's token, the old connection closed, then the sit again.
    void follow(int s, const std::string& url, std::function<void(const client::Message&)> seated) {
        const int node = node_at(url);
        if (node < 0 || node == node_of_[s]) {
            w_.stats.errors["table_elsewhere to an unknown url: " + url]++;
            return fail("sit");
        }
        w_.stats.redirects++;
        auto& moving = moving_[static_cast<std::size_t>(s)];
        moving = open_seat(s, node, [this, s, node, seated = std::move(seated)]() mutable {
            auto c = moving_[static_cast<std::size_t>(s)];
            w_.sent();
            c->request(client::Hello{.nickname = nickname(s), .token = tokens_[static_cast<std::size_t>(s)]},
                       [this, s, node, c, seated = std::move(seated)](const client::Message& r) mutable {
                           if (!r.is_ok()) {
                               w_.stats.errors["error:" + r.error_code()]++;
                               return fail("hello after table_elsewhere");
                           }
                           auto old = std::exchange(clients_[s], c);
                           moving_[static_cast<std::size_t>(s)].reset();
                           node_of_[s] = node;
                           old->close();
                           sit_human(s, std::move(seated));
                       });
        });
    }

    /// The index of the node whose advertised url is `url` (-1: none).
    int node_at(const std::string& url) const {
        for (std::size_t i = 0; i < o_.ports.size(); ++i)
            if (url == "ws://127.0.0.1:" + std::to_string(o_.ports[i]) + "/ws") return static_cast<int>(i);
        return -1;
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
        request(0, client::Start{.table = table_}, "start", [this](const client::Message&) {
            if (leave_) {
                done_ = true;
                clients_[0]->close();  // the seat's robot takes over: four robots play
            }
        });
    }

    void on_message(int s, const client::Message& m) {
        if (done_) return;
        if (m.is_reply()) {  // a reply nobody waits for
            if (m.is_error()) w_.stats.errors["error:" + m.error_code()]++;
            return;
        }
        auto& tracker = trackers_[static_cast<std::size_t>(s)];
        if (tracker.apply(m) == client::TableTracker::Outcome::gap) w_.stats.errors["gap in v"]++;
        const std::string& type = m.type();
        if (type == "card_played" || type == "auction_call") {
            const auto seat = m.seat().value_or(-1);
            const auto v = m.v().value_or(-1);
            for (auto& p : pending_) {
                if (p.v == v || (p.v == -1 && p.seat == seat)) {
                    p.v = v;
                    if (++p.seen == humans_ && measuring.load(std::memory_order_relaxed))
                        w_.stats.event_us.push_back(micros_since(p.sent));
                    break;
                }
            }
            // drop every finished entry at the front (they finish in order)
            while (!pending_.empty() && pending_.front().seen >= humans_) pending_.pop_front();
        } else if (type == "turn") {
            if (!tracker.my_turn()) return;  // someone else's turn
            const auto& legal = tracker.legal();
            act_at_pace(s, legal[w_.rng() % legal.size()]);
        } else if (type == "match_ended") {
            if (++ended_seen_ < humans_) return;
            ended_seen_ = 0;
            if (measuring.load(std::memory_order_relaxed)) w_.stats.matches++;
            if (!stopping.load()) {
                started_ = true;
                create();  // next match at a new table
            }
        }
    }

    void act_at_pace(int s, client::Action action) {
        const auto now = Clock::now();
        if (o_.rate <= 0 || now >= next_action_) return act(s, std::move(action));
        auto timer = std::make_shared<asio::steady_timer>(w_.ioc(), next_action_);
        timers_.push_back(timer);
        timer->async_wait([this, s, timer, action = std::move(action)](boost::system::error_code ec) mutable {
            timers_.erase(std::remove(timers_.begin(), timers_.end(), timer), timers_.end());
            if (!ec && !done_) act(s, std::move(action));
        });
    }

    void act(int s, client::Action action) {
        const auto now = Clock::now();
        if (o_.rate > 0)  // the table's next action may go one period after this one
            next_action_ = std::max(now, next_action_) + std::chrono::duration_cast<Clock::duration>(period());
        pending_.push_back(Pending{s, now});
        Pending* p = &pending_.back();
        w_.sent();
        clients_[s]->request(client::Act{table_, std::move(action)}, [this, p](const client::Message& r) {
            if (!r.is_ok()) {  // refused: no event will follow
                w_.stats.errors["error:" + r.error_code()]++;
                p->v = -2;
                p->seen = humans_;
                return;
            }
            if (measuring.load(std::memory_order_relaxed)) {
                w_.stats.ack_us.push_back(micros_since(p->sent));
                w_.stats.actions++;
                Stats::count(w_.stats.node_actions, home_);
            }
        });
    }

    Worker& w_;
    const Options& o_;
    Progress& progress_;
    const int index_;
    const int humans_;
    const bool leave_;
    const int home_;       // the node client 0 creates the tables on
    const int elsewhere_;  // the node the other clients connect to first (-1: home)
    std::vector<std::shared_ptr<client::AsyncClient>> clients_;
    std::vector<int> node_of_;                                  // the node each seat's client is connected to now
    std::vector<std::string> tokens_;                           // each seat's session token (hello's reply)
    std::vector<std::shared_ptr<client::AsyncClient>> moving_;  // per seat: its new connection until hello
    std::vector<client::TableTracker> trackers_;                // what each seat's client saw of the table
    std::vector<std::shared_ptr<asio::steady_timer>> timers_;
    std::deque<Pending> pending_;  // deque: push_back keeps references to the others valid
    std::string table_;
    int hellos_ = 0, sits_ = 0, ended_seen_ = 0;
    bool seated_ = false, started_ = false, failed_ = false, done_ = false, counted_ready_ = false;
    Clock::time_point next_action_{};
};

/// `n` connections to the echo server; each sends an action-sized message and waits for it to come
/// back (closed loop, like a table waiting for the event of its last action), or at `rate / 4`
/// messages per second per connection when a table rate is set (each connection starting at a
/// random phase of its period, as the tables do).
class EchoDriver final : public Driver {
public:
    EchoDriver(Worker& w, const Options& o, Progress& p, int n) : w_(w), o_(o), progress_(p), n_(n) {}

    void setup() override {
        for (int i = 0; i < n_; ++i) {
            sent_.emplace_back();
            auto c = w_.open(
                o_.echo_port,
                [this] {
                    if (++open_ == n_) progress_.ready++;
                },
                [this] { progress_.failed++; });
            c->on_frame([this, i, &w = w_](std::string_view) {
                if (measuring.load(std::memory_order_relaxed)) w.stats.frames_in++;
                on_echo(i);
            });
            clients_.push_back(std::move(c));
        }
    }
    void go() override {
        for (int i = 0; i < n_; ++i) {
            if (o_.rate <= 0 || o_.aligned)
                fire(i);
            else
                fire_at(i, Clock::now() + random_phase(w_.rng, period()));
        }
    }
    void shutdown() override {
        done_ = true;
        for (auto& c : clients_) c->close();
        for (auto& t : timers_) t->cancel();
    }

private:
    std::chrono::duration<double> period() const { return std::chrono::duration<double>(4.0 / o_.rate); }

    void fire(int i) {
        if (done_) return;
        sent_[i] = Clock::now();
        w_.sent();
        clients_[i]->send_text(
            R"({"card":"JS","id":123456,"table":"t1234","type":"play","pad":"..........................................................................."})");
    }
    void fire_at(int i, Clock::time_point when) {
        auto timer = std::make_shared<asio::steady_timer>(w_.ioc(), when);
        timers_.push_back(timer);
        timer->async_wait([this, i, timer](boost::system::error_code ec) {
            timers_.erase(std::remove(timers_.begin(), timers_.end(), timer), timers_.end());
            if (!ec) fire(i);
        });
    }
    void on_echo(int i) {
        if (measuring.load(std::memory_order_relaxed)) {
            w_.stats.ack_us.push_back(micros_since(sent_[i]));
            w_.stats.actions++;
        }
        if (done_ || stopping.load()) return;
        if (o_.rate <= 0) return fire(i);
        fire_at(i, sent_[i] + std::chrono::duration_cast<Clock::duration>(period()));
    }

    Worker& w_;
    const Options& o_;
    Progress& progress_;
    const int n_;
    int open_ = 0;
    bool done_ = false;
    std::vector<std::shared_ptr<client::AsyncClient>> clients_;
    std::vector<Clock::time_point> sent_;
    std::vector<std::shared_ptr<asio::steady_timer>> timers_;
};

/// `n` connections that say hello and then stay idle (capacity scenario).
class IdleDriver final : public Driver {
public:
    IdleDriver(Worker& w, const Options& o, Progress& p, int n) : w_(w), o_(o), progress_(p), n_(n) {}
    void setup() override {
        for (int i = 0; i < n_; ++i) {
            auto c = w_.open(
                o_.port,
                [this, i] {
                    auto& c = clients_[static_cast<std::size_t>(i)];
                    c->request(client::Hello{.nickname = "idle" + std::to_string(i % 1000)},
                               [this](const client::Message& r) {
                                   if (r.is_ok()) {
                                       if (++ok_ == n_) progress_.ready++;
                                   } else {
                                       w_.stats.errors["hello refused"]++;
                                       progress_.failed++;
                                   }
                               });
                },
                [this] { progress_.failed++; });
            clients_.push_back(std::move(c));
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
    std::vector<std::shared_ptr<client::AsyncClient>> clients_;
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
        boost::system::error_code ec;
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
    long rss_before = 0, rss_setup = 0, rss_end = 0;  ///< summed over the servers
    std::vector<double> server_cpu;                   ///< per server: CPU seconds during the measurement
    double pg_cpu = 0;  ///< PostgreSQL (postmaster and backends): CPU seconds during the measurement
    int setup_failed = 0;
};

/// Summed VmRSS of `pids` in KiB.
long rss_kib(const std::vector<int>& pids) {
    long total = 0;
    for (int pid : pids) total += pid ? rss_kib(pid) : 0;
    return total;
}

/// CPU seconds used so far by each of `pids`.
std::vector<double> cpu_seconds(const std::vector<int>& pids) {
    std::vector<double> out;
    for (int pid : pids) out.push_back(pid ? cpu_seconds(pid) : 0);
    return out;
}

/// Runs one phase against the servers `pids` (0: unknown; their memory and CPU are reported):
/// `make(worker, index)` creates the drivers, spread over the workers.
Result run_phase(const std::string& name, const Options& o, const std::vector<int>& pids, int drivers, int connections,
                 const std::function<std::unique_ptr<Driver>(Worker&, Progress&, int)>& make, int expect_ready) {
    Result res;
    res.name = name;
    res.connections = connections;
    res.rss_before = rss_kib(pids);
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
    res.rss_setup = rss_kib(pids);

    for (std::size_t i = 0; i < all.size(); ++i) asio::post(owner[i]->ioc(), [d = all[i].get()] { d->go(); });
    std::this_thread::sleep_for(std::chrono::milliseconds(o.rate > 0 ? 1000 : 300));  // warm-up
    const auto cpu0 = cpu_seconds(pids);
    const double pg0 = tree_cpu_seconds(o.pg_pid);
    const auto t0 = Clock::now();
    measuring = true;
    std::this_thread::sleep_for(std::chrono::duration<double>(o.duration));
    measuring = false;
    res.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    res.server_cpu = cpu_seconds(pids);
    for (std::size_t i = 0; i < cpu0.size(); ++i) res.server_cpu[i] -= cpu0[i];
    res.pg_cpu = tree_cpu_seconds(o.pg_pid) - pg0;
    res.rss_end = rss_kib(pids);
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

/// One line per node: tables created there, its share of the actions, its CPU.
void print_nodes(const Result& r) {
    const auto& s = r.stats;
    const std::size_t n = std::max({r.server_cpu.size(), s.node_tables.size(), s.node_actions.size()});
    auto at = [](const auto& v, std::size_t i) { return i < v.size() ? v[i] : 0; };
    for (std::size_t i = 0; i < n; ++i)
        std::printf("   node n%zu: tables created %llu, actions/s %.0f, CPU %.2f cores\n", i + 1,
                    static_cast<unsigned long long>(at(s.node_tables, i)),
                    static_cast<double>(at(s.node_actions, i)) / r.seconds, at(r.server_cpu, i) / r.seconds);
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
    if (r.rss_before) {
        double cpu = 0;
        for (double c : r.server_cpu) cpu += c;
        std::printf("   server RSS KiB: before %ld, after setup %ld, end %ld   server CPU %.2f cores\n", r.rss_before,
                    r.rss_setup, r.rss_end, cpu / r.seconds);
    }
    if (r.server_cpu.size() > 1 || s.node_tables.size() > 1) print_nodes(r);
    if (r.pg_cpu > 0) std::printf("   PostgreSQL CPU %.2f cores\n", r.pg_cpu / r.seconds);
    if (s.redirects || s.retries)
        std::printf("   table_elsewhere followed %llu, no_such_table asked again %llu\n",
                    static_cast<unsigned long long>(s.redirects), static_cast<unsigned long long>(s.retries));
    std::uint64_t total_errors = 0;
    for (const auto& [k, n] : s.errors) total_errors += n;
    std::printf("   errors: %llu\n", static_cast<unsigned long long>(total_errors));
    for (const auto& [k, n] : s.errors) std::printf("     %-40s %llu\n", k.c_str(), static_cast<unsigned long long>(n));
    std::fflush(stdout);
}

/// Whether the other clients of table `i` (of o.tables) connect to another node first: a share
/// o.join_elsewhere of each node's tables, spread evenly over them (several nodes only).
bool joins_elsewhere(const Options& o, int i) {
    if (o.nodes < 2) return false;
    const int j = i / o.nodes;  // the table's rank among its node's tables
    return std::floor((j + 1) * o.join_elsewhere) > std::floor(j * o.join_elsewhere);
}

/// Several nodes: counts as errors a node that served no table or no action while measuring, and
/// no table_elsewhere followed when some tables' clients were to join through another node.
void check_nodes(const Options& o, Stats& s) {
    auto at = [](const auto& v, int i) { return static_cast<std::size_t>(i) < v.size() ? v[i] : 0; };
    for (int k = 0; k < o.nodes; ++k) {
        const auto name = "node n" + std::to_string(k + 1);
        if (!at(s.node_tables, k)) s.errors[name + " created no table"]++;
        if (!at(s.node_actions, k)) s.errors[name + " acknowledged no action while measuring"]++;
    }
    bool expected = false;
    for (int i = 0; i < o.tables; ++i) expected = expected || (o.humans > 1 && joins_elsewhere(o, i));
    if (expected && !s.redirects) s.errors["no table_elsewhere followed"]++;
}

/// The command line of server `k` (of o.nodes) listening on 127.0.0.1:`port`: with several nodes,
/// node id n<k+1>, advertised at ws://127.0.0.1:<port>/ws; with --node-data-dir, its data
/// directory <dir>/n<k+1> (created).
std::vector<std::string> server_argv(const Options& o, int k, unsigned short port) {
    std::vector<std::string> args{
        o.server_bin, "--address", "127.0.0.1", "--port", std::to_string(port), "--log-level", "warn", "--threads",
        std::to_string(o.server_threads), "--robot-delay-ms", std::to_string(o.robot_delay_ms),
        // every client of the load comes from 127.0.0.1
        "--max-connections-per-address", "0", "--max-tables-per-address", "0", "--max-waiting-tables", "0",
        // a client of a small run may act more than 50 times a second: no per-connection rate limit
        "--msg-rate", "1000000", "--msg-burst", "1000000"};
    const std::string id = "n" + std::to_string(k + 1);
    if (o.nodes > 1)
        args.insert(args.end(), {"--node-id", id, "--advertise-url", "ws://127.0.0.1:" + std::to_string(port) + "/ws"});
    if (!o.node_data_dir.empty()) {
        const auto dir = std::filesystem::path(o.node_data_dir) / id;
        std::filesystem::create_directories(dir);
        args.insert(args.end(), {"--data-dir", dir.string()});
    }
    args.insert(args.end(), o.server_args.begin(), o.server_args.end());
    return args;
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
    app.add_option(
        "--server-arg", o.server_args,
        "an argument for the belote-server started with --server-bin (repeatable, e.g. --server-arg=--store=memory)");
    app.add_option("--nodes", o.nodes,
                   "start this many belote-server (--server-bin) as nodes of one PostgreSQL store (give "
                   "--server-arg=--store=postgres://...): node k gets --node-id n<k>, --advertise-url "
                   "ws://127.0.0.1:<its port>/ws and --data-dir <--node-data-dir>/n<k>; table i is created on node "
                   "i % nodes")
        ->check(CLI::Range(1, 16))
        ->capture_default_str();
    app.add_option("--node-data-dir", o.node_data_dir, "--nodes > 1: the directory of the nodes' data directories");
    app.add_option("--join-elsewhere", o.join_elsewhere,
                   "--nodes > 1: share of the tables whose other clients connect to the next node first and follow "
                   "its table_elsewhere to the table's node")
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str();
    app.add_option("--pg-pid", o.pg_pid, "PostgreSQL's postmaster pid: the CPU of it and its backends is reported");
    app.add_option("--echo-bin", o.echo_bin, "start this belote-echo as a child (else --echo-port)");
    app.add_option("--port", o.port,
                   "port of a running belote-server on 127.0.0.1 (start it with --max-connections-per-address 0 "
                   "--max-tables-per-address 0 --max-waiting-tables 0)");
    app.add_option("--echo-port", o.echo_port, "port of a running belote-echo on 127.0.0.1");
    app.add_option("--pid", o.server_pid, "pid of the running belote-server (for its VmRSS and CPU)");
    app.add_option("--tables", o.tables, "tables with connected players")->capture_default_str();
    app.add_option("--humans", o.humans, "connected players per table (1..4, robots in the other seats)")
        ->check(CLI::Range(1, 4))
        ->capture_default_str();
    app.add_option("--robot-tables", o.robot_tables, "extra tables of four robots")->capture_default_str();
    app.add_option("--rate", o.rate, "actions per second per table (0: as fast as possible)")->capture_default_str();
    app.add_flag("--aligned", o.aligned,
                 "paced runs: start every table's (and echo connection's) clock at the same instant instead of "
                 "at a random phase of its period");
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

    std::deque<Child> servers;  // a deque: its elements never move (a Child stops its process when destroyed)
    Child echo;
    try {
        const bool need_server = o.mode != "echo";
        const bool need_echo = o.mode == "echo" || o.with_echo;
        if (o.nodes > 1 && o.server_bin.empty()) throw std::runtime_error("--nodes needs --server-bin");
        if (need_server && !o.server_bin.empty()) {
            for (int k = 0; k < o.nodes; ++k) {
                const auto port = free_port();
                servers.emplace_back().pid = spawn_and_wait(server_argv(o, k, port), port);
                o.ports.push_back(port);
                o.pids.push_back(servers.back().pid);
            }
            o.port = o.ports.front();
            o.server_pid = o.pids.front();
        } else if (need_server) {
            o.ports = {o.port};
            o.pids = {o.server_pid};
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
                "echo baseline", o, {echo.pid}, drivers, n,
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
                o.nodes > 1 ? std::to_string(o.nodes) + " belote-server nodes" : "belote-server", o, o.pids, drivers,
                table_connections + o.robot_tables,
                [&](Worker& w, Progress& p, int i) {
                    const int home = i % o.nodes;
                    if (i >= o.tables) return std::make_unique<TableDriver>(w, o, p, i, 1, true, home);
                    return std::make_unique<TableDriver>(w, o, p, i, o.humans, false, home,
                                                         joins_elsewhere(o, i) ? (home + 1) % o.nodes : -1);
                },
                drivers);
            if (o.nodes > 1) check_nodes(o, r.stats);
            print(r, baseline);
            check(r);
        } else if (o.mode == "idle") {
            int n = o.connections;
            if (n <= 0) n = static_cast<int>(nofile) - 200;  // leave room for the process's other files
            const int per = 500, drivers = (n + per - 1) / per;
            o.duration = std::min(o.duration, 5.0);
            auto r = run_phase(
                "idle connections", o, o.pids, drivers, n,
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
