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
    }
    inner_.commit(std::move(writes), std::move(done));
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
