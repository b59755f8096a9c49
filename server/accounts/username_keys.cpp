#include "server/accounts/username_keys.hpp"

#include <spdlog/spdlog.h>

#include <future>
#include <set>

#include "protocol/text_rules.hpp"

namespace belote::accounts {
namespace {

void commit_and_wait(store::Store& store, std::vector<store::Write> writes) {
    if (writes.empty()) return;
    std::promise<std::optional<store::CommitError>> outcome;
    store.commit(std::move(writes), [&](const std::optional<store::CommitError>& e) { outcome.set_value(e); });
    if (auto error = outcome.get_future().get()) throw store::StoreError("re-keying usernames: " + error->message);
}

/// `name` cut to at most `chars` code points.
std::string first_chars(const std::string& name, std::size_t chars) {
    std::size_t i = 0, n = 0;
    while (i < name.size() && n < chars) {
        ++i;
        while (i < name.size() && (static_cast<unsigned char>(name[i]) & 0xC0) == 0x80) ++i;  // continuation bytes
        ++n;
    }
    return name.substr(0, i);
}

}  // namespace

std::size_t rekey_usernames(store::Store& store) {
    std::set<std::string> taken;
    std::vector<store::Account> changed;
    for (auto account : store.registered_accounts()) {
        const auto before = account;
        auto key = protocol::name_key(*account.username);
        if (taken.count(key)) {
            const auto base = *account.username;
            for (int n = 2;; ++n) {
                const auto suffix = "-" + std::to_string(n);
                auto renamed = first_chars(base, protocol::max_username_chars - suffix.size()) + suffix;
                key = protocol::name_key(renamed);
                if (taken.count(key)) continue;
                spdlog::warn("accounts: {} ({}) has the name key of an older account: renamed {}", account.id, base,
                             renamed);
                account.username = renamed;
                account.display_name = renamed;
                break;
            }
        }
        taken.insert(key);
        account.username_key = key;
        if (account.username_key != before.username_key || account.username != before.username)
            changed.push_back(account);
    }
    if (changed.empty()) return 0;
    // Through keys of their own first: one account may take the key another is leaving.
    std::vector<store::Write> parked, final;
    for (const auto& account : changed) {
        auto aside = account;
        aside.username_key = "rekey:" + account.id;
        parked.push_back(store::PutAccount{aside});
        final.push_back(store::PutAccount{account});
    }
    commit_and_wait(store, std::move(parked));
    commit_and_wait(store, std::move(final));
    spdlog::info("accounts: {} usernames re-keyed", changed.size());
    return changed.size();
}

}  // namespace belote::accounts
