#include "server/store/sqlite_store.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "engine/overloaded.hpp"
#include "server/store/columns.hpp"
#include "server/store/schema.hpp"
#include "server/store/sqlite_db.hpp"
#include "server/store/table_leases.hpp"

namespace belote::store {

namespace {

/// Journal rows a step of the sweep covers at most (a short transaction between group commits).
constexpr std::int64_t sweep_step_rows = 256;

/// The error of the batch `error` refuses (only its batch fails: a constraint, a journal gap, an
/// overdraft, a lease rule), or none when the database failed.
std::optional<CommitError> refusal_of(const StoreError& error) {
    if (const auto* refused = dynamic_cast<const Refusal*>(&error)) return refused->error();
    const auto* sqlite = dynamic_cast<const SqliteError*>(&error);
    if (sqlite && sqlite->code() == SQLITE_CONSTRAINT)
        return CommitError{CommitError::Kind::Conflict, error.what(), std::nullopt};
    return std::nullopt;
}

/// The version the database is at (0: empty). Throws StoreError when the file is not a database.
int schema_version_of(Connection& db) {
    Statement exists(db.handle(),
                     "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'");
    exists.step();
    if (exists.integer(0) == 0) return 0;
    Statement version(db.handle(), "SELECT version FROM schema_version");
    return version.step() ? static_cast<int>(version.integer(0)) : 0;
}

void check_integrity(Connection& db, const std::string& path) {
    Statement check(db.handle(), "PRAGMA quick_check");
    std::string result = check.step() ? check.text(0) : "no answer";
    if (result != "ok") throw StoreError("the database " + path + " is corrupt (" + result + "): restore a backup");
}

void migrate(Connection& db, const std::string& path) {
    const int have = schema_version_of(db);
    const int want = current_schema_version();
    if (have > want)
        throw StoreError("the database " + path + " has schema version " + std::to_string(have) +
                         ", newer than this server's " + std::to_string(want) + ": run a newer belote-server");
    for (int v = have; v < want; ++v) {
        db.exec("BEGIN IMMEDIATE");
        try {
            db.exec(migrations(Dialect::Sqlite)[v]);
            if (v == 0)
                db.exec(
                    "CREATE TABLE schema_version (version INTEGER NOT NULL); INSERT INTO schema_version VALUES (0)");
            db.exec("UPDATE schema_version SET version = " + std::to_string(v + 1));
            db.exec("COMMIT");
        } catch (...) {
            db.exec("ROLLBACK");
            throw;
        }
        spdlog::info("store: schema migrated to version {}", v + 1);
    }
}

Account account_of(const Statement& s) {
    return {s.text(0),          s.text(1),    s.optional_text(2), s.optional_text(3),
            s.optional_text(4), s.integer(5), s.optional_text(6)};
}

constexpr const char* account_columns =
    "id, display_name, username, username_key, password_hash, created_ms, look_alike_key";
constexpr const char* match_columns =
    "id, table_id, variant, started_ms, ended_ms, cancelled, totals, winner, number, private_table, unmoved";

FinishedMatch match_of(Statement& s) {
    FinishedMatch m;
    m.id = s.text(0);
    m.table_id = s.text(1);
    m.variant = s.text(2);
    m.started_ms = s.integer(3);
    m.ended_ms = s.integer(4);
    m.cancelled = s.integer(5) != 0;
    m.totals = totals_of(s.text(6));
    if (!s.is_null(7)) m.winner = static_cast<int>(s.integer(7));
    m.private_table = s.integer(9) != 0;
    m.unmoved = s.text(10);
    return m;
}

void load_seats(Connection& db, FinishedMatch& m) {
    Statement seats(db.handle(), "SELECT seat, account_id, name FROM match_seats WHERE match_id = ? ORDER BY seat");
    seats.bind(1, m.id);
    while (seats.step()) m.seats.push_back({static_cast<int>(seats.integer(0)), seats.optional_text(1), seats.text(2)});
}

}  // namespace

/// The writer's prepared statements. A conflict (OR ROLLBACK) ends the whole transaction: SQLite then
/// keeps no statement journal (a copy of every page an insert touches, for undoing that statement
/// alone), and commit_group() redoes the group one batch per transaction.
struct SqliteStore::Statements {
    explicit Statements(sqlite3* db)
        : put_account(
              db,
              "INSERT OR ROLLBACK INTO accounts (id, display_name, username, username_key, password_hash, created_ms, "
              "look_alike_key) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET display_name = "
              "excluded.display_name, username = excluded.username, username_key = excluded.username_key, "
              "password_hash = excluded.password_hash, look_alike_key = excluded.look_alike_key"),
          put_session(db,
                      "INSERT OR ROLLBACK INTO sessions (token_hash, account_id, expires_ms) VALUES (?, ?, ?) "
                      "ON CONFLICT (token_hash) DO UPDATE SET expires_ms = excluded.expires_ms"),
          revoke_session(db, "DELETE FROM sessions WHERE token_hash = ?"),
          create_table(db, "INSERT OR ROLLBACK INTO tables (id, created_ms, creation) VALUES (?, ?, ?)"),
          append(db, "INSERT OR ROLLBACK INTO journal (table_id, seq, at_ms, event) VALUES (?, ?, ?, ?)"),
          close_table(db, "UPDATE OR ROLLBACK tables SET closed = 1 WHERE id = ?"),
          // The sweep: where a pass ends, where a step of some rows from a number ends, and the step.
          journal_end(db, "SELECT COALESCE(MAX(number), 0) + 1 FROM journal"),
          step_end(db, "SELECT number FROM journal WHERE number >= ? ORDER BY number LIMIT 1 OFFSET ?"),
          sweep(db,
                "DELETE FROM journal WHERE number >= ? AND number < ? AND EXISTS (SELECT 1 FROM tables t WHERE "
                "t.id = journal.table_id AND t.closed = 1)"),
          put_match(db,
                    "INSERT OR ROLLBACK INTO matches (id, table_id, variant, started_ms, ended_ms, cancelled, totals, "
                    "winner, record, private_table, unmoved) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"),
          put_seat(db, "INSERT OR ROLLBACK INTO match_seats (match_id, seat, account_id, name) VALUES (?, ?, ?, ?)"),
          post_entry(db,
                     "INSERT OR ROLLBACK INTO ledger (entry_key, from_account, to_account, amount, match_id, at_ms) "
                     "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (entry_key) DO NOTHING"),
          open_account(db,
                       "INSERT OR ROLLBACK INTO chip_accounts (account, balance) VALUES (?, 0) "
                       "ON CONFLICT (account) DO NOTHING"),
          move_chips(db, "UPDATE OR ROLLBACK chip_accounts SET balance = balance + ? WHERE account = ?"),
          post_progress(db,
                        "INSERT OR ROLLBACK INTO progress (entry_key, account_id, match_id, variant, xp, games, wins, "
                        "abandons, at_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (entry_key) DO NOTHING"),
          post_rating_key(
              db, "INSERT OR ROLLBACK INTO rating_keys (entry_key) VALUES (?) ON CONFLICT (entry_key) DO NOTHING"),
          put_rating(db,
                     "INSERT OR ROLLBACK INTO ratings (account_id, variant, rating, rd, volatility, games, entry_key, "
                     "updated_ms) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (account_id, variant) DO UPDATE SET "
                     "rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility, games = "
                     "excluded.games, entry_key = excluded.entry_key, updated_ms = excluded.updated_ms"),
          // The lease rules of table_leases.hpp as conditional updates; when one changes nothing, the
          // rules say why (from lease_of).
          claim_lease(db,
                      "UPDATE tables SET owner = ?2, lease_until_ms = ?5, epoch = epoch + 1 WHERE id = ?1 AND closed "
                      "= 0 AND epoch = ?3 AND (lease_until_ms <= ?4 OR owner = ?2)"),
          renew_lease(
              db, "UPDATE tables SET lease_until_ms = ?4 WHERE id = ?1 AND closed = 0 AND owner = ?2 AND epoch = ?3"),
          release_lease(db,
                        "UPDATE tables SET owner = '', lease_until_ms = 0 WHERE id = ?1 AND closed = 0 AND owner = ?2 "
                        "AND epoch = ?3"),
          lease_of(db, "SELECT owner, lease_until_ms, epoch FROM tables WHERE id = ? AND closed = 0"),
          put_node(db,
                   "INSERT INTO nodes (id, url, alive_until_ms) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET "
                   "url = excluded.url, alive_until_ms = excluded.alive_until_ms"),
          publish_lobby(db, "UPDATE tables SET lobby = ?4 WHERE id = ?1 AND closed = 0 AND owner = ?2 AND epoch = ?3"),
          probe(db,
                "INSERT INTO health (id, at_ms) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET at_ms = excluded.at_ms"),
          // Prepared once: sqlite3_exec would parse these again for every group and every batch.
          begin(db, "BEGIN IMMEDIATE"),
          commit(db, "COMMIT"),
          rollback(db, "ROLLBACK") {}
    Statement put_account, put_session, revoke_session, create_table, append, close_table, journal_end, step_end, sweep,
        put_match, put_seat, post_entry, open_account, move_chips, post_progress, post_rating_key, put_rating,
        claim_lease, renew_lease, release_lease, lease_of, put_node, publish_lobby, probe;
    Statement begin, commit, rollback;
};

SqliteStore::SqliteStore(const std::string& path, Durability durability) {
    writer_db_ = std::make_unique<Connection>(path);
    try {
        writer_db_->exec("PRAGMA journal_mode = WAL");
        check_integrity(*writer_db_, path);
    } catch (const SqliteError& e) {
        if (e.code() == SQLITE_NOTADB || e.code() == SQLITE_CORRUPT)
            throw StoreError("the database " + path + " is not a database or is corrupt (" + e.what() +
                             "): restore a backup");
        throw;
    }
    writer_db_->exec(durability == Durability::Full ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL");
    writer_db_->exec("PRAGMA foreign_keys = ON");
    migrate(*writer_db_, path);
    Statement last(writer_db_->handle(), "SELECT table_id, MAX(seq) FROM journal GROUP BY table_id");
    while (last.step()) last_seq_[last.text(0)] = last.integer(1);
    Statement claimed(writer_db_->handle(), "SELECT id, epoch FROM tables WHERE closed = 0 AND epoch > 0");
    while (claimed.step()) epochs_[claimed.text(0)] = static_cast<std::uint64_t>(claimed.integer(1));
    writes_ = std::make_unique<Statements>(writer_db_->handle());
    reader_db_ = std::make_unique<Connection>(path);
    writer_ = std::make_unique<GroupWriter>(static_cast<WriteTarget&>(*this));
}

SqliteStore::~SqliteStore() { writer_->stop(); }

void SqliteStore::commit(std::vector<Write> writes, Committed done) { writer_->commit(std::move(writes), done); }

bool SqliteStore::healthy() const { return writer_->healthy(); }

void SqliteStore::on_recovered(std::function<void()> f) { writer_->on_recovered(std::move(f)); }

void SqliteStore::flush() { writer_->flush(); }

void SqliteStore::wait_until_swept() { writer_->wait_until_idle(); }

std::optional<CommitError> SqliteStore::refusal(const StoreError& error) const { return refusal_of(error); }

void SqliteStore::transaction(const std::function<void()>& body) {
    auto& w = *writes_;
    pending_seq_.clear();
    pending_epochs_.clear();
    w.begin.run();
    try {
        body();
        w.commit.run();
    } catch (const StoreError&) {
        // A conflict (OR ROLLBACK) or a failed COMMIT may have ended the transaction already.
        pending_seq_.clear();
        pending_epochs_.clear();
        if (!sqlite3_get_autocommit(writer_db_->handle())) try {
                w.rollback.run();
            } catch (const StoreError&) {}
        throw;
    }
    for (const auto& [table, seq] : pending_seq_) {
        if (seq)
            last_seq_[table] = seq;
        else
            last_seq_.erase(table);
    }
    pending_seq_.clear();
    for (const auto& [table, epoch] : pending_epochs_) {
        if (epoch)
            epochs_[table] = epoch;
        else
            epochs_.erase(table);
    }
    pending_epochs_.clear();
}

void SqliteStore::apply(const Write& write) {
    auto& w = *writes_;
    std::visit(
        Overloaded{
            [&](const PutAccount& p) {
                const auto& a = p.account;
                w.put_account.bind(1, a.id).bind(2, a.display_name).bind(3, a.username).bind(4, a.username_key);
                w.put_account.bind(5, a.password_hash).bind(6, a.created_ms).bind(7, a.look_alike_key).run();
            },
            [&](const PutSession& p) {
                w.put_session.bind(1, p.session.token_hash)
                    .bind(2, p.session.account_id)
                    .bind(3, p.session.expires_ms)
                    .run();
            },
            [&](const RevokeSession& r) { w.revoke_session.bind(1, r.token_hash).run(); },
            [&](const CreateTable& c) {
                w.create_table.bind(1, c.table.id).bind(2, c.table.created_ms).bind(3, c.table.creation).run();
            },
            [&](const AppendJournal& a) {
                // An entry goes in only right after the table's last one: a journal never has a
                // gap, even when an earlier batch of the table failed and a later one did not.
                const auto& e = a.entry;
                if (auto refused = refuse_append(epoch_of(e.table_id), a)) throw *refused;
                const auto last = last_seq(e.table_id);
                if (static_cast<std::int64_t>(e.seq) != last + 1)
                    throw SqliteError(SQLITE_CONSTRAINT, "journal of table " + e.table_id + ": entry " +
                                                             std::to_string(e.seq) + " does not follow entry " +
                                                             std::to_string(last));
                w.append.bind(1, e.table_id)
                    .bind(2, static_cast<std::int64_t>(e.seq))
                    .bind(3, e.at_ms)
                    .bind(4, e.event)
                    .run();
                pending_seq_[e.table_id] = static_cast<std::int64_t>(e.seq);
            },
            [&](const CloseTable& c) {
                w.close_table.bind(1, c.table_id).run();
                pending_seq_[c.table_id] = 0;
                pending_epochs_[c.table_id] = 0;
                sweep_again_ = true;  // its entries go in the next pass
            },
            [&](const ClaimTable& c) {
                w.claim_lease.bind(1, c.table_id).bind(2, c.node).bind(3, static_cast<std::int64_t>(c.seen_epoch));
                w.claim_lease.bind(4, c.now_ms).bind(5, c.until_ms).run();
                if (sqlite3_changes(writer_db_->handle()) == 1) {
                    pending_epochs_[c.table_id] = c.seen_epoch + 1;
                    return;
                }
                if (auto refused = refuse_claim(lease(c.table_id), c)) throw *refused;
                throw Refusal(CommitError::Kind::Conflict, "table " + c.table_id + " could not be claimed");
            },
            [&](const RenewLease& r) {
                w.renew_lease.bind(1, r.table_id).bind(2, r.node).bind(3, static_cast<std::int64_t>(r.epoch));
                w.renew_lease.bind(4, r.until_ms).run();
                if (sqlite3_changes(writer_db_->handle()) == 1) return;
                if (auto refused = refuse_holder(lease(r.table_id), r.table_id, r.node, r.epoch)) throw *refused;
                throw Refusal(CommitError::Kind::Conflict, "the lease of table " + r.table_id + " was not renewed");
            },
            [&](const ReleaseTable& r) {
                w.release_lease.bind(1, r.table_id).bind(2, r.node).bind(3, static_cast<std::int64_t>(r.epoch));
                w.release_lease.run();
                if (sqlite3_changes(writer_db_->handle()) == 1) return;
                if (auto refused = refuse_holder(lease(r.table_id), r.table_id, r.node, r.epoch)) throw *refused;
                throw Refusal(CommitError::Kind::Conflict, "table " + r.table_id + " was not released");
            },
            [&](const PutNode& p) {
                w.put_node.bind(1, p.node.id).bind(2, p.node.url).bind(3, p.node.alive_until_ms).run();
            },
            [&](const PublishLobby& p) {
                w.publish_lobby.bind(1, p.table_id).bind(2, p.node).bind(3, static_cast<std::int64_t>(p.epoch));
                w.publish_lobby.bind(4, p.row).run();
                if (sqlite3_changes(writer_db_->handle()) == 1) return;
                if (auto refused = refuse_holder(lease(p.table_id), p.table_id, p.node, p.epoch)) throw *refused;
                throw Refusal(CommitError::Kind::Conflict, "the lobby row of table " + p.table_id + " was not stored");
            },
            [&](const PutMatch& p) {
                const auto& m = p.match;
                w.put_match.bind(1, m.id).bind(2, m.table_id).bind(3, m.variant).bind(4, m.started_ms);
                w.put_match.bind(5, m.ended_ms).bind(6, std::int64_t{m.cancelled}).bind(7, totals_text(m.totals));
                if (m.winner)
                    w.put_match.bind(8, std::int64_t{*m.winner});
                else
                    w.put_match.bind_null(8);
                w.put_match.bind(9, m.record).bind(10, std::int64_t{m.private_table}).bind(11, m.unmoved).run();
                for (const auto& seat : m.seats)
                    w.put_seat.bind(1, m.id)
                        .bind(2, std::int64_t{seat.seat})
                        .bind(3, seat.account_id)
                        .bind(4, seat.name)
                        .run();
            },
            [&](const PostTransfer& p) {
                const auto& e = p.entry;
                w.post_entry.bind(1, e.key).bind(2, e.from).bind(3, e.to).bind(4, e.amount);
                w.post_entry.bind(5, e.match_id).bind(6, e.at_ms).run();
                if (sqlite3_changes(writer_db_->handle()) == 0) return;  // posted before: nothing changes
                for (const auto* account : {&e.from, &e.to}) w.open_account.bind(1, *account).run();
                // The CHECK of chip_accounts fails this batch when a balance would go below zero:
                // the conflict says which account, and what it held before the batch (OR ROLLBACK has
                // ended the transaction: the balance read is the committed one).
                try {
                    w.move_chips.bind(1, -e.amount).bind(2, e.from).run();
                } catch (const SqliteError& error) {
                    if (error.code() != SQLITE_CONSTRAINT) throw;
                    Statement held(writer_db_->handle(), "SELECT balance FROM chip_accounts WHERE account = ?");
                    held.bind(1, e.from);
                    const std::int64_t balance = held.step() ? held.integer(0) : 0;
                    throw Refusal(CommitError::Kind::Conflict, error.what(), Overdraft{e.from, balance});
                }
                w.move_chips.bind(1, e.amount).bind(2, e.to).run();
            },
            [&](const PostProgress& p) {
                const auto& e = p.entry;
                w.post_progress.bind(1, e.key).bind(2, e.account_id).bind(3, e.match_id).bind(4, e.variant);
                w.post_progress.bind(5, e.xp).bind(6, std::int64_t{e.games}).bind(7, std::int64_t{e.wins});
                w.post_progress.bind(8, std::int64_t{e.abandons}).bind(9, e.at_ms).run();
            },
            [&](const PostRating& p) {
                const auto& e = p.entry;
                w.post_rating_key.bind(1, e.key).run();
                if (sqlite3_changes(writer_db_->handle()) == 0) return;  // this match moved it already
                w.put_rating.bind(1, e.account_id).bind(2, e.variant).bind_real(3, e.rating);
                w.put_rating.bind_real(4, e.rd).bind_real(5, e.volatility).bind(6, std::int64_t{e.games});
                w.put_rating.bind(7, e.key).bind(8, e.at_ms).run();
            },
        },
        write);
}

std::int64_t SqliteStore::last_seq(const std::string& table_id) const {
    if (auto pending = pending_seq_.find(table_id); pending != pending_seq_.end()) return pending->second;
    auto known = last_seq_.find(table_id);
    return known == last_seq_.end() ? 0 : known->second;
}

std::uint64_t SqliteStore::epoch_of(const std::string& table_id) const {
    if (auto pending = pending_epochs_.find(table_id); pending != pending_epochs_.end()) return pending->second;
    auto known = epochs_.find(table_id);
    return known == epochs_.end() ? 0 : known->second;
}

std::optional<TableLease> SqliteStore::lease(const std::string& table_id) {
    auto& query = writes_->lease_of;
    query.bind(1, table_id);
    std::optional<TableLease> out;
    if (query.step()) out = TableLease{query.text(0), query.integer(1), static_cast<std::uint64_t>(query.integer(2))};
    query.reset();
    return out;
}

void SqliteStore::sweep_step() {
    auto& w = *writes_;
    const auto number_at = [](Statement& query, std::int64_t otherwise) {
        const auto n = query.step() ? query.integer(0) : otherwise;
        query.reset();
        return n;
    };
    try {
        if (sweep_from_ >= sweep_to_) {  // a new pass, over the journal as it is now
            sweep_again_ = false;
            sweep_from_ = 0;
            sweep_to_ = number_at(w.journal_end, 0);
        }
        w.step_end.bind(1, sweep_from_).bind(2, sweep_step_rows);
        const auto to = std::min(number_at(w.step_end, sweep_to_), sweep_to_);
        transaction([&] { w.sweep.bind(1, sweep_from_).bind(2, to).run(); });
        sweep_from_ = to;
    } catch (const StoreError& e) {
        spdlog::warn("store: the sweep of closed tables' journals stopped: {}", e.what());
        sweep_from_ = sweep_to_;  // the next closed table starts another pass
    }
}

void SqliteStore::probe() {
    transaction([&] { writes_->probe.bind(1, epoch_ms()).run(); });
}

std::optional<Account> SqliteStore::account(const std::string& id) {
    std::lock_guard lock(read_mutex_);
    Statement s(reader_db_->handle(), std::string("SELECT ") + account_columns + " FROM accounts WHERE id = ?");
    s.bind(1, id);
    if (!s.step()) return std::nullopt;
    return account_of(s);
}

std::optional<Account> SqliteStore::account_by_username(const std::string& username_key) {
    std::lock_guard lock(read_mutex_);
    Statement s(reader_db_->handle(),
                std::string("SELECT ") + account_columns + " FROM accounts WHERE username_key = ?");
    s.bind(1, username_key);
    if (!s.step()) return std::nullopt;
    return account_of(s);
}

std::optional<Account> SqliteStore::account_by_look_alike_key(const std::string& key) {
    std::lock_guard lock(read_mutex_);
    Statement s(reader_db_->handle(),
                std::string("SELECT ") + account_columns + " FROM accounts WHERE look_alike_key = ?");
    s.bind(1, key);
    if (!s.step()) return std::nullopt;
    return account_of(s);
}

std::optional<Session> SqliteStore::session(const std::string& token_hash) {
    std::lock_guard lock(read_mutex_);
    Statement s(reader_db_->handle(), "SELECT token_hash, account_id, expires_ms FROM sessions WHERE token_hash = ?");
    s.bind(1, token_hash);
    if (!s.step()) return std::nullopt;
    return Session{s.text(0), s.text(1), s.integer(2)};
}

std::vector<OpenTable> SqliteStore::open_tables() {
    std::lock_guard lock(read_mutex_);
    std::vector<OpenTable> out;
    std::unordered_map<std::string, std::size_t> index;
    Statement tables(reader_db_->handle(),
                     "SELECT id, created_ms, creation FROM tables WHERE closed = 0 ORDER BY created_ms, id");
    while (tables.step()) {
        index[tables.text(0)] = out.size();
        out.push_back({{tables.text(0), tables.integer(1), tables.text(2)}, {}});
    }
    // One pass over the journal, in the order it was written (each table's entries in order).
    Statement journal(reader_db_->handle(), "SELECT table_id, seq, at_ms, event FROM journal ORDER BY number");
    while (journal.step()) {
        auto open = index.find(journal.text(0));
        if (open == index.end()) continue;  // a closed table's, not swept yet
        out[open->second].journal.push_back(
            {open->first, static_cast<std::uint64_t>(journal.integer(1)), journal.integer(2), journal.text(3)});
    }
    return out;
}

std::optional<OpenTable> SqliteStore::open_table(const std::string& id) {
    std::lock_guard lock(read_mutex_);
    Statement s(reader_db_->handle(), "SELECT id, created_ms, creation FROM tables WHERE id = ? AND closed = 0");
    s.bind(1, id);
    if (!s.step()) return std::nullopt;
    OpenTable open{{s.text(0), s.integer(1), s.text(2)}, {}};
    // A scan of the whole journal (no index by table): only after a failed commit.
    Statement journal(reader_db_->handle(), "SELECT seq, at_ms, event FROM journal WHERE table_id = ? ORDER BY number");
    journal.bind(1, id);
    while (journal.step())
        open.journal.push_back(
            {id, static_cast<std::uint64_t>(journal.integer(0)), journal.integer(1), journal.text(2)});
    return open;
}

std::optional<TableLease> SqliteStore::table_lease(const std::string& id) {
    std::lock_guard lock(read_mutex_);
    Statement s(reader_db_->handle(), "SELECT owner, lease_until_ms, epoch FROM tables WHERE id = ? AND closed = 0");
    s.bind(1, id);
    if (!s.step()) return std::nullopt;
    return TableLease{s.text(0), s.integer(1), static_cast<std::uint64_t>(s.integer(2))};
}

std::vector<NodeEntry> SqliteStore::nodes() {
    std::lock_guard lock(read_mutex_);
    Statement s(reader_db_->handle(), "SELECT id, url, alive_until_ms FROM nodes ORDER BY id");
    std::vector<NodeEntry> out;
    while (s.step()) out.push_back({s.text(0), s.text(1), s.integer(2)});
    return out;
}

std::vector<LiveTable> SqliteStore::live_tables(std::int64_t now_ms) {
    std::lock_guard lock(read_mutex_);
    Statement s(reader_db_->handle(),
                "SELECT t.id, t.owner, n.url, t.created_ms, t.lobby FROM tables t JOIN nodes n ON n.id = t.owner "
                "WHERE t.closed = 0 AND t.lease_until_ms > ?1 AND n.alive_until_ms > ?1 ORDER BY t.created_ms, t.id");
    s.bind(1, now_ms);
    std::vector<LiveTable> out;
    while (s.step()) out.push_back({s.text(0), s.text(1), s.text(2), s.integer(3), s.text(4)});
    return out;
}

std::vector<LeasedTable> SqliteStore::expired_leases(std::int64_t now_ms, std::size_t limit) {
    std::lock_guard lock(read_mutex_);
    Statement s(reader_db_->handle(),
                "SELECT id, owner, lease_until_ms, epoch FROM tables WHERE closed = 0 AND lease_until_ms <= ? ORDER BY "
                "created_ms, id LIMIT ?");
    s.bind(1, now_ms).bind(2, static_cast<std::int64_t>(limit));
    std::vector<LeasedTable> out;
    while (s.step()) out.push_back({s.text(0), {s.text(1), s.integer(2), static_cast<std::uint64_t>(s.integer(3))}});
    return out;
}

std::optional<FinishedMatch> SqliteStore::match(const std::string& id) {
    std::lock_guard lock(read_mutex_);
    Statement s(reader_db_->handle(), std::string("SELECT ") + match_columns + ", record FROM matches WHERE id = ?");
    s.bind(1, id);
    if (!s.step()) return std::nullopt;
    FinishedMatch m = match_of(s);
    m.record = s.text(11);
    load_seats(*reader_db_, m);
    return m;
}

HistoryPage SqliteStore::history(const std::string& account_id, std::optional<std::int64_t> cursor, std::size_t limit) {
    limit = std::max<std::size_t>(limit, 1);
    std::lock_guard lock(read_mutex_);
    Statement s(reader_db_->handle(),
                "SELECT m.id, m.table_id, m.variant, m.started_ms, m.ended_ms, m.cancelled, m.totals, m.winner, "
                "m.number, m.private_table, m.unmoved FROM matches m JOIN match_seats p ON p.match_id = m.id WHERE "
                "p.account_id = ? AND "
                "m.number < ? ORDER BY m.number DESC LIMIT ?");
    s.bind(1, account_id).bind(2, cursor.value_or(INT64_MAX)).bind(3, static_cast<std::int64_t>(limit + 1));
    HistoryPage page;
    std::vector<std::int64_t> numbers;
    while (s.step()) {
        page.matches.push_back(match_of(s));
        numbers.push_back(s.integer(8));
    }
    if (page.matches.size() > limit) {
        page.matches.pop_back();
        page.next = numbers[limit - 1];
    }
    for (auto& m : page.matches) load_seats(*reader_db_, m);
    return page;
}

std::optional<std::int64_t> SqliteStore::balance(const std::string& account) {
    std::lock_guard lock(read_mutex_);
    Statement s(reader_db_->handle(), "SELECT balance FROM chip_accounts WHERE account = ?");
    s.bind(1, account);
    if (!s.step()) return std::nullopt;
    return s.integer(0);
}

std::map<std::string, std::int64_t> SqliteStore::balances() {
    std::lock_guard lock(read_mutex_);
    std::map<std::string, std::int64_t> out;
    Statement s(reader_db_->handle(), "SELECT account, balance FROM chip_accounts");
    while (s.step()) out[s.text(0)] = s.integer(1);
    return out;
}

std::vector<LedgerEntry> SqliteStore::ledger() {
    std::lock_guard lock(read_mutex_);
    std::vector<LedgerEntry> out;
    Statement s(reader_db_->handle(),
                "SELECT entry_key, from_account, to_account, amount, match_id, at_ms FROM ledger ORDER BY number");
    while (s.step()) out.push_back({s.text(0), s.text(1), s.text(2), s.integer(3), s.text(4), s.integer(5)});
    return out;
}

Progress SqliteStore::progress(const std::string& account_id) {
    std::lock_guard lock(read_mutex_);
    Statement s(reader_db_->handle(),
                "SELECT COALESCE(SUM(xp), 0), COALESCE(SUM(games), 0), COALESCE(SUM(wins), 0), "
                "COALESCE(SUM(abandons), 0) FROM progress WHERE account_id = ?");
    s.bind(1, account_id);
    s.step();
    return {s.integer(0), static_cast<int>(s.integer(1)), static_cast<int>(s.integer(2)),
            static_cast<int>(s.integer(3))};
}

std::vector<std::int64_t> SqliteStore::abandon_times(const std::string& account_id, std::int64_t since_ms) {
    std::lock_guard lock(read_mutex_);
    Statement s(reader_db_->handle(),
                "SELECT at_ms FROM progress WHERE account_id = ? AND abandons > 0 AND at_ms >= ? ORDER BY at_ms");
    s.bind(1, account_id).bind(2, since_ms);
    std::vector<std::int64_t> out;
    while (s.step()) out.push_back(s.integer(0));
    return out;
}

std::vector<Account> SqliteStore::registered_accounts() {
    std::lock_guard lock(read_mutex_);
    Statement s(reader_db_->handle(), std::string("SELECT ") + account_columns +
                                          " FROM accounts WHERE username IS NOT NULL ORDER BY created_ms, id");
    std::vector<Account> out;
    while (s.step()) out.push_back(account_of(s));
    return out;
}

std::map<std::string, RatingEntry> SqliteStore::ratings(const std::string& account_id) {
    std::lock_guard lock(read_mutex_);
    std::map<std::string, RatingEntry> out;
    Statement s(
        reader_db_->handle(),
        "SELECT variant, rating, rd, volatility, games, entry_key, updated_ms FROM ratings WHERE account_id = ?");
    s.bind(1, account_id);
    while (s.step())
        out[s.text(0)] = {
            s.text(5),   account_id, s.text(0), s.real(1), s.real(2), s.real(3), static_cast<int>(s.integer(4)),
            s.integer(6)};
    return out;
}

std::vector<LeaderRow> SqliteStore::leaderboard(const LeaderQuery& q) {
    std::lock_guard lock(read_mutex_);
    const bool xp = q.kind == LeaderKind::Xp;
    Statement s(reader_db_->handle(),
                xp ? "SELECT p.account_id, a.display_name, SUM(p.xp), SUM(p.games) FROM progress p JOIN accounts a ON "
                     "a.id = p.account_id WHERE p.at_ms >= ?1 GROUP BY p.account_id, a.display_name HAVING "
                     "SUM(p.xp) > 0 ORDER BY SUM(p.xp) DESC, p.account_id LIMIT ?2 OFFSET ?3"
                   : "SELECT r.account_id, a.display_name, r.rating, r.games FROM ratings r JOIN accounts a ON a.id = "
                     "r.account_id WHERE r.updated_ms >= ?1 AND r.variant = ?4 ORDER BY r.rating DESC, r.account_id "
                     "LIMIT ?2 OFFSET ?3");
    s.bind(1, q.since_ms).bind(2, static_cast<std::int64_t>(q.limit)).bind(3, static_cast<std::int64_t>(q.offset));
    if (!xp) s.bind(4, q.variant);
    std::vector<LeaderRow> out;
    while (s.step()) out.push_back({s.text(0), s.text(1), s.real(2), static_cast<int>(s.integer(3))});
    return out;
}

void SqliteStore::backup(const std::string& path, const std::string& destination) {
    Connection from(path, true);
    Connection to(destination);
    sqlite3_backup* backup = sqlite3_backup_init(to.handle(), "main", from.handle(), "main");
    if (!backup) throw StoreError("backup to " + destination + " failed: " + sqlite3_errmsg(to.handle()));
    int rc = sqlite3_backup_step(backup, -1);
    sqlite3_backup_finish(backup);
    if (rc != SQLITE_DONE) throw StoreError("backup to " + destination + " failed: " + sqlite3_errstr(rc));
}

}  // namespace belote::store
