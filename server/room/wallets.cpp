#include "server/room/wallets.hpp"

#include <spdlog/spdlog.h>

namespace belote::room {

std::vector<platform::Standing> standings_of(store::Store& store, const players::PlayerRegistry& players,
                                             const std::vector<std::string>& ids, const std::string& variant,
                                             std::int64_t now_ms) {
    std::vector<platform::Standing> out;
    for (const auto& id : ids) {
        auto player = players.find(id);
        if (!player) continue;
        try {
            auto chips = player->guest() ? std::optional<std::int64_t>(0) : store.balance(platform::wallet_of(id));
            platform::Rating rating;
            std::int64_t xp = 0;
            std::optional<platform::Cooldown> cooldown;
            if (!player->guest()) {
                const auto ratings = store.ratings(id);
                if (auto it = ratings.find(variant); it != ratings.end())
                    rating = {it->second.rating, it->second.rd, it->second.volatility, it->second.games};
                xp = store.progress(id).xp;
                // A cool-down lasts a day at most, and counts the 7 days before the last abandon.
                cooldown = platform::cooldown_after(
                    store.abandon_times(id, now_ms - 86'400'000 - platform::cooldown_window_ms), now_ms);
            }
            out.push_back(
                {id, player->nickname(), !player->guest(), chips.value_or(0), player->address(), rating, xp, cooldown});
        } catch (const store::StoreError& e) {
            spdlog::warn("the wallet of {} cannot be read: {}", id, e.what());
        }
    }
    return out;
}

std::vector<store::Write> wallet_grants(store::Store& store, const std::string& account_id, const WalletPolicy& policy,
                                        std::int64_t now_ms) {
    const auto wallet = platform::wallet_of(account_id);
    const auto balance = store.balance(wallet);
    if (!balance) {
        if (policy.starting_chips <= 0) return {};
        return {
            store::PostTransfer{{"start:" + account_id, "source:start", wallet, policy.starting_chips, "", now_ms}}};
    }
    if (*balance >= policy.topup_floor) return {};
    const auto day = now_ms / 86'400'000;
    return {store::PostTransfer{{"topup:" + account_id + ":" + std::to_string(day), "source:topup", wallet,
                                 policy.topup_floor - *balance, "", now_ms}}};
}

}  // namespace belote::room
