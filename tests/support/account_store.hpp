#pragma once
// A store double for the account tests, until the lead's store::MemoryStore is on main: accounts
// and sessions in memory (a unique username key), every other part empty. commit() runs each
// batch's completion on a thread of its own, as the SQLite store's writer does (or at once), and
// can be told to fail (a full disk).

#include <atomic>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

#include "server/store/store.hpp"

namespace belote::testing {

class AccountStore final : public store::Store {
public:
    /// `inline_completions`: run each completion at once on the committing thread (a test that
    /// runs everything on one thread), instead of on a thread of its own.
    explicit AccountStore(bool inline_completions = false) : inline_(inline_completions) {}
    ~AccountStore() override { flush(); }

    void commit(std::vector<store::Write> writes, store::Committed done) override;
    bool healthy() const override { return !failing_; }
    void on_recovered(std::function<void()>) override {}
    std::optional<store::Account> account(const std::string& id) override;
    std::optional<store::Account> account_by_username(const std::string& username_key) override;
    std::optional<store::Session> session(const std::string& token_hash) override;
    std::vector<store::OpenTable> open_tables() override { return {}; }
    std::optional<store::OpenTable> open_table(const std::string&) override { return std::nullopt; }
    std::optional<store::FinishedMatch> match(const std::string&) override { return std::nullopt; }
    store::HistoryPage history(const std::string&, std::optional<std::int64_t>, std::size_t) override { return {}; }
    void flush() override;

    /// While set, every commit fails with CommitError::Kind::Storage.
    void fail_commits(bool failing) { failing_ = failing; }
    /// Every session stored (tests look for tokens in it).
    std::vector<store::Session> sessions();
    std::vector<store::Account> accounts();

private:
    std::mutex mutex_;
    std::map<std::string, store::Account> accounts_;
    std::map<std::string, store::Session> sessions_;
    std::vector<std::thread> writers_;
    std::atomic<bool> failing_{false};
    const bool inline_;
};

}  // namespace belote::testing
