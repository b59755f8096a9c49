// Kill -9 (issue 12): the real binary on a real SQLite file is killed at random moments while four
// tables (one per variant) play match after match — a protocol client at seat 0, robots in the
// other seats, a spectator each — and restarted on the same data directory. Every other death is
// the server's own, in the middle of a write to SQLite's write-ahead log, that is inside a group
// commit (tests/support/die_in_wal_write.c, preloaded). Every client comes back with its token and
// `resume`. A shorter run does the same on a PostgreSQL store (issue 16; skipped when no test
// PostgreSQL is set, tests/support/test_postgres.hpp), where the server's own deaths come as it
// sends a COMMIT, half of them after the whole of it (the database commits a group nobody was told
// about), half after half of it (tests/support/die_in_pg_commit.c). Checked:
// - no client sees a `v` go backwards or an event twice (each notice is the next `v`, or a snapshot
//   at or past it);
// - every action acknowledged to seat 0 is in the match's record, in order;
// - every match's record replays through the engine to the totals its players were shown.

#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>
#include <random>
#include <thread>

#include "client/sync_client.hpp"
#include "engine/record.hpp"
#include "protocol/action_json.hpp"
#include "protocol/record.hpp"
#include "tests/server/game_client.hpp"
#include "tests/store/server_lives.hpp"
#include "tests/support/server_process.hpp"
#include "tests/support/test_postgres.hpp"

namespace belote::testing {
namespace crash_test {

#if !defined(BELOTE_DIE_IN_WAL_WRITE_LIBRARY) || !defined(BELOTE_DIE_IN_PG_COMMIT_LIBRARY)
#error "BELOTE_DIE_IN_WAL_WRITE_LIBRARY and BELOTE_DIE_IN_PG_COMMIT_LIBRARY must name the preload libraries"
#endif

/// How a server dies by itself inside a group commit: a library preloaded into it.
struct InCommitDeath {
    const char* library;
    const char* count_variable;  ///< the library dies at this many writes (or commits)
    int least_count, most_count;
    const char* marker;                   ///< what it prints when it dies so
    const char* half_variable = nullptr;  ///< set to 1 in every other death, when not null
    /// The environment of a server that dies at `count`; `half`: with half_variable set.
    std::vector<std::string> environment(int count, bool half) const {
        std::vector<std::string> env{std::string("LD_PRELOAD=") + library,
                                     std::string(count_variable) + "=" + std::to_string(count)};
        if (half_variable && half) env.push_back(std::string(half_variable) + "=1");
        return env;
    }
};

/// SQLite: a write to the write-ahead log, half written.
const InCommitDeath in_sqlite_log{BELOTE_DIE_IN_WAL_WRITE_LIBRARY, "BELOTE_DIE_AFTER_WAL_WRITES", 20, 400,
                                  "die_in_wal_write: killed in a write"};
/// PostgreSQL: a COMMIT sent whole or half.
const InCommitDeath in_postgres_commit{BELOTE_DIE_IN_PG_COMMIT_LIBRARY,          "BELOTE_DIE_AFTER_PG_COMMITS", 5, 100,
                                       "die_in_pg_commit: killed after sending", "BELOTE_DIE_PG_COMMIT_HALF"};

/// What one run plays and how it kills.
struct CrashPlan {
    std::vector<std::string> variants;  ///< a table each
    int matches_per_table = 0;
    int kills = 0;
    /// Every other death is the server's own inside a group commit, so (none: all are kill -9).
    const InCommitDeath* in_commit = nullptr;
    int least_kills = 0;                  ///< fewer: the matches ended too soon for the test to mean anything
    int least_acknowledged = 0;           ///< actions of seat 0 acknowledged over the run
    std::vector<std::string> store_args;  ///< the server's --store (none: SQLite in the data directory)
};

/// The server's arguments in every life of the test: `store_args` added (none: SQLite in the data
/// directory).
std::vector<std::string> server_args(const std::vector<std::string>& store_args) {
    std::vector<std::string> args{"--robot-delay-ms", "0",      "--log-level", "info",  "--robot-budget-ms", "5",
                                  "--msg-rate",       "100000", "--msg-burst", "100000"};
    args.insert(args.end(), store_args.begin(), store_args.end());
    return args;
}

/// What the whole run counts, for the killer.
struct Progress {
    std::mutex mutex;
    std::condition_variable moved;
    int acknowledged = 0;
    int tables_done = 0;
};

/// Checks the versions one client sees at one table.
struct VersionCheck {
    std::uint64_t last = 0;
    /// Fails the test when `e` (a message of the table) is not the next version or a snapshot at or past it.
    void see(const json& e, const std::string& who) {
        if (!e.contains("v")) return;
        const std::uint64_t v = e["v"];
        if (e["type"] == "snapshot")
            EXPECT_GE(v, last) << who << ": a snapshot went back";
        else
            EXPECT_EQ(v, last + 1) << who << ": " << e.dump();
        last = std::max(last, v);
    }
};

/// Connects to the current life with `token` and resumes `table` from `seen`.
std::unique_ptr<GameClient> come_back(ServerLives& life, const std::string& token, const std::string& name,
                                      const std::string& table, std::uint64_t seen) {
    auto c = std::make_unique<GameClient>(life.port());
    json hello = c->request(
        {{"type", "hello"}, {"protocol", 1}, {"nickname", name}, {"token", token}, {"resume", {{table, seen}}}});
    if (code(hello) != "ok") throw std::runtime_error("hello refused: " + hello.dump());
    return c;
}

/// Seat 0 of one table: plays random legal actions and starts each next match, through the kills.
class Player {
public:
    Player(ServerLives& life, Progress& progress, std::string variant, int matches, unsigned seed)
        : life_(life), progress_(progress), variant_(std::move(variant)), matches_per_table_(matches), random_(seed) {}

