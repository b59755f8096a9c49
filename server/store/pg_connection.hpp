#pragma once
// A thin RAII layer over libpq for the PostgreSQL store: a connection, its results, and statements
// prepared once per connection. Values travel as parameters ($1, $2, ...) in libpq's text format,
// never inside the SQL. Every failure throws PgError with PostgreSQL's message and SQLSTATE.

#include <libpq-fe.h>

#include <concepts>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_set>

#include "server/store/store.hpp"

namespace belote::store {

/// A failure of PostgreSQL or of the connection to it.
class PgError : public StoreError {
public:
    /// `sqlstate`: PostgreSQL's five-character error code ("23505"), "" when the connection failed.
    PgError(std::string sqlstate, const std::string& message) : StoreError(message), sqlstate_(std::move(sqlstate)) {}
    const std::string& sqlstate() const { return sqlstate_; }
    /// True for an integrity constraint violation (class 23: unique key, foreign key, CHECK): the
    /// batch that caused it is refused, the database is fine.
    bool conflict() const { return sqlstate_.starts_with("23"); }

private:
    std::string sqlstate_;
};

/// A statement the store runs, prepared on each connection the first time it runs there. `name`
/// is unique per statement; `sql` uses $1, $2, ... for its parameters.
struct PgQuery {
    const char* name;
    const char* sql;
};

/// One parameter's value in libpq's text format, or SQL NULL.
class PgParam {
public:
    PgParam(std::string_view text) : text_(std::string(text)) {}
    PgParam(const std::string& text) : text_(text) {}
    PgParam(const char* text) : text_(std::string(text)) {}
    PgParam(const std::optional<std::string>& text) : text_(text) {}
    PgParam(std::nullopt_t) {}
    template <std::integral T>
    PgParam(T value) : text_(std::to_string(value)) {}
    /// The shortest text that reads back as exactly `value`.
    PgParam(double value);

    const char* c_str() const { return text_ ? text_->c_str() : nullptr; }

private:
    std::optional<std::string> text_;
};

/// The rows (or the outcome) of one statement. Columns are read as text and converted.
class PgResult {
public:
    explicit PgResult(PGresult* result) : result_(result, PQclear) {}

    int rows() const { return PQntuples(result_.get()); }
    bool is_null(int row, int column) const { return PQgetisnull(result_.get(), row, column) != 0; }
    std::string text(int row, int column) const;
    std::optional<std::string> optional_text(int row, int column) const;
    /// An integer column (or a numeric one holding an integer); 0 when NULL.
    std::int64_t integer(int row, int column) const;
    double real(int row, int column) const;
    /// The rows an INSERT, UPDATE or DELETE changed.
    std::int64_t affected() const;

private:
    std::unique_ptr<PGresult, void (*)(PGresult*)> result_;
};

/// One connection to a PostgreSQL database. Not thread-safe: one user at a time.
class PgConnection {
public:
    /// Connects to `url` (a postgres:// or postgresql:// URL, or a libpq connection string) with
    /// UTF-8 text, a 10 s connection timeout unless the URL sets one, and shortest exact float
    /// output. Throws PgError with libpq's message (which never holds the password).
    explicit PgConnection(const std::string& url);
    PgConnection(const PgConnection&) = delete;
    PgConnection& operator=(const PgConnection&) = delete;

    /// Runs `sql` (one or more statements, no parameters, no rows wanted).
    void exec(const std::string& sql);
    /// Runs `query` with `params` (preparing it on this connection first if needed).
    PgResult run(const PgQuery& query, std::initializer_list<PgParam> params = {});
    /// True when the connection is lost (the server went away or ended it).
    bool broken() const { return PQstatus(conn_.get()) != CONNECTION_OK; }
    /// True inside a transaction (also an aborted one).
    bool in_transaction() const;
    /// Connects again with the same settings (the prepared statements are prepared again on use).
    /// Throws PgError when it cannot.
    void reconnect();

private:
    void check_connected() const;
    /// Throws PgError unless `result` is a success; returns it otherwise.
    PgResult checked(PGresult* result) const;

    std::unique_ptr<PGconn, void (*)(PGconn*)> conn_;
    std::unordered_set<std::string> prepared_;
};

}  // namespace belote::store
