#include "server/store/table_leases.hpp"

namespace belote::store {

namespace {

Refusal stale(const std::string& table_id, std::uint64_t epoch, std::uint64_t written) {
    return {CommitError::Kind::StaleEpoch, "table " + table_id + " is in epoch " + std::to_string(epoch) + ", not " +
                                               std::to_string(written) + ": another node claimed it since"};
}

}  // namespace

std::optional<Refusal> refuse_claim(const std::optional<TableLease>& current, const ClaimTable& claim) {
    if (!current) return Refusal{CommitError::Kind::Conflict, "no open table " + claim.table_id + " to claim"};
    if (current->epoch != claim.seen_epoch) return stale(claim.table_id, current->epoch, claim.seen_epoch);
    if (current->until_ms > claim.now_ms && current->owner != claim.node)
        return Refusal{CommitError::Kind::LeaseHeld, "table " + claim.table_id + " is held by " + current->owner +
                                                         " until " + std::to_string(current->until_ms)};
    return std::nullopt;
}

TableLease claimed(const ClaimTable& claim) { return {claim.node, claim.until_ms, claim.seen_epoch + 1}; }

std::optional<Refusal> refuse_holder(const std::optional<TableLease>& current, const std::string& table_id,
                                     const std::string& node, std::uint64_t epoch) {
    if (!current) return Refusal{CommitError::Kind::Conflict, "no open table " + table_id};
    if (current->epoch != epoch) return stale(table_id, current->epoch, epoch);
    if (current->owner != node)
        return Refusal{CommitError::Kind::StaleEpoch,
                       "table " + table_id + " is not held by " + node + " in epoch " + std::to_string(epoch)};
    return std::nullopt;
}

std::optional<Refusal> refuse_append(std::uint64_t table_epoch, const AppendJournal& append) {
    if (table_epoch == append.epoch) return std::nullopt;
    return stale(append.entry.table_id, table_epoch, append.epoch);
}

}  // namespace belote::store
