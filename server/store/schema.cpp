#include "server/store/schema.hpp"

#include <string_view>

namespace belote::store {

namespace {

/// The words that differ between the dialects, by placeholder (docs/operations.md "PostgreSQL").
struct Substitution {
    std::string_view placeholder, sqlite, postgres;
};
constexpr Substitution substitutions[] = {
    // A row number given in insertion order: SQLite's rowid alias, PostgreSQL's identity column.
    {"{auto_number}", "INTEGER PRIMARY KEY", "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"},
    // How a writer finds a table's last journal entry. SQLite's keeps them in memory, and its journal
    // has no index by table (that index wrote a page per table per group commit). PostgreSQL's asks
    // the database, through a unique index that also keeps two writers from appending the same entry.
    {"{journal_index}", "", "CREATE UNIQUE INDEX journal_by_table ON journal (table_id, seq);"},
};

/// The migrations as written: portable SQL and the placeholders of `substitutions`.
const std::vector<std::string>& written_migrations() {
    static const std::vector<std::string> all = {
        // 1: accounts, sessions, tables with their journals, finished matches.
        R"sql(
CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    display_name TEXT NOT NULL,
    username TEXT,
    username_key TEXT UNIQUE,
    password_hash TEXT,
    created_ms BIGINT NOT NULL
);
CREATE TABLE sessions (
    token_hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    expires_ms BIGINT NOT NULL
);
CREATE INDEX sessions_by_account ON sessions(account_id);
CREATE TABLE tables (
    id TEXT PRIMARY KEY,
    created_ms BIGINT NOT NULL,
    creation TEXT NOT NULL,
    closed INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE journal (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq BIGINT NOT NULL,
    at_ms BIGINT NOT NULL,
    event TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
);
CREATE TABLE matches (
    number {auto_number},
    id TEXT NOT NULL UNIQUE,
    table_id TEXT NOT NULL,
    variant TEXT NOT NULL,
    started_ms BIGINT NOT NULL,
    ended_ms BIGINT NOT NULL,
    cancelled INTEGER NOT NULL,
    private_table INTEGER NOT NULL,
    totals TEXT NOT NULL,
    winner INTEGER,
    record TEXT NOT NULL
);
CREATE TABLE match_seats (
    match_id TEXT NOT NULL REFERENCES matches(id),
    seat INTEGER NOT NULL,
    account_id TEXT,
    name TEXT NOT NULL,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX match_seats_by_account ON match_seats(account_id);
CREATE TABLE health (
    id INTEGER PRIMARY KEY,
    at_ms BIGINT NOT NULL
);
)sql",
        // 2: the card room (docs/room.md): the chip ledger (double entry, one row per movement, an
        // idempotency key each), the balance of each ledger account (checked: only a source may go
        // below zero), the progress (XP, games, wins, abandons) each match added, and why a match
        // moved nothing; the ratings per player and variant (and the keys of the updates posted).
        R"sql(
CREATE TABLE ledger (
    number {auto_number},
    entry_key TEXT NOT NULL UNIQUE,
    from_account TEXT NOT NULL,
    to_account TEXT NOT NULL,
    amount BIGINT NOT NULL CHECK (amount > 0),
    match_id TEXT NOT NULL,
    at_ms BIGINT NOT NULL
);
CREATE TABLE chip_accounts (
    account TEXT PRIMARY KEY,
    balance BIGINT NOT NULL,
    CHECK (balance >= 0 OR account LIKE 'source:%')
);
CREATE TABLE progress (
    number {auto_number},
    entry_key TEXT NOT NULL UNIQUE,
    account_id TEXT NOT NULL,
    match_id TEXT NOT NULL,
    variant TEXT NOT NULL,
    xp BIGINT NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    abandons INTEGER NOT NULL,
    at_ms BIGINT NOT NULL
);
CREATE INDEX progress_by_account ON progress(account_id);
CREATE INDEX progress_by_time ON progress(at_ms);
CREATE TABLE ratings (
    account_id TEXT NOT NULL,
    variant TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    rd DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    entry_key TEXT NOT NULL,
    updated_ms BIGINT NOT NULL,
    PRIMARY KEY (account_id, variant)
);
CREATE INDEX ratings_by_variant ON ratings(variant, rating);
CREATE TABLE rating_keys (
    entry_key TEXT PRIMARY KEY
);
ALTER TABLE matches ADD COLUMN unmoved TEXT NOT NULL DEFAULT '';
)sql",
        // 3: the journal in the order it is written (docs/performance.md "The cost of durability"):
        // one b-tree whose last page takes every table's entries, so that a group commit writes a
        // few pages however many tables it holds (the key (table_id, seq) put each table's entries
        // on a page of their own). The writer keeps each table's last entry in memory (the no-gap
        // rule), and sweeps the entries of closed tables when it is idle.
        R"sql(
CREATE TABLE journal_log (
    number {auto_number},
    table_id TEXT NOT NULL REFERENCES tables(id),
    seq BIGINT NOT NULL,
    at_ms BIGINT NOT NULL,
    event TEXT NOT NULL
);
INSERT INTO journal_log (table_id, seq, at_ms, event) SELECT table_id, seq, at_ms, event FROM journal
    ORDER BY table_id, seq;
DROP TABLE journal;
ALTER TABLE journal_log RENAME TO journal;
{journal_index}
)sql",
        // 4: the directory of tables (docs/operations.md "Table ownership"): each table's owner
        // (a node id), the end of its lease, and the epoch of that ownership.
        R"sql(
ALTER TABLE tables ADD COLUMN owner TEXT NOT NULL DEFAULT '';
ALTER TABLE tables ADD COLUMN lease_until_ms BIGINT NOT NULL DEFAULT 0;
ALTER TABLE tables ADD COLUMN epoch BIGINT NOT NULL DEFAULT 0;
)sql",
        // 5: the second username key (docs/operations.md "Username keys"): the confusables skeleton
        // taken before the case is folded, so that a capital I meets an l. Filled at start-up by
        // accounts::rekey_usernames; a name is taken when either key is.
        R"sql(
ALTER TABLE accounts ADD COLUMN look_alike_key TEXT;
CREATE UNIQUE INDEX accounts_by_look_alike_key ON accounts(look_alike_key);
)sql",
        // 6: routing between nodes (docs/operations.md "Routing"): the registry of nodes (where
        // each is reached, until when it is alive) and each table's lobby row as its owner
        // published it, for the lobbies of the other nodes.
        R"sql(
