#pragma once
// The rules of table ownership (docs/operations.md "Table ownership"), the same in every store: who
// may claim, renew or release a table's lease, and who may append to its journal. The database
// stores apply them with conditional updates and use these to say why one changed nothing.

#include <optional>
#include <string>
#include <utility>

#include "server/store/store.hpp"

namespace belote::store {

/// A write the stored state refuses (not a failure of the database): only its batch fails, with
/// `kind` (and `overdrawn` when it is a transfer that would overdraw an account). Thrown while
/// applying a batch, in every database store.
class Refusal : public StoreError {
public:
    Refusal(CommitError::Kind kind, const std::string& message, std::optional<Overdraft> overdrawn = std::nullopt)
        : StoreError(message), kind_(kind), overdrawn_(std::move(overdrawn)) {}
    CommitError::Kind kind() const { return kind_; }
    /// The error of the refused batch.
    CommitError error() const { return {kind_, what(), overdrawn_}; }

private:
    CommitError::Kind kind_;
    std::optional<Overdraft> overdrawn_;
};

/// Why `claim` may not take a table whose lease is `current` (none: no such open table): Conflict
/// (no table), StaleEpoch (its epoch is not claim.seen_epoch), LeaseHeld (the lease of another node
/// runs at claim.now_ms; the holder itself, restarted, may claim again). None when it may.
std::optional<Refusal> refuse_claim(const std::optional<TableLease>& current, const ClaimTable& claim);

/// The lease a successful `claim` leaves.
TableLease claimed(const ClaimTable& claim);

/// Why `node` may not renew or release the lease of `table_id` (`current`; none: no such open
/// table) in `epoch`: StaleEpoch unless it holds it in that epoch.
std::optional<Refusal> refuse_holder(const std::optional<TableLease>& current, const std::string& table_id,
                                     const std::string& node, std::uint64_t epoch);

/// Why an entry written in `append.epoch` may not go into a table in `table_epoch`: StaleEpoch.
std::optional<Refusal> refuse_append(std::uint64_t table_epoch, const AppendJournal& append);

}  // namespace belote::store
