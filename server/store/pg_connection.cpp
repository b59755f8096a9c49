#include "server/store/pg_connection.hpp"

#include <spdlog/spdlog.h>

#include <charconv>
#include <vector>

namespace belote::store {

namespace {

/// libpq's messages end with a newline; ours do not.
std::string trimmed(const char* message) {
    std::string out = message ? message : "";
    while (!out.empty() && (out.back() == '\n' || out.back() == ' ')) out.pop_back();
    return out;
}

/// PostgreSQL's notices (a table that already exists, ...) go to the log, not to stderr.
void log_notice(void*, const char* message) { spdlog::debug("postgres: {}", trimmed(message)); }

PGconn* connect(const std::string& url) {
    // Earlier settings are defaults: the URL (expanded from dbname) overrides them.
    const char* keywords[] = {"connect_timeout", "application_name", "dbname", "client_encoding", nullptr};
    const char* values[] = {"10", "belote-server", url.c_str(), "UTF8", nullptr};
    return PQconnectdbParams(keywords, values, 1);
}

}  // namespace

PgParam::PgParam(double value) {
    char buffer[32];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, value);
    text_ = std::string(buffer, ec == std::errc() ? end : buffer);
}

std::string PgResult::text(int row, int column) const {
    return {PQgetvalue(result_.get(), row, column), static_cast<std::size_t>(PQgetlength(result_.get(), row, column))};
}

std::optional<std::string> PgResult::optional_text(int row, int column) const {
    if (is_null(row, column)) return std::nullopt;
    return text(row, column);
}

std::int64_t PgResult::integer(int row, int column) const {
    const char* begin = PQgetvalue(result_.get(), row, column);
    const char* end = begin + PQgetlength(result_.get(), row, column);
    std::int64_t value = 0;
    std::from_chars(begin, end, value);  // a numeric SUM() reads as its integer part
    return value;
}

double PgResult::real(int row, int column) const {
    const char* begin = PQgetvalue(result_.get(), row, column);
    const char* end = begin + PQgetlength(result_.get(), row, column);
    double value = 0;
    std::from_chars(begin, end, value);
    return value;
}

std::int64_t PgResult::affected() const {
    const char* tuples = PQcmdTuples(result_.get());
    std::int64_t value = 0;
    std::from_chars(tuples, tuples + std::char_traits<char>::length(tuples), value);
    return value;
}

PgConnection::PgConnection(const std::string& url) : conn_(connect(url), PQfinish) {
    check_connected();
    PQsetNoticeProcessor(conn_.get(), log_notice, nullptr);
    // Floats as the shortest text that reads back exactly (the default since PostgreSQL 12, unless
    // the server's configuration says otherwise).
    exec("SET extra_float_digits = 3");
}

void PgConnection::check_connected() const {
    if (!conn_) throw PgError("", "out of memory");
    if (PQstatus(conn_.get()) != CONNECTION_OK) throw PgError("", trimmed(PQerrorMessage(conn_.get())));
}

void PgConnection::exec(const std::string& sql) { checked(PQexec(conn_.get(), sql.c_str())); }

PgResult PgConnection::run(const PgQuery& query, std::initializer_list<PgParam> params) {
    if (!prepared_.contains(query.name)) {
        checked(PQprepare(conn_.get(), query.name, query.sql, 0, nullptr));
        prepared_.insert(query.name);
    }
    std::vector<const char*> values;
    values.reserve(params.size());
    for (const auto& p : params) values.push_back(p.c_str());
    return checked(
        PQexecPrepared(conn_.get(), query.name, static_cast<int>(values.size()), values.data(), nullptr, nullptr, 0));
}

bool PgConnection::in_transaction() const { return PQtransactionStatus(conn_.get()) != PQTRANS_IDLE; }

void PgConnection::reconnect() {
    prepared_.clear();
    PQreset(conn_.get());
    check_connected();
    exec("SET extra_float_digits = 3");
}

PgResult PgConnection::checked(PGresult* raw) const {
    PgResult result(raw);
    if (!raw) throw PgError("", trimmed(PQerrorMessage(conn_.get())));
    const auto status = PQresultStatus(raw);
    if (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) return result;
    const char* sqlstate = PQresultErrorField(raw, PG_DIAG_SQLSTATE);
    throw PgError(sqlstate ? sqlstate : "", trimmed(PQresultErrorMessage(raw)));
}

}  // namespace belote::store
