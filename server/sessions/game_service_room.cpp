// The card room's requests of the game service (docs/room.md): profile and leaderboard.

#include <spdlog/spdlog.h>

#include <cmath>

#include "platform/room.hpp"
#include "protocol/echo.hpp"
#include "protocol/profile.hpp"
#include "protocol/text_rules.hpp"
#include "server/accounts/username_keys.hpp"
#include "server/sessions/game_service.hpp"
#include "server/sessions/match_history.hpp"
#include "server/sessions/session.hpp"

namespace belote::sessions {

using protocol::ErrorCode;

void GameService::profile(Session& session, const players::Player& player, const protocol::RequestId& id,
                          const protocol::GetProfile& request) {
    protocol::Profile p;
    try {
        auto& store = *parts_.store;
        std::optional<store::Account> account;
        if (request.username)
            account = accounts::account_by_name(store, *request.username);
        else
            account = store.account(request.player.value_or(player.id()));
        if (!account)
            return refuse(session, id, ErrorCode::NoSuchPlayer,
                          request.username ? "no player named " + protocol::echoed(*request.username)
                                           : "no player " + protocol::echoed(request.player.value_or(player.id())));
        p.player = account->id;
        p.name = account->display_name;
        p.registered = account->username.has_value();
        const auto progress = store.progress(account->id);
        p.xp = progress.xp;
        p.level = platform::level_of(progress.xp);
        p.level_xp = platform::xp_for_level(p.level);
        p.next_level_xp = platform::xp_for_level(p.level + 1);
        p.games = progress.games;
        p.wins = progress.wins;
        p.abandons = progress.abandons;
        if (p.registered) p.chips = store.balance(platform::wallet_of(account->id)).value_or(0);
        for (const auto& [variant, r] : store.ratings(account->id))
            p.ratings[variant] = {r.rating, r.rd, r.games,
                                  platform::Rating{r.rating, r.rd, r.volatility, r.games}.provisional()};
        // Recent matches: those of a private table only to someone who played them.
        auto page = store.history(account->id, std::nullopt, protocol::profile_recent_matches);
        for (const auto& m : page.matches)
            if (may_read_record(m, player.id())) p.recent.push_back(history_entry(m, account->id));
    } catch (const store::StoreError& e) {
        spdlog::error("profile could not be read: {}", e.what());
        return refuse(session, id, ErrorCode::StorageUnavailable, "the profile cannot be read right now");
    }
    session.reply(id, net::SharedText(protocol::profile_text(id, p)));
}

namespace {

/// The start of the week of `now_ms`: Monday 00:00 UTC (epoch ms).
std::int64_t week_start_ms(std::int64_t now_ms) {
    const std::int64_t day = now_ms / 86'400'000;
    return (day - (day + 3) % 7) * 86'400'000;  // 1970-01-01 was a Thursday
}

}  // namespace

void GameService::leaderboard(Session& session, const protocol::RequestId& id,
                              const protocol::GetLeaderboard& request) {
    store::LeaderQuery query;
    query.kind = request.rating ? store::LeaderKind::Rating : store::LeaderKind::Xp;
    query.variant = request.variant ? std::string(to_string(*request.variant)) : std::string();
    query.since_ms = request.week ? week_start_ms(now_ms()) : 0;
    query.offset = static_cast<std::size_t>(request.page) * protocol::leaderboard_page_size;
    query.limit = protocol::leaderboard_page_size + 1;  // one more: is there a next page?
    std::vector<store::LeaderRow> rows;
    try {
        rows = parts_.store->leaderboard(query);
    } catch (const store::StoreError& e) {
        spdlog::error("leaderboard could not be read: {}", e.what());
        return refuse(session, id, ErrorCode::StorageUnavailable, "the leaderboard cannot be read right now");
    }
    std::optional<int> next;
    if (rows.size() > static_cast<std::size_t>(protocol::leaderboard_page_size)) {
        rows.pop_back();
        next = request.page + 1;
    }
    std::vector<protocol::LeaderboardRow> shown;
    for (std::size_t i = 0; i < rows.size(); ++i) {
        const auto& r = rows[i];
        const auto value = static_cast<std::int64_t>(std::llround(r.value));
        shown.push_back(
            {static_cast<int>(query.offset + i + 1), r.account_id, r.name, value, r.games,
             request.rating ? platform::level_of(parts_.store->progress(r.account_id).xp) : platform::level_of(value)});
    }
    session.reply(
        id, net::SharedText(protocol::leaderboard_text(id, request.rating ? "rating" : "xp", query.variant,
                                                       request.week ? "week" : "all", request.page, shown, next)));
}

}  // namespace belote::sessions
