#pragma once
// The durable store (docs/operations.md "The store"): accounts, sessions, tables, their journals and
// finished matches behind one interface. SQLite is the embedded implementation (sqlite_store.hpp);
// the interface holds no SQLite type and its SQL is portable, so PostgreSQL can sit behind it too.
//
// Writes are grouped: `commit` queues a batch, and the store's writer thread commits everything
// queued within a few milliseconds, from every table, in one transaction (group commit), then calls
// each batch's completion. Reads are synchronous and may be called from any thread, but never from
// a table's strand (docs/design.md invariant 8).

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

namespace belote::store {

/// A storage failure (full or read-only disk, I/O error, corrupt file, newer schema).
class StoreError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// A player's durable identity: a guest (no username) or a registered player.
struct Account {
    std::string id;                               ///< the public player id ("p" + 14 base-32 characters)
    std::string display_name;                     ///< the name shown at tables (a guest's nickname, or the username)
    std::optional<std::string> username;          ///< as typed at registration; none for a guest
    std::optional<std::string> username_key;      ///< the unique key (NFKC, case-folded, confusables skeleton)
    std::optional<std::string> password_hash;     ///< libsodium crypto_pwhash_str output (Argon2id)
    std::int64_t created_ms = 0;                  ///< epoch ms
    std::optional<std::string> look_alike_key{};  ///< the second unique key (skeleton, then case-folded)
};

/// A session: the SHA-256 of a token (hex) and whose it is, until when.
struct Session {
    std::string token_hash;  ///< 64 lowercase hex digits; the token itself is never stored
    std::string account_id;
    std::int64_t expires_ms = 0;  ///< epoch ms
};

/// A table, as created: everything TableState::create needs, as protocol JSON (protocol/journal_json).
struct TableRecord {
    std::string id;
    std::int64_t created_ms = 0;
    std::string creation;  ///< JSON: options, settings, invite
};

/// One table change: the event decide() returned, the time evolve() was given, its order.
struct JournalEntry {
    std::string table_id;
    std::uint64_t seq = 0;  ///< 1, 2, ... per table
    std::int64_t at_ms = 0;
    std::string event;  ///< JSON (protocol/journal_json)
};

/// A table's entry in the directory of tables (docs/operations.md "Table ownership"): the node that
/// owns it, until when, and the epoch of that ownership. Each claim raises the epoch by one, so a
/// node that lost a table (its lease ran out and another node claimed it) writes in a stale epoch.
struct TableLease {
    std::string owner;          ///< node id; "" when never claimed, or released
    std::int64_t until_ms = 0;  ///< the lease ends then (epoch ms; 0: released or never claimed)
    std::uint64_t epoch = 0;    ///< 0 until the first claim
    bool operator==(const TableLease&) const = default;
};

/// An open table's id and its directory entry (the failover scan: Store::expired_leases).
struct LeasedTable {
    std::string table_id;
    TableLease lease;
    bool operator==(const LeasedTable&) const = default;
};

/// A node's row in the registry of nodes (docs/operations.md "Routing"): where clients reach it, and
/// until when it is alive (it writes its row again at every lease-renewal round; 0: it stopped).
struct NodeEntry {
    std::string id;
    std::string url;                  ///< --advertise-url ("" when none)
    std::int64_t alive_until_ms = 0;  ///< epoch ms
    bool operator==(const NodeEntry&) const = default;
};

/// An open table held by a live node (Store::live_tables): where it is served and its lobby row.
struct LiveTable {
    std::string table_id;
    std::string owner;  ///< node id
    std::string url;    ///< the owner's advertise URL ("" when none)
    std::int64_t created_ms = 0;
    std::string lobby;  ///< the owner's published lobby row (JSON); "" when none or not listed
    bool operator==(const LiveTable&) const = default;
};

/// A table to bring back at start-up: its creation and every change since, in order.
struct OpenTable {
    TableRecord table;
    std::vector<JournalEntry> journal;
};

/// One seat of a finished or cancelled match, for the history.
struct MatchSeat {
    int seat = 0;
    std::optional<std::string> account_id;  ///< none for a robot
    std::string name;
};

/// A match that ended (finished or cancelled by agreement), with its full record.
struct FinishedMatch {
    std::string id;  ///< the match id ("m" + 14 base-32 characters)
    std::string table_id;
    std::string variant;  ///< protocol name
    std::int64_t started_ms = 0;
    std::int64_t ended_ms = 0;
    bool cancelled = false;
    bool private_table = false;  ///< its record is for those who played it only
    std::vector<MatchSeat> seats;
    std::vector<int> totals;  ///< per team (or per player at three)
    std::optional<int> winner;
    std::string unmoved;  ///< why the match moved no chips, XP or rating ("practice", "same_ip"; "": it did)
    std::string record;   ///< the game record JSON (docs/game-record.md)
};

/// One movement of chips between two ledger accounts (docs/room.md "Ledger"): `wallet:<player>`,
/// `escrow:<match>`, `house`, `source:start`, `source:topup`. Only a `source:` account may go below zero.
struct LedgerEntry {
    std::string key;  ///< idempotency key ("<match>:<seat>:<kind>", "start:<player>", "topup:<player>:<day>")
    std::string from;
    std::string to;
    std::int64_t amount = 0;  ///< chips, > 0
    std::string match_id;     ///< "" when no match
    std::int64_t at_ms = 0;   ///< epoch ms
};

/// What one seat of a match added to a player's progress; posted once per key.
struct ProgressEntry {
    std::string key;  ///< "<match>:<seat>:progress"
    std::string account_id;
    std::string match_id;
    std::string variant;  ///< protocol name
    std::int64_t xp = 0;
    int games = 0, wins = 0, abandons = 0;
    std::int64_t at_ms = 0;  ///< epoch ms
};

/// A player's skill rating in one variant after a match (docs/room.md "Rating"); posted once per key.
struct RatingEntry {
    std::string key;  ///< "<match>:<seat>:rating": a match moves a rating once
    std::string account_id;
    std::string variant;  ///< protocol name
    double rating = 1500, rd = 350, volatility = 0.06;
    int games = 0;           ///< rated games, this one included
    std::int64_t at_ms = 0;  ///< epoch ms
};

/// What a leaderboard ranks.
enum class LeaderKind { Xp, Rating };
/// One page of a leaderboard: by XP (over every variant) or by rating (of `variant`), over all
/// time (since_ms 0) or since `since_ms` (the XP earned since then; the ratings of players who
/// played a rated match since then).
struct LeaderQuery {
    LeaderKind kind = LeaderKind::Xp;
    std::string variant;  ///< for Rating
    std::int64_t since_ms = 0;
    std::size_t offset = 0, limit = 20;
};
/// A row of a leaderboard, best first (ties by player id).
struct LeaderRow {
    std::string account_id;
    std::string name;
    double value = 0;  ///< XP, or the rating
    int games = 0;     ///< games (XP) or rated games (rating)
};

/// A player's totals over every ProgressEntry.
struct Progress {
    std::int64_t xp = 0;
    int games = 0, wins = 0, abandons = 0;
    bool operator==(const Progress&) const = default;
};

/// One write; a batch of them commits atomically.
struct PutAccount {
    Account account;  ///< inserted, or replaced when the id exists
};
struct PutSession {
    Session session;
};
struct RevokeSession {
    std::string token_hash;
};
struct CreateTable {
    TableRecord table;
};
struct AppendJournal {
    JournalEntry entry;
    /// The epoch of the table its writer holds (0: never claimed, as on a single node). Refused
    /// (CommitError::Kind::StaleEpoch) unless it is the table's epoch.
    std::uint64_t epoch = 0;
};
/// Takes an open table for `node` until `until_ms` when its epoch is still `seen_epoch` (as the
/// claimer last read it) and nobody else holds it at `now_ms` (never claimed, released, the lease
/// ended, or `node` itself holds it: a node restarted with its id takes its tables back at once):
/// the epoch becomes seen_epoch + 1, so the writes of an earlier claim are refused from then on.
/// Refused with StaleEpoch when the epoch moved on, LeaseHeld while another node's lease runs,
/// Conflict when there is no such open table.
struct ClaimTable {
    std::string table_id;
    std::string node;
    std::uint64_t seen_epoch = 0;
    std::int64_t now_ms = 0;
    std::int64_t until_ms = 0;
};
/// Extends the lease `node` holds on the table in `epoch` to `until_ms` (StaleEpoch: it does not
/// hold it in that epoch any more).
struct RenewLease {
    std::string table_id;
    std::string node;
    std::uint64_t epoch = 0;
    std::int64_t until_ms = 0;
};
/// Gives up the lease `node` holds on the table in `epoch` (a graceful hand-over): anyone may claim
/// it at once. StaleEpoch when it does not hold it in that epoch.
struct ReleaseTable {
    std::string table_id;
    std::string node;
    std::uint64_t epoch = 0;
};
/// Upserts a node's row in the registry of nodes.
struct PutNode {
    NodeEntry node;
};
/// Publishes the lobby row (JSON, "" for none) of a table `node` holds in `epoch` (StaleEpoch: it
/// does not hold it in that epoch any more), for the lobbies of the other nodes.
struct PublishLobby {
    std::string table_id;
    std::string node;
    std::uint64_t epoch = 0;
    std::string row;
};
/// The table is gone (idle, or every match over): not brought back at start-up.
struct CloseTable {
    std::string table_id;
};
struct PutMatch {
    FinishedMatch match;
};
/// Moves chips (docs/room.md "Ledger"). A key already posted changes nothing (idempotency); a
/// wallet, escrow or house going below zero fails the batch (CommitError::Conflict).
struct PostTransfer {
    LedgerEntry entry;
};
/// Adds a seat's XP and counts to its player's progress; a key already posted changes nothing.
struct PostProgress {
    ProgressEntry entry;
};
/// Sets a player's rating in a variant; a key already posted changes nothing.
struct PostRating {
    RatingEntry entry;
};
using Write =
    std::variant<PutAccount, PutSession, RevokeSession, CreateTable, AppendJournal, CloseTable, PutMatch, PostTransfer,
                 PostProgress, PostRating, ClaimTable, RenewLease, ReleaseTable, PutNode, PublishLobby>;

/// A transfer that would have taken a ledger account below zero (docs/room.md "Ledger").
struct Overdraft {
    std::string account;       ///< "wallet:<player>", "escrow:<match>" or "house"
    std::int64_t balance = 0;  ///< what the account held before the batch
    bool operator==(const Overdraft&) const = default;
};

/// Why a batch was not stored.
struct CommitError {
    enum class Kind {
        Conflict,    ///< a unique key is taken (a username), or an account would be overdrawn: only this
                     ///< batch is rolled back
        Storage,     ///< the disk or the database failed: the whole group is rolled back
        StaleEpoch,  ///< written in an epoch that is not the table's (another node claimed it): only this
                     ///< batch is rolled back, and its writer must give the table up
        LeaseHeld,   ///< a claim of a table whose lease runs: only this batch is rolled back
    };
    Kind kind = Kind::Storage;
    std::string message;
    std::optional<Overdraft> overdrawn{};  ///< a Conflict because of this overdraft
};

/// The outcome of a batch: nullopt when durable, else why it is not stored (none of it is).
using Committed = std::function<void(const std::optional<CommitError>& error)>;

/// One page of a player's history, newest first.
struct HistoryPage {
    std::vector<FinishedMatch> matches;  ///< without `record`
    std::optional<std::int64_t> next;    ///< the cursor of the next page; none after the last
};

/// The store. Thread-safe.
class Store {
public:
    virtual ~Store() = default;