    /// Creates the table (robots in the other seats) and starts the first match.
    void set_up() {
        client_ = std::make_unique<GameClient>(life_.port());
        json hello = client_->hello("Ana " + variant_.substr(0, 8));
        ASSERT_TRUE(hello.contains("token")) << hello.dump();
        token_ = hello["token"];
        json created = client_->request({{"type", "create_table"}, {"variant", variant_}, {"target", 301}});
        ASSERT_TRUE(created.contains("table")) << created.dump();
        table_ = created["table"];
        const int seats = variant_ == "decouverte" ? 2 : 4;
        ASSERT_EQ(code(client_->request({{"type", "sit"}, {"table", table_}, {"seat", 0}})), "ok");
        for (int s = 1; s < seats; ++s)
            ASSERT_EQ(code(client_->request({{"type", "add_robot"}, {"table", table_}, {"seat", s}})), "ok");
        need_start_ = true;
    }

    const std::string& table() const { return table_; }

    void run() {
        std::uint64_t life = life_.generation();
        while (matches_ < matches_per_table_ && !::testing::Test::HasFatalFailure()) {
            try {
                if (!client_) {
                    client_ = come_back(life_, token_, "Ana " + variant_.substr(0, 8), table_, versions_.last);
                    redo();
                }
                if (ended_) {  // after a match end, even one heard just before a kill: its record, then the next
                    check_record(*ended_);
                    ended_.reset();
                    ++matches_;
                    need_start_ = matches_ < matches_per_table_;
                    continue;
                }
                if (need_start_) start();
                handle(client_->next_event());
                quiet_ = 0;
            } catch (const client::TimeoutError& e) {
                // Nothing came for 10 s (the client is unusable after a timeout: come back with
                // resume); three times in a row means the table is stuck.
                client_.reset();
                if (++quiet_ < 3) continue;
                ADD_FAILURE() << variant_ << ": nothing for 30 s\nlast events:\n" << recent_events();
                break;
            } catch (const std::exception& e) {
                client_.reset();
                if (!life_.wait_past(life)) {
                    ADD_FAILURE() << variant_ << ": no restart after: " << e.what() << "\nlast events:\n"
                                  << recent_events();
                    break;
                }
                life = life_.generation();
            }
        }
        std::lock_guard lock(progress_.mutex);
        ++progress_.tables_done;
        progress_.moved.notify_all();
    }

private:
    void start() {
        client_->request({{"type", "start"}, {"table", table_}});
        need_start_ = false;  // refused: it had started before the kill (the replay shows it)
    }

    /// After a reconnection: the decision that was pending and not acknowledged is made again (if
    /// it was in fact taken before the kill, the server refuses it and the replay shows it).
    void redo() {
        if (pending_) act(*pending_);
    }

