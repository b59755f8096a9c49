// Spectators (public view only) and table chat.

#include <spdlog/spdlog.h>

#include "protocol/replies.hpp"
#include "server/game/table.hpp"

namespace belote::game {

using protocol::ErrorCode;

Table::Outcome Table::watch(const std::shared_ptr<Player>& player, const protocol::Watch& c,
                            const std::function<void()>& reply_ok) {
    if (!settings_.spectators) return Refusal{ErrorCode::SpectatorsNotAllowed, "this table does not allow spectators"};
    if (!invite_ok(c.invite)) return Refusal{ErrorCode::BadInvite, "this private table needs its invitation code"};
    if (seat_of(*player)) return Refusal{ErrorCode::AlreadySeated, "you have a seat at this table"};
    auto connection = player->connection();
    if (!connection) return Refusal{ErrorCode::Internal, "no connection"};
    reply_ok();
    bool fresh = !spectators_.count(player->id());
    if (fresh) publish_public(protocol::spectators_event(static_cast<int>(spectators_.size() + 1)));
    Spectator& spectator = spectators_[player->id()];
    spectator = Spectator{player, connection->id()};
    player->add_table(id_);
    refresh_info();
    send_spectator_snapshot(spectator);
    return std::nullopt;
}

void Table::send_spectator_snapshot(const Spectator& spectator) {
    auto connection = spectator.player->connection();
    if (!connection || connection->id() != spectator.connection) return;
    auto snapshot = protocol::snapshot_json(info(), v_, match_.view(Observer::spectator()));
    decorate_snapshot(snapshot, std::nullopt);
    connection->send(protocol::to_text(snapshot));
}

Table::Outcome Table::chat(const std::shared_ptr<Player>& player, const std::shared_ptr<net::Connection>& from,
                           const std::string& text, const std::function<void()>& reply_ok) {
    auto seat = seat_of(*player);
    if (!seat && !spectators_.count(player->id()))
        return Refusal{ErrorCode::NotAtTable, "only players and spectators of this table may chat"};
    auto now = clock_->now_ms();
    if (chat_times_.size() > 1024)
        std::erase_if(chat_times_, [&](const auto& e) { return e.second.back() <= now - policy_.chat_period.count(); });
    auto& times = chat_times_[from->id()];
    while (!times.empty() && times.front() <= now - policy_.chat_period.count()) times.pop_front();
    if (static_cast<int>(times.size()) >= policy_.chat_burst)
        return Refusal{ErrorCode::RateLimited, "at most " + std::to_string(policy_.chat_burst) + " chat messages per " +
                                                   std::to_string(policy_.chat_period.count() / 1000) + " s"};
    times.push_back(now);
    reply_ok();
    publish_public(protocol::chat_event(player->nickname(), seat.has_value(),
                                        seat ? std::optional<int>(*seat) : std::nullopt, text));
    return std::nullopt;
}

}  // namespace belote::game
