#pragma once
// One client connection's session: its bounds, the player it speaks for, and the table it spoke to
// last. Decodes each frame and hands the typed request to the game service.

#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "protocol/commands.hpp"
#include "server/net/connection.hpp"
#include "server/players/player.hpp"
#include "server/sessions/request_guard.hpp"
#include "server/tables/table_actor.hpp"

namespace belote::sessions {

class GameService;

/// Frames a connection may send while one of its account requests (a hello that makes a guest,
/// register, login, logout) waits for the store or the password hash; one more closes it with 4029.
inline constexpr std::size_t max_held_frames = 32;

/// The MessageSink of one connection and the Replier of its requests. on_text and on_close come
/// from the connection's strand, account completions from other threads: the three are serialized
/// by the session's mutex. reply() from any thread.
///
/// An account request is asynchronous (begin_account_request, then finish_account_request): the
/// frames that arrive meanwhile are held, and handled in order once it is answered, so that the
/// requests of a connection are still handled one after the other.
class Session final : public net::MessageSink, public tables::Replier, public std::enable_shared_from_this<Session> {
public:
    /// `burst` and `rate` bound the connection's messages (RequestGuard).
    Session(GameService& service, std::shared_ptr<net::Connection> connection, double burst, double rate,
            std::int64_t now_ms);

    void on_text(std::string_view text) override;
    void on_close() override;
    void reply(const protocol::RequestId& id, net::SharedText text) override;

    const std::shared_ptr<net::Connection>& connection() const { return connection_; }
    /// The player this connection speaks for: null before hello, after logout, and once the player
    /// signed in on another connection.
    std::shared_ptr<players::Player> player() const;
    /// Binds the connection to `player` whose session token is `token` (hello, login, register):
    /// from then on request ids are remembered, and the hello deadline no longer applies.
    void set_player(std::shared_ptr<players::Player> player, std::string token);
    /// Unbinds the player (logout): the connection speaks for no one any more.
    void clear_player();
    /// The session token of this connection (empty before hello). Never logged.
    const std::string& token() const { return token_; }

    /// Called (with the session's lock held, from dispatch) when an account request goes
    /// asynchronous: frames are held until finish_account_request.
    void begin_account_request() { busy_ = true; }
    /// Ends the account request: runs `apply(open)` under the session's lock (`open`: the
    /// connection has not closed meanwhile), then handles the frames held meanwhile. Any thread.
    void finish_account_request(const std::function<void(bool open)>& apply);

    /// Closes the connection with 4002 when it has not said hello by the time `deadline` fires;
    /// `deadline` is cancelled at hello.
    void arm_hello_deadline(tables::TimerHandle deadline) { hello_deadline_ = std::move(deadline); }
    /// Called when the hello deadline passes (any thread).
    void hello_deadline_passed();

    /// The client's IP address (without the port), the key of the connections-per-address limit.
    const std::string& address() const { return address_; }
    /// Whether this connection counts against its address's limit (set by the service under its lock).
    bool counted() const { return counted_; }
    void set_counted(bool counted) { counted_ = counted; }

    /// The table of the last table request, when its id is `id` and this node still serves it (saves a
    /// directory lookup).
    std::shared_ptr<tables::TableActor> cached_table(const std::string& id) const;
    void cache_table(std::shared_ptr<tables::TableActor> table) { table_ = std::move(table); }

private:
    /// Handles one frame (the lock held).
    void handle(std::string_view text);

    GameService& service_;
    std::shared_ptr<net::Connection> connection_;
    RequestGuard guard_;
    mutable std::mutex mutex_;                 ///< serializes on_text, on_close and account completions
    std::shared_ptr<players::Player> player_;  ///< guarded by mutex_ (like the fields up to closed_)
    std::string token_;
    bool busy_ = false;  ///< an account request is in flight
    std::vector<std::string> held_;
    bool closed_ = false;
    std::weak_ptr<tables::TableActor> table_;
    std::atomic<bool> authenticated_{false};  ///< set once, at hello
    tables::TimerHandle hello_deadline_;
    std::string address_;
    bool counted_ = false;
};

}  // namespace belote::sessions
