#include "server/store/postgres_writer.hpp"

#include "engine/overloaded.hpp"
#include "server/store/columns.hpp"
#include "server/store/table_leases.hpp"

namespace belote::store {

namespace {

/// The SQLSTATE of a journal entry that does not follow its table's last one: a constraint of
/// ours, so class 23 like the database's own (integrity_constraint_violation).
constexpr const char* journal_gap = "23000";

const PgQuery put_account{
    "put_account",
    "INSERT INTO accounts (id, display_name, username, username_key, password_hash, created_ms, look_alike_key) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO UPDATE SET display_name = excluded.display_name, "
    "username = excluded.username, username_key = excluded.username_key, password_hash = excluded.password_hash, "
    "look_alike_key = excluded.look_alike_key"};
const PgQuery put_session{"put_session",
                          "INSERT INTO sessions (token_hash, account_id, expires_ms) VALUES ($1, $2, $3) "
                          "ON CONFLICT (token_hash) DO UPDATE SET expires_ms = excluded.expires_ms"};
const PgQuery revoke_session{"revoke_session", "DELETE FROM sessions WHERE token_hash = $1"};
const PgQuery create_table{"create_table", "INSERT INTO tables (id, created_ms, creation) VALUES ($1, $2, $3)"};
// An entry goes in only right after the table's last one, and only in the table's epoch (one
// statement, no cache: what the database holds decides). FOR SHARE: a claim by another node waits
// for this transaction, so that no entry of a stale epoch commits after the claim.
const PgQuery append_entry{"append_entry",
                           "INSERT INTO journal (table_id, seq, at_ms, event) SELECT $1::text, $2::bigint, "
                           "$3::bigint, $4::text WHERE (SELECT COALESCE(MAX(seq), 0) FROM journal WHERE table_id = "
                           "$1::text) = $2::bigint - 1 AND (SELECT epoch FROM tables WHERE id = $1::text FOR SHARE) = "
                           "$5::bigint"};
const PgQuery epoch_of{"epoch_of", "SELECT epoch FROM tables WHERE id = $1"};
const PgQuery last_seq{"last_seq", "SELECT COALESCE(MAX(seq), 0) FROM journal WHERE table_id = $1"};
const PgQuery close_table{"close_table", "UPDATE tables SET closed = 1 WHERE id = $1"};
const PgQuery drop_journal{"drop_journal", "DELETE FROM journal WHERE table_id = $1"};
const PgQuery put_match{"put_match",
                        "INSERT INTO matches (id, table_id, variant, started_ms, ended_ms, cancelled, totals, winner, "
                        "record, private_table, unmoved) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)"};
const PgQuery put_seat{"put_seat",
                       "INSERT INTO match_seats (match_id, seat, account_id, name) VALUES ($1, $2, $3, $4)"};
const PgQuery post_entry{"post_entry",
                         "INSERT INTO ledger (entry_key, from_account, to_account, amount, match_id, at_ms) VALUES "
                         "($1, $2, $3, $4, $5, $6) ON CONFLICT (entry_key) DO NOTHING"};
const PgQuery open_account{
    "open_account", "INSERT INTO chip_accounts (account, balance) VALUES ($1, 0) ON CONFLICT (account) DO NOTHING"};
// Not one upsert: PostgreSQL checks the row an INSERT proposes (a negative opening balance) before
// it finds the conflict that would make it an update.
const PgQuery move_chips{"move_chips", "UPDATE chip_accounts SET balance = balance + $1 WHERE account = $2"};
// Takes chips from an account only when that leaves it at zero or more (the CHECK of chip_accounts,
// which stays as the last word): a CHECK violation would abort the transaction, and then the
// balance could not be read to say what the account held.
const PgQuery take_chips{"take_chips",
                         "UPDATE chip_accounts SET balance = balance - $1::bigint WHERE account = $2::text AND "
                         "(balance >= $1::bigint OR account LIKE 'source:%')"};
const PgQuery held_chips{"held_chips", "SELECT balance FROM chip_accounts WHERE account = $1"};
const PgQuery post_progress{
    "post_progress",
    "INSERT INTO progress (entry_key, account_id, match_id, variant, xp, games, wins, abandons, "
    "at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (entry_key) DO NOTHING"};
const PgQuery post_rating_key{"post_rating_key",
                              "INSERT INTO rating_keys (entry_key) VALUES ($1) ON CONFLICT (entry_key) DO NOTHING"};
const PgQuery put_rating{
    "put_rating",
    "INSERT INTO ratings (account_id, variant, rating, rd, volatility, games, entry_key, updated_ms) VALUES ($1, $2, "
    "$3, $4, $5, $6, $7, $8) ON CONFLICT (account_id, variant) DO UPDATE SET rating = excluded.rating, rd = "
    "excluded.rd, volatility = excluded.volatility, games = excluded.games, entry_key = excluded.entry_key, "
    "updated_ms = excluded.updated_ms"};
const PgQuery lease_of{"lease_of", "SELECT owner, lease_until_ms, epoch FROM tables WHERE id = $1 AND closed = 0"};
// The lease rules of table_leases.hpp as conditional updates; when one changes nothing, the rules
// say why.
const PgQuery claim_lease{"claim_lease",
                          "UPDATE tables SET owner = $2, lease_until_ms = $5, epoch = epoch + 1 WHERE id = $1 AND "
                          "closed = 0 AND epoch = $3 AND (lease_until_ms <= $4 OR owner = $2)"};
const PgQuery renew_lease{"renew_lease",
                          "UPDATE tables SET lease_until_ms = $4 WHERE id = $1 AND closed = 0 AND owner = $2 AND "
                          "epoch = $3"};
const PgQuery release_lease{"release_lease",
                            "UPDATE tables SET owner = '', lease_until_ms = 0 WHERE id = $1 AND closed = 0 AND owner "
                            "= $2 AND epoch = $3"};
const PgQuery put_node{"put_node",
                       "INSERT INTO nodes (id, url, alive_until_ms) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE "
                       "SET url = excluded.url, alive_until_ms = excluded.alive_until_ms"};
const PgQuery publish_lobby{"publish_lobby",
                            "UPDATE tables SET lobby = $4 WHERE id = $1 AND closed = 0 AND owner = $2 AND epoch = $3"};
const PgQuery probe_write{"probe",
                          "INSERT INTO health (id, at_ms) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET at_ms = "
                          "excluded.at_ms"};

}  // namespace

void PostgresWriter::transaction(const std::function<void()>& body) {
    if (db_.broken()) db_.reconnect();
    moved_.clear();
    db_.exec("BEGIN");
    try {
        body();
        db_.exec("COMMIT");
    } catch (const StoreError&) {
        try {
            if (!db_.broken() && db_.in_transaction()) db_.exec("ROLLBACK");
        } catch (const PgError&) {}
        throw;
    }
}

std::optional<CommitError> PostgresWriter::refusal(const StoreError& error) const {
    if (const auto* refused = dynamic_cast<const Refusal*>(&error)) return refused->error();
    const auto* pg = dynamic_cast<const PgError*>(&error);
    if (pg && pg->conflict()) return CommitError{CommitError::Kind::Conflict, error.what(), std::nullopt};
    return std::nullopt;
}

void PostgresWriter::probe() {
    transaction([&] { db_.run(probe_write, {epoch_ms()}); });
}

void PostgresWriter::apply(const Write& write) {
    std::visit(Overloaded{
                   [&](const PutAccount& p) {
                       const auto& a = p.account;
                       db_.run(put_account, {a.id, a.display_name, a.username, a.username_key, a.password_hash,
                                             a.created_ms, a.look_alike_key});
                   },
                   [&](const PutSession& p) {
                       db_.run(put_session, {p.session.token_hash, p.session.account_id, p.session.expires_ms});
                   },
                   [&](const RevokeSession& r) { db_.run(revoke_session, {r.token_hash}); },
                   [&](const CreateTable& c) {
                       db_.run(create_table, {c.table.id, c.table.created_ms, c.table.creation});
                   },
                   [&](const AppendJournal& a) { append(a); },
                   [&](const CloseTable& c) {
                       db_.run(close_table, {c.table_id});
                       db_.run(drop_journal, {c.table_id});
                   },
                   [&](const PutMatch& p) { put(p.match); },
                   [&](const PostTransfer& p) { post(p.entry); },
                   [&](const PostProgress& p) {
                       const auto& e = p.entry;
                       db_.run(post_progress, {e.key, e.account_id, e.match_id, e.variant, e.xp, e.games, e.wins,
                                               e.abandons, e.at_ms});
                   },
                   [&](const PostRating& p) { rate(p.entry); },
                   [&](const ClaimTable& c) { claim(c); },
                   [&](const RenewLease& r) { renew(r); },
                   [&](const ReleaseTable& r) { release(r); },
                   [&](const PutNode& p) {
                       db_.run(put_node, {p.node.id, p.node.url, p.node.alive_until_ms});
                   },
                   [&](const PublishLobby& p) { publish(p); },
               },
               write);
}

void PostgresWriter::append(const AppendJournal& a) {
    const auto& e = a.entry;
    if (db_.run(append_entry, {e.table_id, e.seq, e.at_ms, e.event, a.epoch}).affected() == 1) return;
    const auto epoch = db_.run(epoch_of, {e.table_id});
    if (epoch.rows())
        if (auto refused = refuse_append(static_cast<std::uint64_t>(epoch.integer(0, 0)), a)) throw *refused;
    const auto last = db_.run(last_seq, {e.table_id}).integer(0, 0);
    throw PgError(journal_gap, "journal of table " + e.table_id + ": entry " + std::to_string(e.seq) +
                                   " does not follow entry " + std::to_string(last));
}

void PostgresWriter::put(const FinishedMatch& m) {
    const std::optional<std::string> winner =
        m.winner ? std::optional<std::string>(std::to_string(*m.winner)) : std::nullopt;
    db_.run(put_match, {m.id, m.table_id, m.variant, m.started_ms, m.ended_ms, int{m.cancelled}, totals_text(m.totals),
                        winner, m.record, int{m.private_table}, m.unmoved});
    for (const auto& seat : m.seats) db_.run(put_seat, {m.id, seat.seat, seat.account_id, seat.name});
}

void PostgresWriter::post(const LedgerEntry& e) {
    if (db_.run(post_entry, {e.key, e.from, e.to, e.amount, e.match_id, e.at_ms}).affected() == 0)
        return;  // posted before: nothing changes
    for (const auto* account : {&e.from, &e.to}) db_.run(open_account, {*account});
    // A balance that would go below zero refuses this batch: the conflict says which account, and
    // what it held before the batch.
    if (db_.run(take_chips, {e.amount, e.from}).affected() == 0) {
        const auto held = db_.run(held_chips, {e.from});
        const std::int64_t balance = (held.rows() ? held.integer(0, 0) : 0) - moved_[e.from];
        throw Refusal(CommitError::Kind::Conflict,
                      "transfer " + e.key + " would overdraw " + e.from + ", which held " + std::to_string(balance) +
                          " before its batch",
                      Overdraft{e.from, balance});
    }
    db_.run(move_chips, {e.amount, e.to});
    moved_[e.from] -= e.amount;
    moved_[e.to] += e.amount;
}

void PostgresWriter::rate(const RatingEntry& e) {
    if (db_.run(post_rating_key, {e.key}).affected() == 0) return;  // this match moved it already
    db_.run(put_rating, {e.account_id, e.variant, e.rating, e.rd, e.volatility, e.games, e.key, e.at_ms});
}

std::optional<TableLease> PostgresWriter::lease(const std::string& table_id) {
    const auto r = db_.run(lease_of, {table_id});
    if (!r.rows()) return std::nullopt;
    return TableLease{r.text(0, 0), r.integer(0, 1), static_cast<std::uint64_t>(r.integer(0, 2))};
}

void PostgresWriter::claim(const ClaimTable& c) {
    if (db_.run(claim_lease, {c.table_id, c.node, c.seen_epoch, c.now_ms, c.until_ms}).affected() == 1) return;
    if (auto refused = refuse_claim(lease(c.table_id), c)) throw *refused;
    throw Refusal(CommitError::Kind::Conflict, "table " + c.table_id + " changed while it was claimed");
}

void PostgresWriter::renew(const RenewLease& r) {
    if (db_.run(renew_lease, {r.table_id, r.node, r.epoch, r.until_ms}).affected() == 1) return;
    if (auto refused = refuse_holder(lease(r.table_id), r.table_id, r.node, r.epoch)) throw *refused;
    throw Refusal(CommitError::Kind::Conflict, "table " + r.table_id + " changed while its lease was renewed");
}

void PostgresWriter::release(const ReleaseTable& r) {
    if (db_.run(release_lease, {r.table_id, r.node, r.epoch}).affected() == 1) return;
    if (auto refused = refuse_holder(lease(r.table_id), r.table_id, r.node, r.epoch)) throw *refused;
    throw Refusal(CommitError::Kind::Conflict, "table " + r.table_id + " changed while it was released");
}

}  // namespace belote::store

namespace belote::store {

void PostgresWriter::publish(const PublishLobby& p) {
    if (db_.run(publish_lobby, {p.table_id, p.node, p.epoch, p.row}).affected() == 1) return;
    if (auto refused = refuse_holder(lease(p.table_id), p.table_id, p.node, p.epoch)) throw *refused;
    throw Refusal(CommitError::Kind::Conflict, "the lobby row of table " + p.table_id + " was not stored");
}

}  // namespace belote::store
