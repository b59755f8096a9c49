#pragma once
// The chip audit (docs/room.md "Ledger", docs/operations.md "Auditing the chips"): every balance is
// what its ledger entries add up to, nothing but a source is below zero, no finished match still
// holds chips in escrow, and the chips held (wallets, escrows, house) are exactly what the starting
// balances and the top-ups created.

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "server/store/store.hpp"

namespace belote::room {

/// What an audit found.
struct AuditReport {
    std::int64_t created = 0;           ///< chips given out by source:start and source:topup
    std::int64_t held = 0;              ///< chips in wallets, escrows and the house
    std::size_t entries = 0;            ///< ledger entries read
    std::size_t accounts = 0;           ///< ledger accounts
    std::vector<std::string> problems;  ///< one line each; none: the ledger balances
    bool balanced() const { return problems.empty(); }
};

/// Audits the ledger of `store`. Throws store::StoreError when it cannot be read.
AuditReport audit(store::Store& store);

/// Audits the store of the server (belote-server --audit): the PostgreSQL database of `store` when
/// it is a postgres:// URL, else the SQLite store of `data_dir`. Writes the report to `out`; returns
/// the process's exit code: 0 balanced, 1 not (or unreadable).
int run_audit(const std::string& store, const std::string& data_dir, std::ostream& out);

}  // namespace belote::room