    /// Queues `writes` to be committed atomically, in the order commit was called, with whatever
    /// else is queued (group commit; each batch is a savepoint, so a conflict rolls back only its
    /// own batch). `done` runs on the writer thread once the transaction committed (nullopt) or
    /// failed: it must only post elsewhere.
    virtual void commit(std::vector<Write> writes, Committed done) = 0;

    /// False after a failed commit until a later one succeeds (the server reports not-ready and
    /// refuses changes meanwhile).
    virtual bool healthy() const = 0;

    /// Calls `f` once each time the store turns healthy again after a failure (from the writer thread).
    virtual void on_recovered(std::function<void()> f) = 0;

    // Reads. Each throws StoreError when the store cannot be read.
    virtual std::optional<Account> account(const std::string& id) = 0;
    virtual std::optional<Account> account_by_username(const std::string& username_key) = 0;
    /// The account whose look_alike_key is `key` (protocol::look_alike_key), if any.
    virtual std::optional<Account> account_by_look_alike_key(const std::string& key) = 0;
    virtual std::optional<Session> session(const std::string& token_hash) = 0;
    /// Every table not closed, with its journal.
    virtual std::vector<OpenTable> open_tables() = 0;
    /// The journal of one table (to rebuild it after a failed commit).
    virtual std::optional<OpenTable> open_table(const std::string& id) = 0;
    /// The directory entry of the open table `id` (who owns it, until when, its epoch); none when
    /// there is no such open table.
    virtual std::optional<TableLease> table_lease(const std::string& id) = 0;
    /// The open tables nobody holds at `now_ms` (epoch ms): never claimed, released, or whose lease
    /// ended (until_ms <= now_ms), oldest first (by creation, then id), at most `limit`. What a node
    /// looks for to take over the tables of a node that died (docs/operations.md "Table ownership").
    virtual std::vector<LeasedTable> expired_leases(std::int64_t now_ms, std::size_t limit) = 0;
    /// Every row of the registry of nodes, by id.
    virtual std::vector<NodeEntry> nodes() = 0;
    /// The open tables whose lease runs at `now_ms` and whose owner's registry row is alive then
    /// (alive_until_ms > now_ms), with the owner's URL and the table's published lobby row, oldest
    /// first (by creation, then id). What a node routes clients and lists remote tables by.
    virtual std::vector<LiveTable> live_tables(std::int64_t now_ms) = 0;
    virtual std::optional<FinishedMatch> match(const std::string& id) = 0;
    /// The matches `account_id` played, newest first, at most `limit`, from `cursor` (a `next` of
    /// an earlier page; none: the newest).
    virtual HistoryPage history(const std::string& account_id, std::optional<std::int64_t> cursor,
                                std::size_t limit) = 0;

