#include "server/store/memory_store.hpp"

#include <algorithm>

#include "engine/overloaded.hpp"
#include "server/store/table_leases.hpp"

namespace belote::store {

namespace {

/// Only a source account (source:start, source:topup) may go below zero (docs/room.md "Ledger").
bool may_go_negative(const std::string& account) { return account.rfind("source:", 0) == 0; }

}  // namespace

void MemoryStore::commit(std::vector<Write> writes, Committed done) {
    std::optional<CommitError> outcome;
    {
        std::lock_guard lock(mutex_);
        // A batch is atomic: it is checked whole first, then applied (copying the store instead
        // would cost its whole size per commit).
        outcome = refusal(writes);
        if (!outcome)
            for (const auto& w : writes) apply(w);
    }
    if (done) done(outcome);
}

std::optional<CommitError> MemoryStore::refusal(const std::vector<Write>& writes) const {
    std::optional<Overdraft> overdrawn;
    std::map<std::string, std::string> keys;    // "u:" username key, "l:" look-alike key -> account id, in this batch
    std::map<std::string, std::uint64_t> next;  // table -> next journal seq, in this batch
    std::set<std::string> matches;
    std::set<std::string> entries;                // ledger keys posted by this batch
    std::map<std::string, std::int64_t> balance;  // ledger account -> balance after this batch so far
    auto balance_of = [&](const std::string& account) -> std::int64_t& {
        if (auto it = balance.find(account); it != balance.end()) return it->second;
        auto it = balances_.find(account);
        return balance[account] = it == balances_.end() ? 0 : it->second;
    };
    std::map<std::string, std::optional<TableLease>> lease;  // table -> its lease after this batch so far
    auto lease_of = [&](const std::string& table) -> std::optional<TableLease>& {
        if (auto it = lease.find(table); it != lease.end()) return it->second;
        auto it = leases_.find(table);
        return lease[table] = it == leases_.end() ? std::nullopt : std::optional<TableLease>(it->second);
    };
    std::optional<Refusal> refused;  // a lease rule's, when one refused the batch
    const auto passes = [&](std::optional<Refusal> r) {
        refused = std::move(r);
        return !refused;
    };
    auto next_seq = [&](const std::string& table) -> std::uint64_t {
        if (auto it = next.find(table); it != next.end()) return it->second;
        auto it = tables_.find(table);
        return it == tables_.end() ? 0 : it->second.journal.size() + 1;
    };
    for (const auto& write : writes) {
        const bool ok =
            std::visit(Overloaded{
                           [&](const PutAccount& p) {
                               // Each unique key: not another account's, in this batch or stored.
                               auto free = [&](const std::string& kind, const std::optional<std::string>& key,
                                               std::optional<std::string> Account::*member) {
                                   if (!key) return true;
                                   if (auto it = keys.find(kind + *key); it != keys.end() && it->second != p.account.id)
                                       return false;
                                   for (const auto& [id, a] : accounts_)
                                       if (id != p.account.id && a.*member == key) return false;
                                   keys[kind + *key] = p.account.id;
                                   return true;
                               };
                               return free("u:", p.account.username_key, &Account::username_key) &&
                                      free("l:", p.account.look_alike_key, &Account::look_alike_key);
                           },
                           [&](const CreateTable& c) {
                               if (tables_.count(c.table.id) || next.count(c.table.id)) return false;
                               next[c.table.id] = 1;
                               lease_of(c.table.id) = TableLease{};
                               return true;
                           },
                           [&](const AppendJournal& a) {
                               const auto& table = lease_of(a.entry.table_id);
                               if (table && !passes(refuse_append(table->epoch, a))) return false;
                               const auto expected = next_seq(a.entry.table_id);
                               if (expected == 0 || a.entry.seq != expected) return false;
                               next[a.entry.table_id] = expected + 1;
                               return true;
                           },
                           [&](const CloseTable& c) {
                               lease_of(c.table_id) = std::nullopt;
                               return true;
                           },
                           [&](const ClaimTable& c) {
                               auto& table = lease_of(c.table_id);
                               if (!passes(refuse_claim(table, c))) return false;
                               table = claimed(c);
                               return true;
                           },
                           [&](const RenewLease& r) {
                               auto& table = lease_of(r.table_id);
                               if (!passes(refuse_holder(table, r.table_id, r.node, r.epoch))) return false;
                               table->until_ms = r.until_ms;
                               return true;
                           },
                           [&](const ReleaseTable& r) {
                               auto& table = lease_of(r.table_id);
                               if (!passes(refuse_holder(table, r.table_id, r.node, r.epoch))) return false;
                               table = TableLease{"", 0, table->epoch};
                               return true;
                           },
                           [&](const PublishLobby& p) {
                               return passes(refuse_holder(lease_of(p.table_id), p.table_id, p.node, p.epoch));
                           },
                           [&](const PutMatch& p) {
                               if (match_ids_.count(p.match.id) || matches.count(p.match.id)) return false;
                               matches.insert(p.match.id);
                               return true;
                           },
                           [&](const PostTransfer& p) {
                               const auto& e = p.entry;
                               if (ledger_keys_.count(e.key) || !entries.insert(e.key).second) return true;
                               if (e.amount <= 0) return false;
                               auto& from = balance_of(e.from);
                               from -= e.amount;
                               balance_of(e.to) += e.amount;
                               if (from >= 0 || may_go_negative(e.from)) return true;
                               auto held = balances_.find(e.from);
                               overdrawn = Overdraft{e.from, held == balances_.end() ? 0 : held->second};
                               return false;
                           },
                           [](const auto&) { return true; },
                       },
                       write);
        if (ok) continue;
        if (refused) return refused->error();
        if (overdrawn) return CommitError{CommitError::Kind::Conflict, "overdraft of " + overdrawn->account, overdrawn};
        return CommitError{CommitError::Kind::Conflict, "UNIQUE constraint failed or journal gap"};
    }
    return std::nullopt;
}

void MemoryStore::apply(const Write& write) {
    std::visit(Overloaded{
                   [&](const PutAccount& p) { accounts_[p.account.id] = p.account; },
                   [&](const PutSession& p) { sessions_[p.session.token_hash] = p.session; },
                   [&](const RevokeSession& r) { sessions_.erase(r.token_hash); },
                   [&](const CreateTable& c) {
                       tables_.emplace(c.table.id, OpenTable{c.table, {}});
                       leases_.emplace(c.table.id, TableLease{});
                   },
                   [&](const AppendJournal& a) { tables_.at(a.entry.table_id).journal.push_back(a.entry); },
                   [&](const CloseTable& c) {
                       tables_.erase(c.table_id);
                       leases_.erase(c.table_id);
                       lobby_.erase(c.table_id);
                   },
                   [&](const PutNode& p) { nodes_[p.node.id] = p.node; },
                   [&](const PublishLobby& p) { lobby_[p.table_id] = p.row; },
                   [&](const ClaimTable& c) { leases_.at(c.table_id) = claimed(c); },
                   [&](const RenewLease& r) { leases_.at(r.table_id).until_ms = r.until_ms; },
                   [&](const ReleaseTable& r) {
                       leases_.at(r.table_id) = TableLease{"", 0, leases_.at(r.table_id).epoch};
                   },
                   [&](const PutMatch& p) {
                       match_ids_.insert(p.match.id);
                       matches_[++match_number_] = p.match;
                   },
                   [&](const PostTransfer& p) {
                       if (!ledger_keys_.insert(p.entry.key).second) return;  // posted before
                       ledger_.push_back(p.entry);
                       balances_[p.entry.from] -= p.entry.amount;
                       balances_[p.entry.to] += p.entry.amount;
                   },
                   [&](const PostProgress& p) {
                       if (progress_keys_.insert(p.entry.key).second) progress_.push_back(p.entry);
                   },
                   [&](const PostRating& p) {
                       if (rating_keys_.insert(p.entry.key).second)
                           ratings_[{p.entry.account_id, p.entry.variant}] = p.entry;
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

std::optional<Account> MemoryStore::account_by_look_alike_key(const std::string& key) {
    std::lock_guard lock(mutex_);
    for (const auto& [id, a] : accounts_)
        if (a.look_alike_key == key) return a;
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

std::optional<TableLease> MemoryStore::table_lease(const std::string& id) {
    std::lock_guard lock(mutex_);
    auto it = leases_.find(id);
    if (it == leases_.end()) return std::nullopt;
    return it->second;
}

std::vector<NodeEntry> MemoryStore::nodes() {
    std::lock_guard lock(mutex_);
    std::vector<NodeEntry> out;
    for (const auto& [id, node] : nodes_) out.push_back(node);
    return out;
}

std::vector<LiveTable> MemoryStore::live_tables(std::int64_t now_ms) {
    std::lock_guard lock(mutex_);
    std::vector<LiveTable> out;
    for (const auto& [id, lease] : leases_) {
        auto node = nodes_.find(lease.owner);
        if (lease.until_ms <= now_ms || node == nodes_.end() || node->second.alive_until_ms <= now_ms) continue;
        auto row = lobby_.find(id);
        out.push_back({id, lease.owner, node->second.url, tables_.at(id).table.created_ms,
                       row == lobby_.end() ? std::string() : row->second});
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const LiveTable& a, const LiveTable& b) { return a.created_ms < b.created_ms; });
    return out;
}

std::vector<LeasedTable> MemoryStore::expired_leases(std::int64_t now_ms, std::size_t limit) {
    std::lock_guard lock(mutex_);
    std::vector<std::pair<std::int64_t, LeasedTable>> found;  // by creation time
    for (const auto& [id, lease] : leases_)
        if (lease.until_ms <= now_ms) found.push_back({tables_.at(id).table.created_ms, {id, lease}});
    std::stable_sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::vector<LeasedTable> out;
    for (auto& f : found) {
        if (out.size() == limit) break;
        out.push_back(std::move(f.second));
    }
    return out;
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

std::optional<std::int64_t> MemoryStore::balance(const std::string& account) {
    std::lock_guard lock(mutex_);
    auto it = balances_.find(account);
    if (it == balances_.end()) return std::nullopt;
    return it->second;
}

std::map<std::string, std::int64_t> MemoryStore::balances() {
    std::lock_guard lock(mutex_);
    return balances_;
}

std::vector<LedgerEntry> MemoryStore::ledger() {
    std::lock_guard lock(mutex_);
    return ledger_;
}

Progress MemoryStore::progress(const std::string& account_id) {
    std::lock_guard lock(mutex_);
    Progress out;
    for (const auto& e : progress_)
        if (e.account_id == account_id) {
            out.xp += e.xp;
            out.games += e.games;
            out.wins += e.wins;
            out.abandons += e.abandons;
        }
    return out;
}

std::vector<std::int64_t> MemoryStore::abandon_times(const std::string& account_id, std::int64_t since_ms) {
    std::lock_guard lock(mutex_);
    std::vector<std::int64_t> out;
    for (const auto& e : progress_)
        if (e.account_id == account_id && e.abandons > 0 && e.at_ms >= since_ms) out.push_back(e.at_ms);
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<Account> MemoryStore::registered_accounts() {
    std::lock_guard lock(mutex_);
    std::vector<Account> out;
    for (const auto& [id, a] : accounts_)
        if (a.username) out.push_back(a);
    std::stable_sort(out.begin(), out.end(),
                     [](const Account& a, const Account& b) { return a.created_ms < b.created_ms; });
    return out;
}

std::map<std::string, RatingEntry> MemoryStore::ratings(const std::string& account_id) {
    std::lock_guard lock(mutex_);
    std::map<std::string, RatingEntry> out;
    for (const auto& [key, entry] : ratings_)
        if (key.first == account_id) out[key.second] = entry;
    return out;
}

std::vector<LeaderRow> MemoryStore::leaderboard(const LeaderQuery& q) {
    std::lock_guard lock(mutex_);
    std::map<std::string, LeaderRow> rows;
    if (q.kind == LeaderKind::Xp) {
        for (const auto& e : progress_)
            if (e.at_ms >= q.since_ms) {
                auto& row = rows[e.account_id];
                row.value += static_cast<double>(e.xp);
                row.games += e.games;
            }
        std::erase_if(rows, [](const auto& r) { return r.second.value <= 0; });
    } else {
        for (const auto& [key, e] : ratings_)
            if (key.second == q.variant && e.at_ms >= q.since_ms) rows[key.first] = {key.first, "", e.rating, e.games};
    }
    std::vector<LeaderRow> out;
    for (auto& [id, row] : rows) {
        auto account = accounts_.find(id);
        if (account == accounts_.end()) continue;
        row.account_id = id;
        row.name = account->second.display_name;
        out.push_back(row);
    }
    std::sort(out.begin(), out.end(), [](const LeaderRow& a, const LeaderRow& b) {
        return a.value != b.value ? a.value > b.value : a.account_id < b.account_id;
    });
    if (q.offset >= out.size()) return {};
    out.erase(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(q.offset));
    if (out.size() > q.limit) out.resize(q.limit);
    return out;
}

}  // namespace belote::store
