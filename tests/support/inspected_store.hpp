#pragma once
// A store::MemoryStore that tests can look into and make fail: the account tests read the
// sessions and accounts written (no token may be stored, only its hash) and turn commits into
// storage failures (a full disk) and reads of finished matches into read errors; the room tests hold commits back, as a
// writer that is slow to commit, so that two changes read the store before either is stored.

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "server/store/memory_store.hpp"

namespace belote::testing {

/// Delegates to a MemoryStore (completions at once, on the committing thread). Thread-safe.
class InspectedStore final : public store::Store {
public:
    void commit(std::vector<store::Write> writes, store::Committed done) override;
    bool healthy() const override { return !(failing_ && failure_seen_); }
    void on_recovered(std::function<void()> f) override { inner_.on_recovered(std::move(f)); }
    std::optional<store::Account> account(const std::string& id) override { return inner_.account(id); }
    std::optional<store::Account> account_by_username(const std::string& key) override {
        return inner_.account_by_username(key);
    }
    std::optional<store::Account> account_by_look_alike_key(const std::string& key) override {
        return inner_.account_by_look_alike_key(key);
    }
    std::optional<store::Session> session(const std::string& hash) override { return inner_.session(hash); }
    std::vector<store::OpenTable> open_tables() override { return inner_.open_tables(); }
    std::optional<store::OpenTable> open_table(const std::string& id) override { return inner_.open_table(id); }
    std::optional<store::TableLease> table_lease(const std::string& id) override { return inner_.table_lease(id); }
    std::vector<store::LeasedTable> expired_leases(std::int64_t now_ms, std::size_t limit) override {
        return inner_.expired_leases(now_ms, limit);
    }
    std::vector<store::NodeEntry> nodes() override { return inner_.nodes(); }
    std::vector<store::LiveTable> live_tables(std::int64_t now_ms) override { return inner_.live_tables(now_ms); }
    std::optional<store::FinishedMatch> match(const std::string& id) override;
    store::HistoryPage history(const std::string& account_id, std::optional<std::int64_t> cursor,
                               std::size_t limit) override;
    std::optional<std::int64_t> balance(const std::string& account) override { return inner_.balance(account); }
    std::map<std::string, std::int64_t> balances() override { return inner_.balances(); }
    std::vector<store::LedgerEntry> ledger() override { return inner_.ledger(); }
    store::Progress progress(const std::string& account_id) override { return inner_.progress(account_id); }
    std::vector<std::int64_t> abandon_times(const std::string& account_id, std::int64_t since_ms) override {
        return inner_.abandon_times(account_id, since_ms);
    }
    std::vector<store::Account> registered_accounts() override { return inner_.registered_accounts(); }
    std::map<std::string, store::RatingEntry> ratings(const std::string& account_id) override {
        return inner_.ratings(account_id);
    }
    std::vector<store::LeaderRow> leaderboard(const store::LeaderQuery& query) override {
        return inner_.leaderboard(query);
    }
    void flush() override { inner_.flush(); }

    /// While `failing`, every commit fails with CommitError::Kind::Storage (and stores nothing);
    /// healthy() says so unless `seen` is false (a disk that fills between the server's check and its
    /// write).
    void fail_commits(bool failing, bool seen = true) {
        failure_seen_ = seen;
        failing_ = failing;
    }
    /// While set, reads of finished matches (match, history) throw store::StoreError (a disk that
    /// cannot be read).
    void fail_match_reads(bool failing) { failing_reads_ = failing; }
    /// While set, commits are queued instead of stored; unsetting it commits the queue in order (the
    /// completions run on the calling thread).
    void hold_commits(bool holding);
    /// Blocks until at least `n` commits are held.
    void wait_held(std::size_t n);
    /// The sessions stored now (of every token hash ever written, those still there).
    std::vector<store::Session> sessions();
    /// The accounts stored now.
    std::vector<store::Account> accounts();

private:
    store::MemoryStore inner_;
    std::atomic<bool> failing_{false};
    std::atomic<bool> failure_seen_{true};
    std::atomic<bool> failing_reads_{false};
    std::mutex mutex_;
    std::set<std::string> token_hashes_, account_ids_;  ///< every one written
    bool holding_ = false;
    std::deque<std::pair<std::vector<store::Write>, store::Committed>> held_;
    std::condition_variable held_changed_;
};

}  // namespace belote::testing
