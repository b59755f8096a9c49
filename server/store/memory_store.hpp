#pragma once
// A store that keeps everything in memory (--store memory): nothing survives the process. For
// tests and for measuring what durability costs (scripts/perf.sh runs both).

#include <map>
#include <mutex>
#include <set>

#include "server/store/store.hpp"

namespace belote::store {

/// The in-memory store. commit() applies the batch and calls `done` at once, on the caller's
/// thread. Thread-safe.
class MemoryStore final : public Store {
public:
    void commit(std::vector<Write> writes, Committed done) override;
    bool healthy() const override { return true; }
    void on_recovered(std::function<void()>) override {}
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
    void flush() override {}

private:
    /// Why the batch cannot go in (none: it can): a taken unique key (username, table id, match id),
    /// a journal entry not right after its table's last one, a ledger account but a source below
    /// zero (Conflict; an overdraft says which account); a lease or an entry refused by the rules of
    /// table_leases.hpp.
    std::optional<CommitError> refusal(const std::vector<Write>& writes) const;
    void apply(const Write& write);

    std::mutex mutex_;
    std::map<std::string, Account> accounts_;
    std::map<std::string, Session> sessions_;
    std::map<std::string, OpenTable> tables_;        ///< the open ones
    std::map<std::string, TableLease> leases_;       ///< of the open tables
    std::map<std::string, std::string> lobby_;       ///< published lobby rows of the open tables
    std::map<std::string, NodeEntry> nodes_;         ///< the registry of nodes, by id
    std::map<std::int64_t, FinishedMatch> matches_;  ///< by number
    std::set<std::string> match_ids_;
    std::vector<LedgerEntry> ledger_;
    std::set<std::string> ledger_keys_;
    std::map<std::string, std::int64_t> balances_;
    std::vector<ProgressEntry> progress_;
    std::set<std::string> progress_keys_;
    std::map<std::pair<std::string, std::string>, RatingEntry> ratings_;  ///< by account and variant
    std::set<std::string> rating_keys_;
    std::int64_t match_number_ = 0;
};

}  // namespace belote::store
