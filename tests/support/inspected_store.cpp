#include "tests/support/inspected_store.hpp"

namespace belote::testing {

void InspectedStore::commit(std::vector<store::Write> writes, store::Committed done) {
    if (failing_) {
        if (done) done(store::CommitError{store::CommitError::Kind::Storage, "disk full (test)"});
        return;
    }
    {
        std::lock_guard lock(mutex_);
        for (const auto& write : writes) {
            if (const auto* put = std::get_if<store::PutAccount>(&write)) account_ids_.insert(put->account.id);
            if (const auto* put = std::get_if<store::PutSession>(&write)) token_hashes_.insert(put->session.token_hash);
        }
        if (holding_) {
            held_.emplace_back(std::move(writes), std::move(done));
            held_changed_.notify_all();
            return;
        }
    }
    inner_.commit(std::move(writes), std::move(done));
}

std::optional<store::FinishedMatch> InspectedStore::match(const std::string& id) {
    if (failing_reads_) throw store::StoreError("disk I/O error (test)");
    return inner_.match(id);
}

store::HistoryPage InspectedStore::history(const std::string& account_id, std::optional<std::int64_t> cursor,
                                           std::size_t limit) {
    if (failing_reads_) throw store::StoreError("disk I/O error (test)");
    return inner_.history(account_id, cursor, limit);
}

void InspectedStore::hold_commits(bool holding) {
    if (holding) {
        std::lock_guard lock(mutex_);
        holding_ = true;
        return;
    }
    // In order, and what is committed meanwhile goes after them.
    for (;;) {
        std::pair<std::vector<store::Write>, store::Committed> next;
        {
            std::lock_guard lock(mutex_);
            if (held_.empty()) {
                holding_ = false;
                return;
            }
            next = std::move(held_.front());
            held_.pop_front();
        }
        inner_.commit(std::move(next.first), std::move(next.second));
    }
}

void InspectedStore::wait_held(std::size_t n) {
    std::unique_lock lock(mutex_);
    held_changed_.wait(lock, [&] { return held_.size() >= n; });
}

std::vector<store::Session> InspectedStore::sessions() {
    std::lock_guard lock(mutex_);
    std::vector<store::Session> out;
    for (const auto& hash : token_hashes_)
        if (auto s = inner_.session(hash)) out.push_back(*s);
    return out;
}

std::vector<store::Account> InspectedStore::accounts() {
    std::lock_guard lock(mutex_);
    std::vector<store::Account> out;
    for (const auto& id : account_ids_)
        if (auto a = inner_.account(id)) out.push_back(*a);
    return out;
}

}  // namespace belote::testing
