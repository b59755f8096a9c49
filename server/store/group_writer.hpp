#pragma once
// The writer thread of a database store, apart from the database (docs/operations.md "The store"):
// batches are queued by commit(); the thread commits everything queued meanwhile, from every table,
// in one transaction (group commit). When a batch of the group conflicts, the group is redone one
// batch per transaction so that only that batch fails. After a storage failure the store is
// unhealthy until a commit or a probe (every second) succeeds.

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "server/store/store.hpp"

namespace belote::store {

/// What the writer thread commits to: one connection's write transactions. Called only from the
/// writer thread.
class WriteTarget {
public:
    virtual ~WriteTarget() = default;
    /// Runs `body` in one write transaction and commits it; on any exception rolls back and rethrows.
    virtual void transaction(const std::function<void()>& body) = 0;
    /// Applies one write inside the current transaction. Throws StoreError.
    virtual void apply(const Write& write) = 0;
    /// The error of the batch being applied when `error` refuses it (a unique key, a CHECK, a
    /// journal gap, an overdraft, a stale epoch, a held lease): only that batch fails. None when the
    /// database failed.
    virtual std::optional<CommitError> refusal(const StoreError& error) const = 0;
    /// One small write, to see whether the database takes writes again. Throws StoreError.
    virtual void probe() = 0;
    /// Whether some work of the target's own is due while nothing is queued (SQLite: the sweep of
    /// closed tables' journals), and one short step of it. Only on the writer thread.
    virtual bool idle_work_due() const { return false; }
    virtual void idle_work_step() {}
};

/// The queue and the thread of group commit over a WriteTarget. Thread-safe.
class GroupWriter {
public:
    /// Starts the thread. `target` must outlive stop() (or this object).
    explicit GroupWriter(WriteTarget& target);
    /// stop().
    ~GroupWriter();
    GroupWriter(const GroupWriter&) = delete;
    GroupWriter& operator=(const GroupWriter&) = delete;

    /// Store::commit: queues `writes`; `done` runs on the writer thread with the outcome.
    void commit(std::vector<Write> writes, Committed done);
    /// Store::healthy.
    bool healthy() const;
    /// Store::on_recovered.
    void on_recovered(std::function<void()> f);
    /// Store::flush: waits until everything queued so far is committed or failed.
    void flush();
    /// Waits until the target's idle work is done (for tests).
    void wait_until_idle();
    /// Commits what is queued, then ends the thread. Idempotent.
    void stop();

private:
    struct Job {
        std::vector<Write> writes;
        Committed done;
    };

    void run();
    void commit_group(std::vector<Job>& jobs);
    /// Commits `jobs` one per transaction: a refusal fails its own batch, a storage failure the
    /// rest. Fills `outcomes`.
    void commit_one_by_one(std::vector<Job>& jobs, std::vector<std::optional<CommitError>>& outcomes);
    void fail_from(std::size_t first, const StoreError& error, std::vector<std::optional<CommitError>>& outcomes);
    void probe();
    void set_healthy(bool healthy);

    WriteTarget& target_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::condition_variable drained_;
    std::deque<Job> queue_;
    std::uint64_t queued_ = 0;
    std::uint64_t done_ = 0;
    bool healthy_ = true;
    bool idle_work_ = true;  ///< target_.idle_work_due(), as the writer last saw it
    bool stop_ = false;
    std::vector<std::function<void()>> on_recovered_;
    std::thread thread_;
};

}  // namespace belote::store