CREATE TABLE nodes (
    id TEXT PRIMARY KEY,
    url TEXT NOT NULL,
    alive_until_ms BIGINT NOT NULL
);
ALTER TABLE tables ADD COLUMN lobby TEXT NOT NULL DEFAULT '';
)sql",
    };
    return all;
}

std::string in_dialect(std::string sql, Dialect dialect) {
    for (const auto& s : substitutions) {
        const auto& words = dialect == Dialect::Sqlite ? s.sqlite : s.postgres;
        for (auto at = sql.find(s.placeholder); at != std::string::npos;
             at = sql.find(s.placeholder, at + words.size()))
            sql.replace(at, s.placeholder.size(), words);
    }
    return sql;
}

std::vector<std::string> all_in_dialect(Dialect dialect) {
    std::vector<std::string> out;
    for (const auto& sql : written_migrations()) out.push_back(in_dialect(sql, dialect));
    return out;
}

}  // namespace

const std::vector<std::string>& migrations(Dialect dialect) {
    static const std::vector<std::string> sqlite = all_in_dialect(Dialect::Sqlite);
    static const std::vector<std::string> postgres = all_in_dialect(Dialect::Postgres);
    return dialect == Dialect::Sqlite ? sqlite : postgres;
}

int current_schema_version() { return static_cast<int>(written_migrations().size()); }

}  // namespace belote::store
