#include "tests/store/store_kinds.hpp"

#include "server/store/memory_store.hpp"
#include "server/store/postgres_store.hpp"
#include "server/store/sqlite_db.hpp"
#include "server/store/sqlite_store.hpp"

namespace belote::store {

std::string kind_name(StoreKind kind) {
    switch (kind) {
        case StoreKind::Memory: return "Memory";
        case StoreKind::Sqlite: return "Sqlite";
        case StoreKind::Postgres: return "Postgres";
    }
    return "?";
}

StoreUnderTest::StoreUnderTest(StoreKind kind) : kind_(kind) {
    if (kind == StoreKind::Postgres) schema_ = std::make_unique<testing::PostgresSchema>(*testing::test_postgres_url());
    store_ = kind == StoreKind::Memory ? std::make_unique<MemoryStore>() : open();
}

std::unique_ptr<Store> StoreUnderTest::open() const {
    switch (kind_) {
        case StoreKind::Sqlite:
            return std::make_unique<SqliteStore>((dir_.path() / "belote.db").string(), Durability::Normal);
        case StoreKind::Postgres: return std::make_unique<PostgresStore>(schema_->url());
        case StoreKind::Memory: break;
    }
    throw std::logic_error("the memory store keeps nothing to open again");
}

void StoreUnderTest::reopen() {
    close();
    store_ = open();
}

void StoreUnderTest::exec_sql(const std::string& sql) {
    if (kind_ == StoreKind::Postgres) return schema_->exec(sql);
    if (kind_ != StoreKind::Sqlite) throw std::logic_error("the memory store has no SQL");
    Connection db((dir_.path() / "belote.db").string());
    db.exec(sql);
}

void StoreTest::SetUp() {
    if (GetParam() == StoreKind::Postgres && !testing::test_postgres_url()) GTEST_SKIP() << testing::no_test_postgres;
    subject_ = std::make_unique<StoreUnderTest>(GetParam());
}

}  // namespace belote::store
