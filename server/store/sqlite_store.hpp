#pragma once
// The embedded store: one SQLite file in the data directory, in WAL mode, written by one thread
// that group-commits (docs/operations.md "The store").

#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

#include "server/store/group_writer.hpp"
#include "server/store/store.hpp"

namespace belote::store {

class Connection;

/// How far a commit is durable (--durability).
enum class Durability {
    Normal,  ///< WAL + synchronous=NORMAL: survives a crash of the process
    Full,    ///< WAL + synchronous=FULL: survives a power loss
};

/// The SQLite store. Thread-safe. Its writer thread is a GroupWriter over its own writer connection.
class SqliteStore final : public Store, private WriteTarget {
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
    std::optional<Account> account_by_look_alike_key(const std::string& key) override;
    std::optional<Session> session(const std::string& token_hash) override;
    std::vector<OpenTable> open_tables() override;
    std::optional<OpenTable> open_table(const std::string& id) override;
    std::optional<TableLease> table_lease(const std::string& id) override;
    std::vector<LeasedTable> expired_leases(std::int64_t now_ms, std::size_t limit) override;
    std::vector<NodeEntry> nodes() override;
    std::vector<LiveTable> live_tables(std::int64_t now_ms) override;
    std::optional<FinishedMatch> match(const std::string& id) override;
    HistoryPage history(const std::string& account_id, std::optional<std::int64_t> cursor, std::size_t limit) override;
    std::optional<std::int64_t> balance(const std::string& account) override;
    std::map<std::string, std::int64_t> balances() override;
    std::vector<LedgerEntry> ledger() override;
    Progress progress(const std::string& account_id) override;
    std::vector<std::int64_t> abandon_times(const std::string& account_id, std::int64_t since_ms) override;
    std::vector<Account> registered_accounts() override;
    std::map<std::string, RatingEntry> ratings(const std::string& account_id) override;
    std::vector<LeaderRow> leaderboard(const LeaderQuery& query) override;
    void flush() override;

    /// Blocks until the writer has swept the journal entries of every table closed so far (it does
    /// so in steps while it has nothing to commit). For tests.
    void wait_until_swept();

    /// Copies the database at `path` to `destination` with SQLite's online backup (the server may be
    /// running). Throws StoreError.
    static void backup(const std::string& path, const std::string& destination);

private:
    struct Statements;

    /// Runs `body` in one write transaction (BEGIN IMMEDIATE ... COMMIT); rolls back and rethrows.
    void transaction(const std::function<void()>& body) override;
    void apply(const Write& write) override;
    std::optional<CommitError> refusal(const StoreError& error) const override;
    void probe() override;
    /// The sweep of closed tables' journal entries, a step at a time while nothing is queued.
    bool idle_work_due() const override { return sweep_due(); }
    void idle_work_step() override { sweep_step(); }
    /// The sequence number of `table_id`'s last journal entry (0: none or closed).
    std::int64_t last_seq(const std::string& table_id) const;
    /// The epoch of `table_id` (0: never claimed, or no such open table).
    std::uint64_t epoch_of(const std::string& table_id) const;
    /// The lease of the open table `table_id` as the writer's transaction sees it.
    std::optional<TableLease> lease(const std::string& table_id);
    /// One step of the sweep of closed tables' journal entries (at most sweep_step_rows rows, in
    /// its own transaction); starts a new pass over the journal when the last one ended.
    void sweep_step();
    /// True while a pass of the sweep is under way or due.
    bool sweep_due() const { return sweep_from_ < sweep_to_ || sweep_again_; }

    std::unique_ptr<Connection> writer_db_;
    std::unique_ptr<Statements> writes_;
    /// Each open table's last journal entry as committed (read from the file at start-up; the
    /// writer is the only one to append).
    std::unordered_map<std::string, std::int64_t> last_seq_;
    /// The tables the transaction in progress appended to or closed (0), merged into last_seq_
    /// when it commits, dropped when it rolls back.
    std::unordered_map<std::string, std::int64_t> pending_seq_;
    /// Each open table's epoch when not 0 (docs/operations.md "Table ownership"), as committed, and
    /// as the transaction in progress changed it (0: closed), like last_seq_ and pending_seq_. The
    /// writer applies every claim, so it knows them all.
    std::unordered_map<std::string, std::uint64_t> epochs_;
    std::unordered_map<std::string, std::uint64_t> pending_epochs_;
    /// The sweep: the next step starts at journal number sweep_from_, the pass ends at sweep_to_;
    /// sweep_again_ asks for another pass (a table closed since this one began; and at start-up,
    /// for what a crash left).
    std::int64_t sweep_from_ = 0;
    std::int64_t sweep_to_ = 0;
    bool sweep_again_ = true;
    std::mutex read_mutex_;
    std::unique_ptr<Connection> reader_db_;
    std::unique_ptr<GroupWriter> writer_;  ///< last: its thread uses the members above
};

}  // namespace belote::store
