#pragma once
// Accounts and sessions (docs/protocol.md "Accounts"): guests made at hello, registration, login
// with Argon2id passwords, session tokens stored as their SHA-256 with a lifetime, logout, and the
// rate limits of login and register attempts. Password hashing runs on a small thread pool of its
// own (never on an I/O thread or a table strand); every write goes through store::Store::commit.

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/thread_pool.hpp>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <variant>

#include "protocol/error_code.hpp"
#include "server/accounts/attempt_limiter.hpp"
#include "server/accounts/password_hasher.hpp"
#include "server/store/store.hpp"
#include "server/tables/clock.hpp"

namespace belote::accounts {

/// How accounts behave (Config: --password-hash-limits, --password-hash-threads, --session-ttl-days).
struct AccountSettings {
    HashLimits limits;                                      ///< the cost of a password hash (default: moderate)
    unsigned hash_threads = 1;                              ///< threads of the hashing pool
    std::size_t max_queued_hashes = 32;                     ///< hashes waiting or running at once; more: rate_limited
    std::int64_t session_ttl_ms = 30LL * 24 * 3600 * 1000;  ///< a token's lifetime from its last use
    AttemptLimits per_address{20, 6'000};                   ///< login + register attempts per IP address
    AttemptLimits per_username{5, 60'000};                  ///< login + register attempts per username key
};

/// The defaults above with the limits named `limits` (password_hasher.hpp hash_limits).
AccountSettings account_settings(const std::string& limits, unsigned hash_threads, unsigned session_ttl_days);

/// Why an operation was refused: the reply's code and message (and, for rate_limited, when to try
/// again).
struct Refusal {
    protocol::ErrorCode code = protocol::ErrorCode::Internal;
    std::string message;
    std::int64_t retry_after_ms = 0;
};

/// A session opened: its account and its token (sent to the client once, never stored).
struct SignedIn {
    store::Account account;
    std::string token;
};

using Outcome = std::variant<SignedIn, Refusal>;
/// Receives an operation's outcome: on the calling thread, a hashing thread or the store's writer
/// thread. It must only post elsewhere.
using Done = std::function<void(Outcome)>;

/// Thread-safe. Destroying it waits for the hashes in progress (their outcome is still delivered).
class AccountService {
public:
    /// `make_id` makes player ids ("p" + 14 base-32 characters). Passwords are hashed on a pool of
    /// settings.hash_threads threads of its own, or on `hash_executor` when one is given (the
    /// fuzzer hashes on its io_context, which it drains).
    AccountService(std::shared_ptr<store::Store> store, std::shared_ptr<tables::Clock> clock,
                   std::function<std::string()> make_id, AccountSettings settings,
                   std::optional<boost::asio::any_io_executor> hash_executor = std::nullopt);
    ~AccountService();
    /// Waits for the hashes queued or in progress; their outcomes are delivered. Idempotent.
    void stop();

    /// The account of `token` when its session exists and has not expired (synchronous store reads;
    /// throws store::StoreError). A session with less than its lifetime minus a day left is renewed
    /// (written in the background).
    std::optional<store::Account> resume(const std::string& token);

    /// A new guest named `nickname` (already checked by the protocol) with a new session, committed
    /// before `done` gets it. Refused with nickname_taken when the nickname's name key is a
    /// registered username's, or else when `shown_now` (a player connected now shows that name).
    void create_guest(const std::string& nickname, Done done, bool shown_now = false);

    /// Guest `account_id` (whose session token is `old_token`) registers `username` (checked by the
    /// protocol) with `password`: same account id, a new token, the old one revoked. Refusals:
    /// rate_limited (per `address`, per username), already_registered, username_taken, storage_unavailable.
    void register_account(const std::string& account_id, const std::string& old_token, std::string username,
                          std::string password, const std::string& address, Done done);

    /// Opens a session for the registered player `username` when `password` is its password;
    /// rehashes it when the limits changed. Refusals: rate_limited, bad_credentials (unknown
    /// username and wrong password alike, in the same time), storage_unavailable.
    void login(std::string username, std::string password, const std::string& address, Done done);

    /// Revokes `token`'s session; `done` gets nullopt once that is stored, else the refusal.
    void logout(const std::string& token, std::function<void(std::optional<Refusal>)> done);

private:
    /// 0 when an attempt from `address` for `key` may go on, else the milliseconds to wait.
    std::int64_t attempt(const std::string& address, const std::string& key);
    /// Runs `job` on the hashing pool; false (job not run) when max_queued_hashes are queued.
    bool hash_job(std::function<void()> job);
    /// A hash of a random password, verified against when the username is unknown (same time).
    const std::string& dummy_hash();
    /// Commits `writes`, then gives `done` SignedIn{account, token} or the refusal.
    void commit_session(std::vector<store::Write> writes, const store::Account& account, const std::string& token,
                        Done done);
    store::Session session_of(const std::string& token, const std::string& account_id) const;

    std::shared_ptr<store::Store> store_;
    std::shared_ptr<tables::Clock> clock_;
    std::function<std::string()> make_id_;
    AccountSettings settings_;
    PasswordHasher hasher_;
    AttemptLimiter per_address_;
    AttemptLimiter per_username_;
    std::atomic<std::size_t> queued_hashes_{0};
    std::once_flag dummy_once_;
    std::string dummy_hash_;
    std::unique_ptr<boost::asio::thread_pool> pool_;  ///< none when hashing on a given executor
    boost::asio::any_io_executor executor_;           ///< the pool's, or the given one
};

}  // namespace belote::accounts