    void handle(const json& e) {
        recent_.push_back(e);
        if (recent_.size() > 6) recent_.pop_front();
        if (e.value("table", "") != table_) return;
        versions_.see(e, variant_ + " seat 0");
        const std::string type = e.value("type", "");
        if (type == "turn") {
            pending_.reset();
            if (e.value("seat", -1) == 0 && e.contains("legal")) {
                pending_ = e["legal"];
                act(*pending_);
            }
        } else if (type == "snapshot") {
            pending_.reset();
            const json& view = e["view"];
            if (view.contains("legal") && !view["legal"].empty()) {
                pending_ = view["legal"];
                act(*pending_);
            }
            if (e["state"] == "finished") need_start_ = true;
        } else if (type == "match_started") {
            acked_.clear();
            need_start_ = false;
        } else if (type == "match_ended") {
            ended_ = e;
        }
    }

    std::string recent_events() const {
        std::string seen;
        for (const auto& r : recent_) seen += r.dump() + "\n";
        return seen;
    }

    void act(const json& legal) {
        json action = legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(random_)];
        action["table"] = table_;
        json reply = client_->request(action);
        if (code(reply) != "ok") return;
        pending_.reset();
        acked_.push_back(*protocol::action_from_json(action));
        std::lock_guard lock(progress_.mutex);
        ++progress_.acknowledged;
        progress_.moved.notify_all();
    }

    /// The record of the match that just ended holds every acknowledged action of seat 0, and
    /// replays to the totals shown.
    void check_record(const json& ended) {
        json reply = client_->request({{"type", "get_record"}, {"table", table_}});
        ASSERT_EQ(code(reply), "ok") << reply.dump();
        auto parsed = protocol::record_from_json(reply["record"]);
        ASSERT_TRUE(std::holds_alternative<GameRecord>(parsed)) << std::get<std::string>(parsed);
        const auto& record = std::get<GameRecord>(parsed);
        std::size_t next = 0;
        for (const auto& a : record.actions)
            if (a.seat == 0 && next < acked_.size() && a.action == acked_[next]) ++next;
        EXPECT_EQ(next, acked_.size()) << variant_ << ": an acknowledged action is missing from the record";
        ReplayResult replayed = replay(record);
        EXPECT_FALSE(replayed.failure) << variant_;
        EXPECT_TRUE(replayed.finished) << variant_;
        EXPECT_EQ(replayed.totals[0], ended["totals"][0].get<int>()) << variant_;
        EXPECT_EQ(replayed.totals[1], ended["totals"][1].get<int>()) << variant_;
        acked_.clear();
    }

