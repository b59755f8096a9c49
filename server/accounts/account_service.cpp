#include "server/accounts/account_service.hpp"

#include <sodium.h>
#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include <stdexcept>

#include "protocol/text_rules.hpp"
#include "server/accounts/session_token.hpp"
#include "server/accounts/username_keys.hpp"

namespace belote::accounts {

using protocol::ErrorCode;

namespace {

constexpr std::int64_t day_ms = 24LL * 3600 * 1000;

Refusal storage_refusal(const std::string& what) {
    spdlog::error("accounts: the store failed: {}", what);
    return {ErrorCode::StorageUnavailable, "the server could not store this; nothing was changed, try again later"};
}

Refusal rate_refusal(std::int64_t retry_after_ms) {
    return {ErrorCode::RateLimited, "too many login or register attempts; try again later", retry_after_ms};
}

/// True when `nickname` is (a look-alike of) the name the page gives a robot at a table: "Robot 1"
/// to "Robot 4" (the seats), "Robô 1" to "Robô 4" in Portuguese, and the "Robot 0" of the records.
bool robot_name(const std::string& nickname) {
    const std::string key = protocol::name_key(nickname);
    for (const char* robot : {"Robot ", "Robô "})
        for (int n = 0; n <= 4; ++n)
            if (key == protocol::name_key(robot + std::to_string(n))) return true;
    return false;
}

/// Overwrites a password's characters once they are no longer needed.
void wipe(std::string& secret) {
    if (!secret.empty()) sodium_memzero(secret.data(), secret.size());
    secret.clear();
}

}  // namespace

AccountSettings account_settings(const std::string& limits, unsigned hash_threads, unsigned session_ttl_days) {
    AccountSettings settings;
    auto named = hash_limits(limits);
    if (!named) throw std::invalid_argument("unknown password hash limits '" + limits + "'");
    settings.limits = *named;
    settings.hash_threads = std::max(1u, hash_threads);
    settings.session_ttl_ms = static_cast<std::int64_t>(session_ttl_days) * day_ms;
    return settings;
}

AccountService::AccountService(std::shared_ptr<store::Store> store, std::shared_ptr<tables::Clock> clock,
                               std::function<std::string()> make_id, AccountSettings settings,
                               std::optional<boost::asio::any_io_executor> hash_executor)
    : store_(std::move(store)),
      clock_(std::move(clock)),
      make_id_(std::move(make_id)),
      settings_(settings),
      hasher_(settings.limits),
      per_address_(settings.per_address),
      per_username_(settings.per_username) {
    if (!store_) throw std::invalid_argument("accounts need a store");
    if (hash_executor) {
        executor_ = *hash_executor;
    } else {
        pool_ = std::make_unique<boost::asio::thread_pool>(settings.hash_threads);
        executor_ = pool_->get_executor();
    }
}

AccountService::~AccountService() { stop(); }

void AccountService::stop() {
    if (pool_) pool_->join();
}

store::Session AccountService::session_of(const std::string& token, const std::string& account_id) const {
    return {token_hash(token), account_id, clock_->now_ms() + settings_.session_ttl_ms};
}

std::optional<store::Account> AccountService::resume(const std::string& token) {
    if (!looks_like_token(token)) return std::nullopt;
    auto session = store_->session(token_hash(token));
    const auto now = clock_->now_ms();
    if (!session || session->expires_ms <= now) return std::nullopt;
    auto account = store_->account(session->account_id);
    if (account && now + settings_.session_ttl_ms - session->expires_ms > day_ms) {
        session->expires_ms = now + settings_.session_ttl_ms;  // renewed at most once a day
        store_->commit({store::PutSession{*session}}, [](const std::optional<store::CommitError>& error) {
            if (error) spdlog::warn("accounts: a session's renewal was not stored: {}", error->message);
        });
    }
    return account;
}

void AccountService::create_guest(const std::string& nickname, Done done, bool shown_now) {
    if (robot_name(nickname))
        return done(Refusal{ErrorCode::NicknameTaken,
                            "'" + nickname + "' is the name of a robot at the tables: choose another nickname"});
    try {
        if (auto owner = account_by_name(*store_, nickname))
            return done(
                Refusal{ErrorCode::NicknameTaken,
                        "'" + nickname + "' is a registered player's name: log in, or choose another nickname"});
    } catch (const store::StoreError& e) {
        return done(storage_refusal(e.what()));
    }
    if (shown_now)
        return done(Refusal{ErrorCode::NicknameTaken,
                            "'" + nickname + "' is the name of a player connected now: choose another nickname"});
    store::Account account;
    account.id = make_id_();
    account.display_name = nickname;
    account.created_ms = clock_->now_ms();
    auto token = new_token();
    auto session = session_of(token, account.id);
    commit_session({store::PutAccount{account}, store::PutSession{session}}, account, token, std::move(done));
}

void AccountService::register_account(const std::string& account_id, const std::string& old_token, std::string username,
                                      std::string password, const std::string& address, Done done) {
    const auto key = protocol::name_key(username);
    if (auto wait = attempt(address, key)) return done(rate_refusal(wait));
    std::optional<store::Account> account;
    try {
        account = store_->account(account_id);
        if (!account) return done(storage_refusal("the account of a connected player is missing"));
        if (account->username) return done(Refusal{ErrorCode::AlreadyRegistered, "you are already registered"});
        if (account_by_name(*store_, username))
            return done(Refusal{ErrorCode::UsernameTaken, "the username '" + username + "' is taken"});
    } catch (const store::StoreError& e) {
        return done(storage_refusal(e.what()));
    }
    auto job = [this, account = std::move(*account), old_token, username, key, password = std::move(password),
                done]() mutable {
        try {
            account.password_hash = hasher_.hash(password);
        } catch (const std::exception& e) {
            wipe(password);
            return done(Refusal{ErrorCode::Internal, e.what()});
        }
        wipe(password);
        account.username = username;
        account.username_key = key;
        account.look_alike_key = protocol::look_alike_key(username);
        account.display_name = username;
        auto token = new_token();
        commit_session({store::PutAccount{account}, store::RevokeSession{token_hash(old_token)},
                        store::PutSession{session_of(token, account.id)}},
                       account, token, [done, username](Outcome outcome) {
                           auto* refused = std::get_if<Refusal>(&outcome);
                           if (refused && refused->code == ErrorCode::UsernameTaken)
                               refused->message = "the username '" + username + "' is taken";
                           done(std::move(outcome));
                       });
    };
    if (!hash_job(std::move(job))) done(rate_refusal(1000));
}

void AccountService::login(std::string username, std::string password, const std::string& address, Done done) {
    auto key = protocol::name_key(username);
    if (auto wait = attempt(address, key.empty() ? username : key)) return done(rate_refusal(wait));
    std::optional<store::Account> account;
    try {
        account = account_by_name(*store_, username);
    } catch (const store::StoreError& e) {
        return done(storage_refusal(e.what()));
    }
    auto job = [this, account = std::move(account), password = std::move(password), done]() mutable {
        const bool known = account && account->password_hash;
        bool ok = false;
        try {
            ok = hasher_.verify(known ? *account->password_hash : dummy_hash(), password) && known;
        } catch (const std::exception& e) {  // the dummy hash could not be made (out of memory)
            wipe(password);
            return done(Refusal{ErrorCode::Internal, e.what()});
        }
        if (!ok) {
            wipe(password);
            return done(Refusal{ErrorCode::BadCredentials, "wrong username or password"});
        }
        auto token = new_token();
        std::vector<store::Write> writes{store::PutSession{session_of(token, account->id)}};
        if (hasher_.needs_rehash(*account->password_hash)) {
            try {
                account->password_hash = hasher_.hash(password);
                writes.push_back(store::PutAccount{*account});
            } catch (const std::exception& e) {
                spdlog::warn("accounts: a password was not rehashed: {}", e.what());
            }
        }
        wipe(password);
        commit_session(std::move(writes), *account, token, std::move(done));
    };
    if (!hash_job(std::move(job))) done(rate_refusal(1000));
}

void AccountService::logout(const std::string& token, std::function<void(std::optional<Refusal>)> done) {
    store_->commit({store::RevokeSession{token_hash(token)}},
                   [done = std::move(done)](const std::optional<store::CommitError>& error) {
                       if (error)
                           done(storage_refusal(error->message));
                       else
                           done(std::nullopt);
                   });
}

std::int64_t AccountService::attempt(const std::string& address, const std::string& key) {
    const auto now = clock_->now_ms();
    if (auto wait = per_address_.take(address, now)) return wait;
    return per_username_.take(key, now);
}

bool AccountService::hash_job(std::function<void()> job) {
    if (queued_hashes_.fetch_add(1) >= settings_.max_queued_hashes) {
        queued_hashes_.fetch_sub(1);
        return false;
    }
    boost::asio::post(executor_, [this, job = std::move(job)] {
        job();
        queued_hashes_.fetch_sub(1);
    });
    return true;
}

const std::string& AccountService::dummy_hash() {
    std::call_once(dummy_once_, [this] { dummy_hash_ = hasher_.hash(new_token()); });
    return dummy_hash_;
}

void AccountService::commit_session(std::vector<store::Write> writes, const store::Account& account,
                                    const std::string& token, Done done) {
    store_->commit(std::move(writes),
                   [account, token, done = std::move(done)](const std::optional<store::CommitError>& error) {
                       if (!error) return done(SignedIn{account, token});
                       if (error->kind == store::CommitError::Kind::Conflict)
                           return done(Refusal{ErrorCode::UsernameTaken, "the username is taken"});
                       done(storage_refusal(error->message));
                   });
}

}  // namespace belote::accounts
