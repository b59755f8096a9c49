#pragma once
// The PostgreSQL store's writes: the WriteTarget of its writer thread, on a connection of its own.

#include <string>
#include <unordered_map>

#include "server/store/group_writer.hpp"
#include "server/store/pg_connection.hpp"

namespace belote::store {

/// Applies writes to PostgreSQL with prepared statements, in transactions. Used by the writer
/// thread only.
class PostgresWriter final : public WriteTarget {
public:
    /// Connects to `url`. Throws PgError.
    explicit PostgresWriter(const std::string& url) : db_(url) {}

    /// The writer's connection (for the migrations at start-up, before the writer thread runs).
    PgConnection& connection() { return db_; }

    /// BEGIN ... COMMIT around `body`; connects again first when the connection was lost.
    void transaction(const std::function<void()>& body) override;
    void apply(const Write& write) override;
    /// A Refusal's error (table_leases.hpp: a lease rule, an overdraft), or a Conflict for a PgError
    /// of class 23 (unique key, foreign key, CHECK), which a journal gap also is.
    std::optional<CommitError> refusal(const StoreError& error) const override;
    void probe() override;

private:
    void append(const AppendJournal& append);
    void post(const LedgerEntry& entry);
    void put(const FinishedMatch& match);
    void rate(const RatingEntry& entry);
    void claim(const ClaimTable& claim);
    void renew(const RenewLease& renew);
    void release(const ReleaseTable& release);
    /// Stores a lobby row for the table's holder; refused (table_leases.hpp) for anyone else.
    void publish(const PublishLobby& publish);
    /// The lease of the open table `table_id` as this transaction sees it.
    std::optional<TableLease> lease(const std::string& table_id);

    PgConnection db_;
    /// The chips the transaction in progress moved, by ledger account: what an overdrawn account held
    /// before its batch is its balance less these (a batch is alone in its transaction when refused).
    std::unordered_map<std::string, std::int64_t> moved_;
};

}  // namespace belote::store