    ServerLives& life_;
    Progress& progress_;
    std::string variant_;
    int matches_per_table_;
    std::mt19937 random_;
    std::unique_ptr<GameClient> client_;
    std::string token_, table_;
    VersionCheck versions_;
    std::optional<json> pending_;
    std::vector<Action> acked_;
    std::deque<json> recent_;
    std::optional<json> ended_;  ///< a match_ended whose record is not checked yet
    int quiet_ = 0;
    bool need_start_ = false;
    int matches_ = 0;
};

/// A spectator of one table, watching it before the kills begin (a kill during its hello would
/// leave it nobody to come back as).
struct Spectator {
    std::unique_ptr<GameClient> client;
    std::string token;
};

Spectator start_watching(ServerLives& life, const std::string& table) {
    Spectator s{std::make_unique<GameClient>(life.port()), {}};
    // A name of its own: a new guest may not take the name of a player connected now.
    s.token = s.client->hello("Wu " + table.substr(1, 8))["token"];
    EXPECT_EQ(code(s.client->request({{"type", "watch"}, {"table", table}})), "ok") << "watch refused";
    return s;
}

/// The spectator reads everything, checks the versions, and comes back after each kill.
void spectate(ServerLives& life, const std::string& table, const std::atomic<bool>& done, VersionCheck& versions,
              Spectator spectator) {
    auto c = std::move(spectator.client);
    const auto token = spectator.token;
    std::uint64_t generation = life.generation();
    while (!done) {
        try {
            if (!c) c = come_back(life, token, "Wu", table, versions.last);
            json e = c->next_event();
            if (e.value("table", "") == table) versions.see(e, "spectator of " + table);
        } catch (const client::TimeoutError&) {
            c.reset();  // between matches a table may be quiet: come back with resume
            continue;
        } catch (const std::exception&) {
            c.reset();
            if (done) return;
            if (!life.wait_past(generation)) return ADD_FAILURE() << "spectator: no restart";
            generation = life.generation();
        }
    }
}

/// Plays `plan` against the real binary, killing it at random moments, and checks what the file
/// comment says.
void run_crash_test(const CrashPlan& plan) {
    TempDir data("crash");
    ServerLives life(data.path(), server_args(plan.store_args));
    Progress progress;
    std::vector<std::unique_ptr<Player>> players;
    unsigned seed = 20261201;
    for (const auto& variant : plan.variants)
        players.push_back(std::make_unique<Player>(life, progress, variant, plan.matches_per_table, seed++));
    for (auto& p : players) p->set_up();
    ASSERT_FALSE(::testing::Test::HasFatalFailure());

    std::atomic<bool> done{false};
    std::vector<VersionCheck> watched(players.size());
    std::vector<std::thread> threads;
    std::vector<Spectator> spectators;
    for (auto& p : players) spectators.push_back(start_watching(life, p->table()));
    ASSERT_FALSE(::testing::Test::HasFailure());
    for (std::size_t i = 0; i < players.size(); ++i) {
        threads.emplace_back([&, i, s = std::move(spectators[i])]() mutable {
            spectate(life, players[i]->table(), done, watched[i], std::move(s));
        });
        threads.emplace_back([&, i] { players[i]->run(); });
    }

    // Kill after a random number of acknowledged actions, while the tables play at full speed
    // (robots do not wait); with plan.in_commit the next life then dies by itself inside a group
    // commit, after a random number of writes to the log (or commits).
    std::mt19937 random(seed);
    int killed = 0, in_commit = 0;
    while (killed < plan.kills) {
        const int wait_for = std::uniform_int_distribution<int>(5, 60)(random);
        std::unique_lock lock(progress.mutex);
        const int target = progress.acknowledged + wait_for;
        progress.moved.wait(lock, [&] {
            return progress.acknowledged >= target || progress.tables_done == static_cast<int>(players.size());
        });
        if (progress.tables_done == static_cast<int>(players.size())) break;
        lock.unlock();
        if (!plan.in_commit) {
            life.kill_and_restart();
            ++killed;
            continue;
        }
        const auto& death = *plan.in_commit;
        const int count = std::uniform_int_distribution<int>(death.least_count, death.most_count)(random);
        life.kill_and_restart(death.environment(count, killed / 2 % 2 == 1));  // every other one half
        ++killed;
        if (life.wait_death_and_restart(death.marker)) ++in_commit;
        ++killed;
    }
    for (std::size_t i = 1; i < threads.size(); i += 2) threads[i].join();
    done = true;
    life.kill_and_restart();  // wakes the spectators up from their reads
    for (std::size_t i = 0; i < threads.size(); i += 2) threads[i].join();
    EXPECT_GE(killed, plan.least_kills) << "the matches ended before enough kills";
    if (plan.in_commit) {
        EXPECT_EQ(in_commit * 2, killed) << "a server preloaded to die inside a group commit did not";
    }
    std::lock_guard lock(progress.mutex);
    EXPECT_GE(progress.acknowledged, plan.least_acknowledged);
    std::printf("crash test: %d kills (%d inside a group commit), %d acknowledged actions, %d matches\n", killed,
                in_commit, progress.acknowledged, static_cast<int>(players.size()) * plan.matches_per_table);
}

TEST(CrashTest, KilledAtRandomMomentsEveryAcknowledgedActionAndEveryVersionSurvives) {
    // 4 tables: 52 matches; 22 deaths, half of them inside a group commit.
    run_crash_test(
        {{"classic", "classic_announcements", "coinche", "decouverte"}, 13, 22, &in_sqlite_log, 20, 200, {}});
}

TEST(CrashTest, OnPostgresKilledAtRandomMomentsEveryAcknowledgedActionAndEveryVersionSurvives) {
    const auto server = test_postgres_url();
    if (!server) GTEST_SKIP() << no_test_postgres;
    PostgresSchema schema(*server);
    run_crash_test({{"classic", "classic_announcements", "coinche", "decouverte"},
                    8,
                    12,
                    &in_postgres_commit,
                    10,
                    300,
                    {"--store", schema.url()}});
}

}  // namespace crash_test
}  // namespace belote::testing
