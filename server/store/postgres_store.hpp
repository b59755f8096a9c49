#pragma once
// The PostgreSQL store (--store postgres://...): the same schema and semantics as the SQLite store
// (docs/operations.md "PostgreSQL"), for a database that outlives any one machine.

#include <memory>
#include <string>

#include "server/store/store.hpp"

namespace belote::store {

class GroupWriter;
class PgPool;
class PostgresWriter;

/// The PostgreSQL store: a writer thread that group-commits on a connection of its own, and a few
/// connections for the reads. Thread-safe.
class PostgresStore final : public Store {
public:
    /// Connects to `url` (postgres:// or postgresql://) and migrates the database to the current
    /// schema. Throws StoreError with a message for people (the URL shown without its password):
    /// cannot connect, or the schema is newer than this server's.
    explicit PostgresStore(const std::string& url);
    ~PostgresStore() override;

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

private:
    std::unique_ptr<PostgresWriter> target_;
    std::unique_ptr<PgPool> readers_;
    std::unique_ptr<GroupWriter> writer_;  ///< last: its thread uses target_
};

}  // namespace belote::store
