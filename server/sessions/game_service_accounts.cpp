// GameService: the session requests (docs/protocol.md "Session", "Accounts"): hello, register,
// login, logout. Store reads are synchronous here (the connection's strand, never a table's); the
// writes and the password hashes are asynchronous, their outcome comes back through
// account_completion under the session's lock.

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include "protocol/close_codes.hpp"
#include "protocol/messages.hpp"
#include "server/ops/metrics.hpp"
#include "server/room/wallets.hpp"
#include "server/sessions/game_service.hpp"

#include "protocol/text_rules.hpp"
#include "server/sessions/session.hpp"

namespace belote::sessions {

using protocol::ErrorCode;

namespace {

protocol::PlayerIdentity identity(const players::Player& player, const std::string& name) {
    return {player.id(), name, player.guest()};
}

const std::map<std::string, std::uint64_t> no_resume;

}  // namespace

template <class Outcome, class Apply>
std::function<void(Outcome)> GameService::account_completion(Session& session, const protocol::RequestId& id,
                                                             Apply apply) {
    session.begin_account_request();
    // The completion is called on a hashing or writer thread, where copies of it may live on. What
    // it holds moves to the io_context when it is called, so that the last reference to a session
    // (and its socket) is never dropped on such a thread: that raced the io_context's destruction.
    struct Pending {
        std::shared_ptr<Session> session;
        Apply apply;
    };
    auto pending = std::make_shared<std::optional<Pending>>(
        Pending{std::static_pointer_cast<Session>(session.shared_from_this()), std::move(apply)});
    return [this, id, pending](Outcome outcome) {
        if (!*pending) return;  // called once only
        boost::asio::post(ioc_, [this, id, p = std::move(**pending), outcome = std::move(outcome)]() mutable {
            p.session->finish_account_request([&](bool open) {
                try {
                    p.apply(std::move(outcome), open);
                } catch (const std::exception& e) {
                    spdlog::error("connection {}: internal error: {}", p.session->connection()->id(), e.what());
                    if (open) refuse(*p.session, id, ErrorCode::Internal, "internal server error");
                }
            });
        });
        pending->reset();
    };
}

void GameService::refuse(Session& session, const protocol::RequestId& id, const accounts::Refusal& refusal) {
    if (refusal.code != ErrorCode::RateLimited) return refuse(session, id, refusal.code, refusal.message);
    ops::metrics().error(protocol::to_string(refusal.code));
    spdlog::debug("connection {}: error rate_limited: {}", session.connection()->id(), refusal.message);
    session.reply(
        id, net::SharedText(protocol::rate_limited_text(id, refusal.message, (refusal.retry_after_ms + 999) / 1000)));
}

void GameService::hello(Session& session, const protocol::RequestId& id, const protocol::Hello& hello) {
    if (session.player())
        return refuse(session, id, ErrorCode::AlreadyAuthenticated, "this connection already said hello");
    expire_players();
    if (hello.token) {
        std::optional<store::Account> account;
        try {
            account = accounts_->resume(*hello.token);
        } catch (const store::StoreError& e) {
            spdlog::error("connection {}: the store could not be read: {}", session.connection()->id(), e.what());
            return refuse(session, id, ErrorCode::StorageUnavailable, "the server cannot read its store; try later");
        }
        if (account) return sign_in(session, *account, *hello.token, id, hello.resume, Reply::Hello, true);
    }
    // A new guest: its account and session are stored before the reply. It may not show the name
    // of a player connected now (docs/protocol.md "hello").
    const bool shown_now = players_.connected_with_key(protocol::name_key(hello.nickname));
    accounts_->create_guest(hello.nickname,
                            account_completion<accounts::Outcome>(
                                session, id,
                                [this, &session, id](accounts::Outcome outcome, bool open) {
                                    if (!open) return;
                                    if (auto* refused = std::get_if<accounts::Refusal>(&outcome))
                                        return refuse(session, id, *refused);
                                    auto& in = std::get<accounts::SignedIn>(outcome);
                                    sign_in(session, in.account, in.token, id, no_resume, Reply::Hello, false);
                                }),
                            shown_now);
}

void GameService::register_account(Session& session, std::shared_ptr<players::Player> player,
                                   const protocol::RequestId& id, protocol::Register request) {
    if (!player->guest()) return refuse(session, id, ErrorCode::AlreadyRegistered, "you are already registered");
    const std::string token = session.token();
    auto username = request.username;
    accounts_->register_account(
        player->id(), token, std::move(request.username), std::move(request.password), session.address(),
        account_completion<accounts::Outcome>(
            session, id, [this, &session, id, player, username](accounts::Outcome outcome, bool open) {
                if (auto* refused = std::get_if<accounts::Refusal>(&outcome)) {
                    if (open) refuse(session, id, *refused);
                    return;
                }
                auto& in = std::get<accounts::SignedIn>(outcome);
                player->registered(in.account.display_name);  // also when the connection closed meanwhile
                grant_chips(player->id());                    // the starting balance
                // Where it sits, a registered player with chips now (no longer a guest in the stake check).
                for (const auto& table_id : player->tables())
                    if (auto table = tables_.find(table_id)) {
                        const std::string variant(to_string(table->entry().options.variant));
                        table->standings_read(
                            room::standings_of(*parts_.store, players_, {player->id()}, variant, now_ms()));
                    }
                spdlog::info("connection {}: player {} registered as {}", session.connection()->id(), player->id(),
                             username);
                if (!open) return;
                session.set_player(player, in.token);
                session.reply(
                    id, net::SharedText(protocol::session_text(id, in.token, identity(*player, player->nickname()))));
            }));
}

void GameService::login(Session& session, const protocol::RequestId& id, protocol::Login request) {
    accounts_->login(
        std::move(request.username), std::move(request.password), session.address(),
        account_completion<accounts::Outcome>(
            session, id,
            [this, &session, id, resume = std::move(request.resume)](accounts::Outcome outcome, bool open) {
                if (!open) return;
                if (auto* refused = std::get_if<accounts::Refusal>(&outcome)) return refuse(session, id, *refused);
                auto& in = std::get<accounts::SignedIn>(outcome);
                sign_in(session, in.account, in.token, id, resume, Reply::Session, false);
            }));
}

void GameService::logout(Session& session, std::shared_ptr<players::Player> player, const protocol::RequestId& id) {
    accounts_->logout(
        session.token(),
        account_completion<std::optional<accounts::Refusal>>(
            session, id, [this, &session, id, player](std::optional<accounts::Refusal> refused, bool open) {
                if (!open) return;  // the player left with the connection
                if (refused) return refuse(session, id, *refused);
                spdlog::info("connection {}: player {} logged out", session.connection()->id(), player->id());
                session.reply(id, net::SharedText(protocol::ok_text(id)));
                leave(session, player);
                session.clear_player();
                session.connection()->close(protocol::close_code::normal, "logged out");
            }));
}

void GameService::sign_in(Session& session, const store::Account& account, const std::string& token,
                          const protocol::RequestId& id, const std::map<std::string, std::uint64_t>& resume,
                          Reply reply, bool from_token) {
    auto previous = session.player();
    auto attached = players_.attach(session.connection(), account);
    const auto& player = attached.player;
    player->set_address(session.address());
    if (!player->guest()) grant_chips(player->id());
    if (previous && previous != player) leave(session, previous);
    session.set_player(player, token);
    if (from_token) ops::metrics().reconnection();
    const auto name = player->nickname();
    spdlog::info("connection {}: {} player {} ({}{})", session.connection()->id(),
                 from_token              ? "resumed"
                 : reply == Reply::Hello ? "new"
                                         : "logged in",
                 player->id(), name, player->guest() ? ", guest" : "");
    if (attached.replaced) attached.replaced->close(protocol::close_code::replaced, "signed in on another connection");
    for (const auto& table_id : tables_.recovered_tables_of(player->id())) player->add_table(table_id);  // a restart
    session.reply(id,
                  net::SharedText(reply == Reply::Hello ? protocol::hello_text(id, token, identity(*player, name))
                                                        : protocol::session_text(id, token, identity(*player, name))));
    for (const auto& table_id : player->tables()) {
        auto seen = resume.find(table_id);
        if (auto table = tables_.find(table_id))
            table->reconnect(player, seen == resume.end() ? std::nullopt : std::optional(seen->second));
    }
    // The resumed tables another node serves: the client reconnects there (docs/protocol.md).
    for (const auto& [table_id, seen] : resume) {
        auto url = tables_.elsewhere(table_id);
        if (!url) continue;
        ops::metrics().redirect();
        session.connection()->send(net::SharedText(protocol::table_moved_text(table_id, *url)));
    }
}

void GameService::grant_chips(const std::string& account_id) {
    try {
        room::WalletPolicy policy{config_.starting_chips, config_.topup_floor};
        auto writes = room::wallet_grants(*parts_.store, account_id, policy, now_ms());
        if (writes.empty()) return;
        parts_.store->commit(std::move(writes), [account_id](const std::optional<store::CommitError>& error) {
            if (error) spdlog::warn("the chips of {} could not be granted: {}", account_id, error->message);
        });
        parts_.store->flush();  // the balance a start or a profile reads next includes them
    } catch (const store::StoreError& e) {
        spdlog::warn("the wallet of {} cannot be read: {}", account_id, e.what());
    }
}

void GameService::leave(Session& session, const std::shared_ptr<players::Player>& player) {
    if (!player->detach(session.connection()->id(), now_ms())) return;
    for (const auto& id : player->tables())
        if (auto table = tables_.find(id)) table->disconnect(player);
}

}  // namespace belote::sessions
