#include "server/room/audit.hpp"

#include <map>
#include <memory>
#include <ostream>

#include "server/store/open_store.hpp"
#include "server/store/postgres_store.hpp"
#include "server/store/postgres_url.hpp"
#include "server/store/sqlite_store.hpp"

namespace belote::room {

namespace {

bool is_source(const std::string& account) { return account.starts_with("source:"); }

}  // namespace

AuditReport audit(store::Store& store) {
    AuditReport report;
    const auto entries = store.ledger();
    const auto stored = store.balances();
    report.entries = entries.size();
    std::map<std::string, std::int64_t> derived;
    for (const auto& e : entries) {
        if (e.amount <= 0)
            report.problems.push_back("entry " + e.key + " moves " + std::to_string(e.amount) + " chips");
        derived[e.from] -= e.amount;
        derived[e.to] += e.amount;
    }
    for (const auto& [account, balance] : stored)
        if (!derived.count(account)) derived[account] = 0;  // a stored account no entry explains
    report.accounts = derived.size();
    std::int64_t total = 0;
    for (const auto& [account, balance] : derived) {
        auto it = stored.find(account);
        const std::int64_t kept = it == stored.end() ? 0 : it->second;
        if (kept != balance)
            report.problems.push_back(account + " holds " + std::to_string(kept) + " but its entries make " +
                                      std::to_string(balance));
        if (kept < 0 && !is_source(account))
            report.problems.push_back(account + " is below zero: " + std::to_string(kept));
        total += kept;
        if (is_source(account))
            report.created -= kept;
        else
            report.held += kept;
        if (account.starts_with("escrow:") && kept != 0) {
            const auto match = account.substr(7);
            if (store.match(match))
                report.problems.push_back("the finished match " + match + " still holds " + std::to_string(kept) +
                                          " chips in escrow");
        }
    }
    if (total != 0) report.problems.push_back("the accounts add up to " + std::to_string(total) + ", not 0");
    if (report.held != report.created)
        report.problems.push_back(std::to_string(report.held) + " chips are held but " +
                                  std::to_string(report.created) + " were created");
    return report;
}

int run_audit(const std::string& store_name, const std::string& data_dir, std::ostream& out) {
    const bool postgres = store::is_postgres_url(store_name);
    const auto shown = postgres ? store::redacted_url(store_name) : store::database_path(data_dir);
    try {
        std::unique_ptr<store::Store> store;
        if (postgres)
            store = std::make_unique<store::PostgresStore>(store_name);
        else
            store = std::make_unique<store::SqliteStore>(store::database_path(data_dir), store::Durability::Normal);
        const auto report = audit(*store);
        out << "ledger of " << shown << ": " << report.entries << " entries, " << report.accounts << " accounts, "
            << report.created << " chips created, " << report.held << " held\n";
        for (const auto& problem : report.problems) out << "problem: " << problem << "\n";
        out << (report.balanced() ? "balanced\n" : "NOT balanced\n");
        return report.balanced() ? 0 : 1;
    } catch (const store::StoreError& e) {
        out << "cannot audit " << shown << ": " << e.what() << "\n";
        return 1;
    }
}

}  // namespace belote::room
