#pragma once
// A thin RAII layer over the SQLite C API for the SQLite store: a connection and prepared
// statements. Every failure throws store::StoreError with SQLite's message.

#include <sqlite3.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "server/store/store.hpp"

namespace belote::store {

/// A failure of SQLite, with its result code (SQLITE_CONSTRAINT, SQLITE_FULL, SQLITE_READONLY, ...).
class SqliteError : public StoreError {
public:
    SqliteError(int code, const std::string& message) : StoreError(message), code_(code) {}
    /// The primary result code (the extended code masked with 0xff).
    int code() const { return code_ & 0xff; }

private:
    int code_;
};

/// One prepared statement. Bind with bind(index from 1, value); step() until it returns false.
class Statement {
public:
    Statement(sqlite3* db, std::string_view sql);
    ~Statement();
    Statement(const Statement&) = delete;
    Statement& operator=(const Statement&) = delete;

    Statement& bind(int index, std::string_view text);
    Statement& bind(int index, std::int64_t value);
    Statement& bind_real(int index, double value);
    Statement& bind(int index, const std::string& text) { return bind(index, std::string_view(text)); }
    Statement& bind(int index, const char* text) { return bind(index, std::string_view(text)); }
    Statement& bind(int index, const std::optional<std::string>& text);
    Statement& bind_null(int index);
    /// Runs to the next row: true when a row is ready, false when done.
    bool step();
    /// Runs a statement that returns no rows, then resets it.
    void run();
    /// Resets and clears the bindings for the next use.
    void reset();

    std::string text(int column) const;
    std::optional<std::string> optional_text(int column) const;
    std::int64_t integer(int column) const;
    double real(int column) const;
    bool is_null(int column) const;

private:
    sqlite3* db_;
    sqlite3_stmt* stmt_ = nullptr;
};

/// One connection to a database file.
class Connection {
public:
    /// Opens (creating it when missing) the database at `path`. Throws SqliteError.
    explicit Connection(const std::string& path, bool read_only = false);
    ~Connection();
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;

    /// Runs `sql` (one or more statements, no rows wanted).
    void exec(const std::string& sql);
    sqlite3* handle() const { return db_; }

private:
    sqlite3* db_ = nullptr;
};

/// Throws SqliteError for `rc` unless it is SQLITE_OK, SQLITE_ROW or SQLITE_DONE.
void check(sqlite3* db, int rc);

}  // namespace belote::store
