#pragma once
// One client connection's session: its bounds, the player it speaks for, and the table it spoke to
// last. Decodes each frame and hands the typed request to the game service.

#include <memory>
#include <mutex>
#include <string>

#include "protocol/commands.hpp"
#include "server/net/connection.hpp"
#include "server/players/player.hpp"
#include "server/sessions/request_guard.hpp"
#include "server/tables/table_actor.hpp"

namespace belote::sessions {

class GameService;

/// The MessageSink of one connection and the Replier of its requests. on_text and on_close come
/// from the connection's strand; reply() from any thread.
class Session final : public net::MessageSink, public tables::Replier, public std::enable_shared_from_this<Session> {
public:
    /// `burst` and `rate` bound the connection's messages (RequestGuard).
    Session(GameService& service, std::shared_ptr<net::Connection> connection, double burst, double rate,
            std::int64_t now_ms);

    void on_text(std::string_view text) override;
    void on_close() override;
    void reply(const protocol::RequestId& id, net::SharedText text) override;

    const std::shared_ptr<net::Connection>& connection() const { return connection_; }
    /// The player this connection speaks for: null before hello, and once the player signed in on
    /// another connection.
    std::shared_ptr<players::Player> player() const;
    void set_player(std::shared_ptr<players::Player> player) { player_ = std::move(player); }

    /// The table of the last table request, when its id is `id` (saves a directory lookup).
    std::shared_ptr<tables::TableActor> cached_table(const std::string& id) const;
    void cache_table(std::shared_ptr<tables::TableActor> table) { table_ = std::move(table); }

private:
    GameService& service_;
    std::shared_ptr<net::Connection> connection_;
    RequestGuard guard_;
    std::shared_ptr<players::Player> player_;  ///< touched on the connection's strand only
    std::weak_ptr<tables::TableActor> table_;
};

}  // namespace belote::sessions
