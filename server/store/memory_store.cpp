#include "server/store/memory_store.hpp"

#include <algorithm>

namespace belote::store {

namespace {

template <class... F>
struct Overloaded : F... {
    using F::operator()...;
};
template <class... F>
Overloaded(F...) -> Overloaded<F...>;

}  // namespace

void MemoryStore::commit(std::vector<Write> writes, Committed done) {
    std::optional<CommitError> outcome;
    {
        std::lock_guard lock(mutex_);
        // A batch is atomic: work on copies, keep them only when every write went in.
        auto accounts = accounts_;
        auto sessions = sessions_;
        auto tables = tables_;
        auto matches = matches_;
        auto number = match_number_;
        for (const auto& w : writes)
            if (!apply(w)) {
                accounts_.swap(accounts);
                sessions_.swap(sessions);
                tables_.swap(tables);
                matches_.swap(matches);
                match_number_ = number;
                outcome = CommitError{CommitError::Kind::Conflict, "UNIQUE constraint failed"};
                break;
            }
    }
    if (done) done(outcome);
}

bool MemoryStore::apply(const Write& write) {
    return std::visit(Overloaded{
                          [&](const PutAccount& p) {
                              const auto& key = p.account.username_key;
                              if (key)
                                  for (const auto& [id, a] : accounts_)
                                      if (id != p.account.id && a.username_key == key) return false;
                              accounts_[p.account.id] = p.account;
                              return true;
                          },
                          [&](const PutSession& p) {
                              sessions_[p.session.token_hash] = p.session;
                              return true;
                          },
                          [&](const RevokeSession& r) {
                              sessions_.erase(r.token_hash);
                              return true;
                          },
                          [&](const CreateTable& c) {
                              return tables_.emplace(c.table.id, OpenTable{c.table, {}}).second;
                          },
                          [&](const AppendJournal& a) {
                              auto it = tables_.find(a.entry.table_id);
                              if (it == tables_.end()) return false;
                              it->second.journal.push_back(a.entry);
                              return true;
                          },
                          [&](const CloseTable& c) {
                              tables_.erase(c.table_id);
                              return true;
                          },
                          [&](const PutMatch& p) {
                              for (const auto& [n, m] : matches_)
                                  if (m.id == p.match.id) return false;
                              matches_[++match_number_] = p.match;
                              return true;
                          },
                      },
                      write);
}

std::optional<Account> MemoryStore::account(const std::string& id) {
    std::lock_guard lock(mutex_);
    auto it = accounts_.find(id);
    if (it == accounts_.end()) return std::nullopt;
    return it->second;
}

std::optional<Account> MemoryStore::account_by_username(const std::string& username_key) {
    std::lock_guard lock(mutex_);
    for (const auto& [id, a] : accounts_)
        if (a.username_key == username_key) return a;
    return std::nullopt;
}

std::optional<Session> MemoryStore::session(const std::string& token_hash) {
    std::lock_guard lock(mutex_);
    auto it = sessions_.find(token_hash);
    if (it == sessions_.end()) return std::nullopt;
    return it->second;
}

std::vector<OpenTable> MemoryStore::open_tables() {
    std::lock_guard lock(mutex_);
    std::vector<OpenTable> out;
    for (const auto& [id, t] : tables_) out.push_back(t);
    std::stable_sort(out.begin(), out.end(),
                     [](const OpenTable& a, const OpenTable& b) { return a.table.created_ms < b.table.created_ms; });
    return out;
}

std::optional<OpenTable> MemoryStore::open_table(const std::string& id) {
    std::lock_guard lock(mutex_);
    auto it = tables_.find(id);
    if (it == tables_.end()) return std::nullopt;
    return it->second;
}

std::optional<FinishedMatch> MemoryStore::match(const std::string& id) {
    std::lock_guard lock(mutex_);
    for (const auto& [n, m] : matches_)
        if (m.id == id) return m;
    return std::nullopt;
}

HistoryPage MemoryStore::history(const std::string& account_id, std::optional<std::int64_t> cursor, std::size_t limit) {
    limit = std::max<std::size_t>(limit, 1);
    std::lock_guard lock(mutex_);
    HistoryPage page;
    auto end = cursor ? matches_.lower_bound(*cursor) : matches_.end();
    std::int64_t last = 0;
    for (auto it = std::make_reverse_iterator(end); it != matches_.rend(); ++it) {
        const auto& seats = it->second.seats;
        bool played =
            std::any_of(seats.begin(), seats.end(), [&](const MatchSeat& s) { return s.account_id == account_id; });
        if (!played) continue;
        if (page.matches.size() == limit) {
            page.next = last;
            break;
        }
        last = it->first;
        page.matches.push_back(it->second);
        page.matches.back().record.clear();
    }
    return page;
}

}  // namespace belote::store
