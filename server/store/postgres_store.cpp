#include "server/store/postgres_store.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <climits>

#include "server/store/columns.hpp"
#include "server/store/group_writer.hpp"
#include "server/store/pg_pool.hpp"
#include "server/store/postgres_schema.hpp"
#include "server/store/postgres_url.hpp"
#include "server/store/postgres_writer.hpp"

namespace belote::store {

namespace {

/// Connections for the reads: they come from the server's threads and the hashing threads.
constexpr std::size_t read_connections = 4;

// Text is ordered byte by byte (COLLATE "C"), as SQLite does, whatever the database's collation.
const PgQuery account_by_id{
    "account_by_id",
    "SELECT id, display_name, username, username_key, password_hash, created_ms, look_alike_key FROM accounts "
    "WHERE id = $1"};
const PgQuery account_by_key{
    "account_by_key",
    "SELECT id, display_name, username, username_key, password_hash, created_ms, look_alike_key FROM "
    "accounts WHERE username_key = $1"};
const PgQuery account_by_look_alike{"account_by_look_alike",
                                    "SELECT id, display_name, username, username_key, password_hash, created_ms, "
                                    "look_alike_key FROM accounts WHERE look_alike_key = $1"};
const PgQuery session_by_hash{"session_by_hash",
                              "SELECT token_hash, account_id, expires_ms FROM sessions WHERE token_hash = $1"};
// A table and its journal in one statement (one snapshot): a table with no entry comes with NULLs.
const PgQuery all_open_tables{
    "all_open_tables",
    "SELECT t.id, t.created_ms, t.creation, j.seq, j.at_ms, j.event FROM tables t LEFT JOIN journal j ON j.table_id = "
    "t.id WHERE t.closed = 0 ORDER BY t.created_ms, t.id COLLATE \"C\", j.seq"};
const PgQuery one_open_table{"one_open_table",
                             "SELECT t.id, t.created_ms, t.creation, j.seq, j.at_ms, j.event FROM tables t LEFT JOIN "
                             "journal j ON j.table_id = t.id WHERE t.id = $1 AND t.closed = 0 ORDER BY j.seq"};
const PgQuery lease_by_id{"lease_by_id",
                          "SELECT owner, lease_until_ms, epoch FROM tables WHERE id = $1 AND closed = 0"};
const PgQuery expired_leases_at{"expired_leases_at",
                                "SELECT id, owner, lease_until_ms, epoch FROM tables WHERE closed = 0 AND "
                                "lease_until_ms <= $1 ORDER BY created_ms, id COLLATE \"C\" LIMIT $2"};
const PgQuery all_nodes{"all_nodes", "SELECT id, url, alive_until_ms FROM nodes ORDER BY id COLLATE \"C\""};
const PgQuery live_tables_at{"live_tables_at",
                             "SELECT t.id, t.owner, n.url, t.created_ms, t.lobby FROM tables t JOIN nodes n ON n.id = "
                             "t.owner WHERE t.closed = 0 AND t.lease_until_ms > $1 AND n.alive_until_ms > $1 ORDER BY "
                             "t.created_ms, t.id COLLATE \"C\""};
const PgQuery match_by_id{"match_by_id",
                          "SELECT id, table_id, variant, started_ms, ended_ms, cancelled, totals, winner, number, "
                          "private_table, unmoved, record FROM matches WHERE id = $1"};
const PgQuery seats_of_match{"seats_of_match",
                             "SELECT seat, account_id, name FROM match_seats WHERE match_id = $1 ORDER BY seat"};
const PgQuery history_page{"history_page",
                           "SELECT m.id, m.table_id, m.variant, m.started_ms, m.ended_ms, m.cancelled, m.totals, "
                           "m.winner, m.number, m.private_table, m.unmoved FROM matches m JOIN match_seats p ON "
                           "p.match_id = m.id WHERE p.account_id = $1 AND m.number < $2 ORDER BY m.number DESC LIMIT "
                           "$3"};
const PgQuery balance_of{"balance_of", "SELECT balance FROM chip_accounts WHERE account = $1"};
const PgQuery all_balances{"all_balances", "SELECT account, balance FROM chip_accounts"};
const PgQuery all_entries{
    "all_entries", "SELECT entry_key, from_account, to_account, amount, match_id, at_ms FROM ledger ORDER BY number"};
const PgQuery progress_of{"progress_of",
                          "SELECT COALESCE(SUM(xp), 0), COALESCE(SUM(games), 0), COALESCE(SUM(wins), 0), "
                          "COALESCE(SUM(abandons), 0) FROM progress WHERE account_id = $1"};
const PgQuery abandons_of{"abandons_of",
                          "SELECT at_ms FROM progress WHERE account_id = $1 AND abandons > 0 AND at_ms >= $2 ORDER BY "
                          "at_ms"};
const PgQuery registered{
    "registered",
    "SELECT id, display_name, username, username_key, password_hash, created_ms, look_alike_key FROM accounts "
    "WHERE username IS NOT NULL ORDER BY created_ms, id COLLATE \"C\""};
const PgQuery ratings_of{
    "ratings_of",
    "SELECT variant, rating, rd, volatility, games, entry_key, updated_ms FROM ratings WHERE account_id = $1"};
const PgQuery xp_leaders{"xp_leaders",
                         "SELECT p.account_id, a.display_name, SUM(p.xp), SUM(p.games) FROM progress p JOIN accounts "
                         "a ON a.id = p.account_id WHERE p.at_ms >= $1 GROUP BY p.account_id, a.display_name HAVING "
                         "SUM(p.xp) > 0 ORDER BY SUM(p.xp) DESC, p.account_id COLLATE \"C\" LIMIT $2 OFFSET $3"};
const PgQuery rating_leaders{"rating_leaders",
                             "SELECT r.account_id, a.display_name, r.rating, r.games FROM ratings r JOIN accounts a ON "
                             "a.id = r.account_id WHERE r.updated_ms >= $1 AND r.variant = $2 ORDER BY r.rating DESC, "
                             "r.account_id COLLATE \"C\" LIMIT $3 OFFSET $4"};

Account account_of_row(const PgResult& r, int row = 0) {
    return {r.text(row, 0),          r.text(row, 1),    r.optional_text(row, 2), r.optional_text(row, 3),
            r.optional_text(row, 4), r.integer(row, 5), r.optional_text(row, 6)};
}

/// A match from the columns id, table_id, variant, started_ms, ended_ms, cancelled, totals, winner,
/// number, private_table, unmoved of `row`.
FinishedMatch match_of_row(const PgResult& r, int row) {
    FinishedMatch m;
    m.id = r.text(row, 0);
    m.table_id = r.text(row, 1);
    m.variant = r.text(row, 2);
    m.started_ms = r.integer(row, 3);
    m.ended_ms = r.integer(row, 4);
    m.cancelled = r.integer(row, 5) != 0;
    m.totals = totals_of(r.text(row, 6));
    if (!r.is_null(row, 7)) m.winner = static_cast<int>(r.integer(row, 7));
    m.private_table = r.integer(row, 9) != 0;
    m.unmoved = r.text(row, 10);
    return m;
}

void load_match_seats(PgConnection& db, FinishedMatch& m) {
    const auto seats = db.run(seats_of_match, {m.id});
    for (int i = 0; i < seats.rows(); ++i)
        m.seats.push_back({static_cast<int>(seats.integer(i, 0)), seats.optional_text(i, 1), seats.text(i, 2)});
}

/// The tables of rows (id, created_ms, creation, seq, at_ms, event), each with its journal in order.
std::vector<OpenTable> tables_of(const PgResult& r) {
    std::vector<OpenTable> out;
    for (int i = 0; i < r.rows(); ++i) {
        if (out.empty() || out.back().table.id != r.text(i, 0))
            out.push_back({{r.text(i, 0), r.integer(i, 1), r.text(i, 2)}, {}});
        if (r.is_null(i, 3)) continue;  // no entry yet
        auto& table = out.back();
        table.journal.push_back(
            {table.table.id, static_cast<std::uint64_t>(r.integer(i, 3)), r.integer(i, 4), r.text(i, 5)});
    }
    return out;
}

}  // namespace

PostgresStore::PostgresStore(const std::string& url) {
    const auto shown = redacted_url(url);
    try {
        target_ = std::make_unique<PostgresWriter>(url);
        migrate_postgres(target_->connection(), shown);
    } catch (const PgError& e) {
        throw StoreError("the database " + shown + " cannot be used: " + e.what());
    }
    readers_ = std::make_unique<PgPool>(url, read_connections);
    writer_ = std::make_unique<GroupWriter>(*target_);
}

PostgresStore::~PostgresStore() { writer_->stop(); }

void PostgresStore::commit(std::vector<Write> writes, Committed done) { writer_->commit(std::move(writes), done); }

bool PostgresStore::healthy() const { return writer_->healthy(); }

void PostgresStore::on_recovered(std::function<void()> f) { writer_->on_recovered(std::move(f)); }

void PostgresStore::flush() { writer_->flush(); }

std::optional<Account> PostgresStore::account(const std::string& id) {
    return readers_->use([&](PgConnection& db) -> std::optional<Account> {
        const auto r = db.run(account_by_id, {id});
        if (!r.rows()) return std::nullopt;
        return account_of_row(r);
    });
}

std::optional<Account> PostgresStore::account_by_username(const std::string& username_key) {
    return readers_->use([&](PgConnection& db) -> std::optional<Account> {
        const auto r = db.run(account_by_key, {username_key});
        if (!r.rows()) return std::nullopt;
        return account_of_row(r);
    });
}

std::optional<Account> PostgresStore::account_by_look_alike_key(const std::string& key) {
    return readers_->use([&](PgConnection& db) -> std::optional<Account> {
        const auto r = db.run(account_by_look_alike, {key});
        if (!r.rows()) return std::nullopt;
        return account_of_row(r);
    });
}

std::optional<Session> PostgresStore::session(const std::string& token_hash) {
    return readers_->use([&](PgConnection& db) -> std::optional<Session> {
        const auto r = db.run(session_by_hash, {token_hash});
        if (!r.rows()) return std::nullopt;
        return Session{r.text(0, 0), r.text(0, 1), r.integer(0, 2)};
    });
}

std::vector<OpenTable> PostgresStore::open_tables() {
    return readers_->use([&](PgConnection& db) { return tables_of(db.run(all_open_tables)); });
}

std::optional<OpenTable> PostgresStore::open_table(const std::string& id) {
    return readers_->use([&](PgConnection& db) -> std::optional<OpenTable> {
        auto tables = tables_of(db.run(one_open_table, {id}));
        if (tables.empty()) return std::nullopt;
        return std::move(tables.front());
    });
}

std::optional<TableLease> PostgresStore::table_lease(const std::string& id) {
    return readers_->use([&](PgConnection& db) -> std::optional<TableLease> {
        const auto r = db.run(lease_by_id, {id});
        if (!r.rows()) return std::nullopt;
        return TableLease{r.text(0, 0), r.integer(0, 1), static_cast<std::uint64_t>(r.integer(0, 2))};
    });
}

std::vector<LeasedTable> PostgresStore::expired_leases(std::int64_t now_ms, std::size_t limit) {
    return readers_->use([&](PgConnection& db) {
        const auto r = db.run(expired_leases_at, {now_ms, static_cast<std::int64_t>(limit)});
        std::vector<LeasedTable> out;
        for (int row = 0; row < r.rows(); ++row)
            out.push_back(
                {r.text(row, 0), {r.text(row, 1), r.integer(row, 2), static_cast<std::uint64_t>(r.integer(row, 3))}});
        return out;
    });
}

std::vector<NodeEntry> PostgresStore::nodes() {
    return readers_->use([&](PgConnection& db) {
        const auto r = db.run(all_nodes);
        std::vector<NodeEntry> out;
        for (int row = 0; row < r.rows(); ++row) out.push_back({r.text(row, 0), r.text(row, 1), r.integer(row, 2)});
        return out;
    });
}

std::vector<LiveTable> PostgresStore::live_tables(std::int64_t now_ms) {
    return readers_->use([&](PgConnection& db) {
        const auto r = db.run(live_tables_at, {now_ms});
        std::vector<LiveTable> out;
        for (int row = 0; row < r.rows(); ++row)
            out.push_back({r.text(row, 0), r.text(row, 1), r.text(row, 2), r.integer(row, 3), r.text(row, 4)});
        return out;
    });
}

std::optional<FinishedMatch> PostgresStore::match(const std::string& id) {
    return readers_->use([&](PgConnection& db) -> std::optional<FinishedMatch> {
        const auto r = db.run(match_by_id, {id});
        if (!r.rows()) return std::nullopt;
        FinishedMatch m = match_of_row(r, 0);
        m.record = r.text(0, 11);
        load_match_seats(db, m);
        return m;
    });
}

HistoryPage PostgresStore::history(const std::string& account_id, std::optional<std::int64_t> cursor,
                                   std::size_t limit) {
    limit = std::max<std::size_t>(limit, 1);
    return readers_->use([&](PgConnection& db) {
        const auto r = db.run(history_page, {account_id, cursor.value_or(INT64_MAX), limit + 1});
        HistoryPage page;
        for (int i = 0; i < r.rows(); ++i) page.matches.push_back(match_of_row(r, i));
        if (page.matches.size() > limit) {
            page.matches.pop_back();
            page.next = r.integer(static_cast<int>(limit) - 1, 8);
        }
        for (auto& m : page.matches) load_match_seats(db, m);
        return page;
    });
}

std::optional<std::int64_t> PostgresStore::balance(const std::string& account) {
    return readers_->use([&](PgConnection& db) -> std::optional<std::int64_t> {
        const auto r = db.run(balance_of, {account});
        if (!r.rows()) return std::nullopt;
        return r.integer(0, 0);
    });
}

std::map<std::string, std::int64_t> PostgresStore::balances() {
    return readers_->use([&](PgConnection& db) {
        std::map<std::string, std::int64_t> out;
        const auto r = db.run(all_balances);
        for (int i = 0; i < r.rows(); ++i) out[r.text(i, 0)] = r.integer(i, 1);
        return out;
    });
}

std::vector<LedgerEntry> PostgresStore::ledger() {
    return readers_->use([&](PgConnection& db) {
        std::vector<LedgerEntry> out;
        const auto r = db.run(all_entries);
        for (int i = 0; i < r.rows(); ++i)
            out.push_back({r.text(i, 0), r.text(i, 1), r.text(i, 2), r.integer(i, 3), r.text(i, 4), r.integer(i, 5)});
        return out;
    });
}

Progress PostgresStore::progress(const std::string& account_id) {
    return readers_->use([&](PgConnection& db) {
        const auto r = db.run(progress_of, {account_id});
        return Progress{r.integer(0, 0), static_cast<int>(r.integer(0, 1)), static_cast<int>(r.integer(0, 2)),
                        static_cast<int>(r.integer(0, 3))};
    });
}

std::vector<std::int64_t> PostgresStore::abandon_times(const std::string& account_id, std::int64_t since_ms) {
    return readers_->use([&](PgConnection& db) {
        std::vector<std::int64_t> out;
        const auto r = db.run(abandons_of, {account_id, since_ms});
        for (int i = 0; i < r.rows(); ++i) out.push_back(r.integer(i, 0));
        return out;
    });
}

std::vector<Account> PostgresStore::registered_accounts() {
    return readers_->use([&](PgConnection& db) {
        std::vector<Account> out;
        const auto r = db.run(registered, {});
        for (int i = 0; i < r.rows(); ++i) out.push_back(account_of_row(r, i));
        return out;
    });
}

std::map<std::string, RatingEntry> PostgresStore::ratings(const std::string& account_id) {
    return readers_->use([&](PgConnection& db) {
        std::map<std::string, RatingEntry> out;
        const auto r = db.run(ratings_of, {account_id});
        for (int i = 0; i < r.rows(); ++i)
            out[r.text(i, 0)] = {r.text(i, 5),
                                 account_id,
                                 r.text(i, 0),
                                 r.real(i, 1),
                                 r.real(i, 2),
                                 r.real(i, 3),
                                 static_cast<int>(r.integer(i, 4)),
                                 r.integer(i, 6)};
        return out;
    });
}

std::vector<LeaderRow> PostgresStore::leaderboard(const LeaderQuery& q) {
    return readers_->use([&](PgConnection& db) {
        const auto r = q.kind == LeaderKind::Xp ? db.run(xp_leaders, {q.since_ms, q.limit, q.offset})
                                                : db.run(rating_leaders, {q.since_ms, q.variant, q.limit, q.offset});
        std::vector<LeaderRow> out;
        for (int i = 0; i < r.rows(); ++i)
            out.push_back({r.text(i, 0), r.text(i, 1), r.real(i, 2), static_cast<int>(r.integer(i, 3))});
        return out;
    });
}

}  // namespace belote::store
