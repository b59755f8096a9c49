// belote-cost: a fixed, deterministic workload for counting what the server spends per action
// (scripts/perf.sh cost runs the server under callgrind and this program against it).
//
// Game mode: four protocol clients sit at one Classic table (target 1000) and play in lock step:
// the seat to act takes the turn-up when it may, else plays the first legal action; every client
// then reads until the next `turn` (or the match's end, after which the chief starts the next
// match). After the warm-up deals, `--on-start` runs (callgrind_control -z), then exactly
// `--actions` accepted actions are played, then `--on-end` runs (callgrind_control -d). The deal
// itself is random (the server seeds each match), so two runs differ only by their cards.
//
// Echo mode (--echo): four clients of belote-echo, each in turn sending an action-sized message
// and reading it back; `--warmup` echoes, the hook, `--actions` echoes, the hook.
//
//   belote-cost --port 9000 --actions 400 --on-start 'callgrind_control -z 123' --on-end 'callgrind_control -d 123'

#include <CLI/CLI.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "client/sync_client.hpp"
#include "client/table_tracker.hpp"

namespace {

namespace client = belote::client;

/// Runs `command` with the shell (when not empty); throws when it fails.
void run_hook(const std::string& command) {
    if (command.empty()) return;
    std::fflush(stdout);
    const int rc = std::system(command.c_str());
    if (rc != 0) throw std::runtime_error("'" + command + "' failed (status " + std::to_string(rc) + ")");
}

/// The fixed choice: take the turn-up when allowed, else the first legal action.
client::Action choose(const std::vector<client::Action>& legal) {
    const auto take = std::find(legal.begin(), legal.end(), client::Action{client::Take{}});
    return take != legal.end() ? *take : legal.front();
}

/// Four seated clients playing one table in lock step.
class Table {
public:
    Table(const std::string& host, unsigned short port, std::chrono::milliseconds timeout) {
        for (int s = 0; s < 4; ++s) {
            clients_[s] = std::make_unique<client::SyncClient>(host, port, timeout);
            ok(s, client::Hello{.nickname = "cost" + std::to_string(s)});
        }
        table_ = ok(0, client::CreateTable{.variant = "classic", .target = 1000}).body().at("table");
        for (int s = 0; s < 4; ++s) {
            trackers_[s] = client::TableTracker(table_);
            ok(s, client::Sit{.table = table_, .seat = s});  // seat 0 first: the chief
        }
        start();
    }

    /// Plays one accepted action and reads every client up to the next decision.
    void step() {
        int actor = -1;
        for (int s = 0; s < 4; ++s)
            if (trackers_[s].my_turn()) actor = s;
        if (actor < 0) throw std::runtime_error("nobody is to act");
        const client::RequestId id = clients_[actor]->send(client::Act{table_, choose(trackers_[actor].legal())});
        for (int s = 0; s < 4; ++s) {
            for (;;) {
                client::Message m = clients_[s]->next();
                ++frames_;
                if (m.is_reply()) {
                    if (s != actor || !m.replies_to(id) || !m.is_ok())
                        throw std::runtime_error("unexpected reply: " + m.body().dump());
                    continue;
                }
                if (trackers_[s].apply(m) != client::TableTracker::Outcome::applied)
                    throw std::runtime_error("event out of sequence: " + m.body().dump());
                if (m.type() == "turn" || m.type() == "match_ended") break;
            }
        }
        ++actions_;
        if (trackers_[0].match_over()) {
            ++matches_ended_;
            start();
        }
    }

    /// Deals scored since the start.
    int deals() const { return trackers_[0].deals_scored(); }
    long actions() const { return actions_; }
    long frames() const { return frames_; }
    int matches_ended() const { return matches_ended_; }

private:
    client::Message ok(int s, const client::Request& r) {
        client::Message reply = clients_[s]->request(r);
        if (!reply.is_ok()) throw std::runtime_error("refused: " + reply.body().dump());
        return reply;
    }

    /// Starts a match (the chief) and reads every client up to the first turn.
    void start() {
        ok(0, client::Start{.table = table_});
        for (int s = 0; s < 4; ++s) {
            for (;;) {
                client::Message m = clients_[s]->next();
                ++frames_;
                if (m.is_reply()) continue;
                trackers_[s].apply(m);
                if (m.type() == "turn") break;
            }
        }
    }

    std::array<std::unique_ptr<client::SyncClient>, 4> clients_;
    std::array<client::TableTracker, 4> trackers_;
    std::string table_;
    long actions_ = 0;
    long frames_ = 0;
    int matches_ended_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
    std::string host = "127.0.0.1";
    unsigned short port = 0;
    bool echo = false;
    long actions = 400;
    int warmup = 1;
    std::string on_start, on_end;
    unsigned timeout_s = 120;
    CLI::App app{"belote-cost: fixed workload for scripts/perf.sh cost (four clients at one table, or echoes)"};
    app.add_option("--host", host, "server host")->capture_default_str();
    app.add_option("--port", port, "server port")->required();
    app.add_flag("--echo", echo, "drive belote-echo instead of belote-server");
    app.add_option("--actions", actions, "accepted actions (echoes) in the measured window")
        ->check(CLI::Range(1L, 100000L))
        ->capture_default_str();
    app.add_option("--warmup", warmup, "deals played before the window (echo mode: echoes per client)")
        ->check(CLI::Range(0, 1000))
        ->capture_default_str();
    app.add_option("--on-start", on_start, "shell command run just before the window");
    app.add_option("--on-end", on_end, "shell command run just after the window");
    app.add_option("--timeout-s", timeout_s, "longest wait for any one message")->capture_default_str();
    CLI11_PARSE(app, argc, argv);

    const std::chrono::milliseconds timeout = std::chrono::seconds(timeout_s);
    try {
        if (echo) {
            std::array<std::unique_ptr<client::SyncClient>, 4> clients;
            for (auto& c : clients) c = std::make_unique<client::SyncClient>(host, port, timeout);
            // The load generator's echo message: the size of an action request.
            const std::string message =
                R"({"card":"JS","id":123456,"table":"t1234","type":"play","pad":"..........................................................................."})";
            auto echo_one = [&](long i) {
                auto& c = *clients[static_cast<std::size_t>(i % 4)];
                c.send_text(message);
                if (c.next().body().value("card", "") != "JS") throw std::runtime_error("not echoed");
            };
            for (long i = 0; i < 4L * warmup; ++i) echo_one(i);
            run_hook(on_start);
            for (long i = 0; i < actions; ++i) echo_one(i);
            run_hook(on_end);
            std::printf("echoes %ld\n", actions);
            return 0;
        }
        Table table(host, port, timeout);
        while (table.deals() < warmup) table.step();
        const long frames0 = table.frames();
        const int matches0 = table.matches_ended();
        const int deals0 = table.deals();
        run_hook(on_start);
        for (long i = 0; i < actions; ++i) table.step();
        run_hook(on_end);
        std::printf("actions %ld frames_received %ld deals_scored %d matches_ended %d\n", actions,
                    table.frames() - frames0, table.deals() - deals0, table.matches_ended() - matches0);
        return 0;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "belote-cost: %s\n", e.what());
        return 1;
    }
}
