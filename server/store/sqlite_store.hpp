#pragma once
// The embedded store: one SQLite file in the data directory, in WAL mode, written by one thread
// that group-commits (docs/operations.md "The store").

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "server/store/store.hpp"

namespace belote::store {

class Connection;

/// How far a commit is durable (--durability).
enum class Durability {
    Normal,  ///< WAL + synchronous=NORMAL: survives a crash of the process
    Full,    ///< WAL + synchronous=FULL: survives a power loss
};

/// The SQLite store. Thread-safe.
class SqliteStore final : public Store {
public:
    /// Opens (creating it when missing) the database at `path`, checks it (quick_check), and
    /// migrates it to the current schema. Throws StoreError with a message for people: the file is
    /// not a database or is corrupt, or its schema is newer than this server's.
    SqliteStore(const std::string& path, Durability durability);
    ~SqliteStore() override;

    void commit(std::vector<Write> writes, Committed done) override;
    bool healthy() const override;
    void on_recovered(std::function<void()> f) override;
    std::optional<Account> account(const std::string& id) override;
    std::optional<Account> account_by_username(const std::string& username_key) override;
    std::optional<Session> session(const std::string& token_hash) override;
    std::vector<OpenTable> open_tables() override;
    std::optional<OpenTable> open_table(const std::string& id) override;
    std::optional<FinishedMatch> match(const std::string& id) override;
    HistoryPage history(const std::string& account_id, std::optional<std::int64_t> cursor, std::size_t limit) override;
    std::optional<std::int64_t> balance(const std::string& account) override;
    std::map<std::string, std::int64_t> balances() override;
    std::vector<LedgerEntry> ledger() override;
    Progress progress(const std::string& account_id) override;
    std::map<std::string, RatingEntry> ratings(const std::string& account_id) override;
    std::vector<LeaderRow> leaderboard(const LeaderQuery& query) override;
    void flush() override;

    /// Copies the database at `path` to `destination` with SQLite's online backup (the server may be
    /// running). Throws StoreError.
    static void backup(const std::string& path, const std::string& destination);

private:
    struct Job {
        std::vector<Write> writes;
        Committed done;
    };
    struct Statements;

    void run_writer();
    void commit_group(std::vector<Job>& jobs);
    /// Runs `body` in one write transaction (BEGIN IMMEDIATE ... COMMIT); rolls back and rethrows.
    void transaction(const std::function<void()>& body);
    void apply(const Write& write);
    /// The sequence number of `table_id`'s last journal entry (0: none), from last_seq_ or the file.
    std::int64_t last_seq(const std::string& table_id);
    void probe();
    void set_healthy(bool healthy);
    OpenTable load(const TableRecord& table);

    std::unique_ptr<Connection> writer_db_;
    std::unique_ptr<Statements> writes_;
    /// The writer's knowledge of each open table's last journal entry, as committed or about to be
    /// in the current transaction; cleared when a transaction is rolled back.
    std::unordered_map<std::string, std::int64_t> last_seq_;
    std::mutex read_mutex_;
    std::unique_ptr<Connection> reader_db_;

    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::condition_variable drained_;
    std::deque<Job> queue_;
    std::uint64_t queued_ = 0;
    std::uint64_t done_ = 0;
    bool healthy_ = true;
    bool stop_ = false;
    std::vector<std::function<void()>> on_recovered_;
    std::thread writer_;
};

}  // namespace belote::store
