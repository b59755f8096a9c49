// The write-ahead log is checkpointed by the checkpointer's own thread once it holds enough pages:
// the rows reach the database file while the writer only commits.

#include "server/store/wal_checkpointer.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <future>
#include <string>

#include "tests/support/server_process.hpp"

namespace belote::store {
namespace {

TEST(WalCheckpointerTest, ALogPastItsPagesIsCopiedIntoTheDatabaseFileByTheCheckpointer) {
    testing::TempDir dir("wal");
    const auto path = (dir.path() / "t.db").string();
    Connection writer(path);
    writer.exec("PRAGMA journal_mode = WAL");
    writer.exec("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT NOT NULL)");
    const auto file_size_before = std::filesystem::file_size(path);

    std::promise<std::pair<int, int>> first;
    bool told = false;
    WalCheckpointer checkpointer(path, writer.handle(), 10, [&](int log_pages, int copied) {
        if (!std::exchange(told, true)) first.set_value({log_pages, copied});
    });
    // 40 commits of ~2 KB: the log passes 10 pages (4 KB each) after a few of them.
    Statement insert(writer.handle(), "INSERT INTO t (v) VALUES (?)");
    for (int i = 0; i < 40; ++i) insert.bind(1, std::string(2000, static_cast<char>('a' + i % 26))).run();

    auto done = first.get_future();
    ASSERT_EQ(done.wait_for(std::chrono::seconds(20)), std::future_status::ready);
    const auto [log_pages, copied] = done.get();
    EXPECT_GE(log_pages, 10);
    EXPECT_GT(copied, 0);
    EXPECT_GT(std::filesystem::file_size(path), file_size_before) << "the pages reached the database file";
}

}  // namespace
}  // namespace belote::store
