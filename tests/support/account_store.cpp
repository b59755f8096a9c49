#include "tests/support/account_store.hpp"

namespace belote::testing {

void AccountStore::commit(std::vector<store::Write> writes, store::Committed done) {
    std::optional<store::CommitError> error;
    if (failing_) {
        error = store::CommitError{store::CommitError::Kind::Storage, "disk full (test)"};
    } else {
        std::lock_guard lock(mutex_);
        auto accounts = accounts_;
        auto sessions = sessions_;
        for (const auto& write : writes) {
            if (const auto* put = std::get_if<store::PutAccount>(&write)) {
                const auto& a = put->account;
                for (const auto& [id, other] : accounts)
                    if (id != a.id && a.username_key && other.username_key == a.username_key)
                        error = store::CommitError{store::CommitError::Kind::Conflict, "username_key taken"};
                accounts[a.id] = a;
            } else if (const auto* session = std::get_if<store::PutSession>(&write)) {
                sessions[session->session.token_hash] = session->session;
            } else if (const auto* revoke = std::get_if<store::RevokeSession>(&write)) {
                sessions.erase(revoke->token_hash);
            }
        }
        if (!error) {
            accounts_ = std::move(accounts);
            sessions_ = std::move(sessions);
        }
    }
    if (inline_) return done(error);
    std::lock_guard lock(mutex_);
    writers_.emplace_back([done = std::move(done), error] { done(error); });
}

void AccountStore::flush() {
    std::vector<std::thread> writers;
    {
        std::lock_guard lock(mutex_);
        writers.swap(writers_);
    }
    for (auto& t : writers) t.join();
}

std::optional<store::Account> AccountStore::account(const std::string& id) {
    std::lock_guard lock(mutex_);
    auto it = accounts_.find(id);
    return it == accounts_.end() ? std::nullopt : std::optional(it->second);
}

std::optional<store::Account> AccountStore::account_by_username(const std::string& username_key) {
    std::lock_guard lock(mutex_);
    for (const auto& [id, a] : accounts_)
        if (a.username_key == username_key) return a;
    return std::nullopt;
}

std::optional<store::Session> AccountStore::session(const std::string& token_hash) {
    std::lock_guard lock(mutex_);
    auto it = sessions_.find(token_hash);
    return it == sessions_.end() ? std::nullopt : std::optional(it->second);
}

std::vector<store::Session> AccountStore::sessions() {
    std::lock_guard lock(mutex_);
    std::vector<store::Session> out;
    for (const auto& [hash, s] : sessions_) out.push_back(s);
    return out;
}

std::vector<store::Account> AccountStore::accounts() {
    std::lock_guard lock(mutex_);
    std::vector<store::Account> out;
    for (const auto& [id, a] : accounts_) out.push_back(a);
    return out;
}

}  // namespace belote::testing