    /// The balance of ledger account `account` ("wallet:<player>", "house", ...); none before its
    /// first entry.
    virtual std::optional<std::int64_t> balance(const std::string& account) = 0;
    /// Every ledger account's balance as stored, by account.
    virtual std::map<std::string, std::int64_t> balances() = 0;
    /// Every ledger entry, in the order posted (the audit).
    virtual std::vector<LedgerEntry> ledger() = 0;
    /// The totals of `account_id`'s progress entries (zeros when none).
    virtual Progress progress(const std::string& account_id) = 0;
    /// The times (epoch ms, oldest first) of `account_id`'s progress entries that record an abandon,
    /// from `since_ms` on (the cool-down after abandoning: docs/room.md).
    virtual std::vector<std::int64_t> abandon_times(const std::string& account_id, std::int64_t since_ms) = 0;
    /// Every registered account (one with a username), oldest first (re-keying usernames at start-up).
    virtual std::vector<Account> registered_accounts() = 0;
    /// `account_id`'s rating in each variant it has one in, by variant (`key` of each: its last).
    virtual std::map<std::string, RatingEntry> ratings(const std::string& account_id) = 0;
    /// One page of a leaderboard (rows past `offset`, at most `limit`).
    virtual std::vector<LeaderRow> leaderboard(const LeaderQuery& query) = 0;

    /// Waits until everything queued so far is committed or failed (shutdown, tests).
    virtual void flush() = 0;
};

}  // namespace belote::store
