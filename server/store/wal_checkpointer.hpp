#pragma once
// Checkpoints of the SQLite store's write-ahead log, off the writer thread. A checkpoint copies the
// log back into the database file and syncs both (each sync can take milliseconds on a disk); run
// by the writer, as SQLite's automatic checkpoint is, it would hold up every commit queued behind
// it. Here the writer's commits only count the log's pages, and a thread of its own checkpoints
// (PASSIVE: never blocking the writer) on its own connection once the log holds enough of them.

#include <sqlite3.h>

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "server/store/sqlite_db.hpp"

namespace belote::store {

class WalCheckpointer {
public:
    /// Takes over the checkpoints of `writer` (a connection to the WAL-mode database at `path`,
    /// which must outlive this object): its automatic checkpoint is replaced by a wal hook that wakes
    /// this checkpointer once the log holds `pages` pages (1,000: SQLite's own default). Throws
    /// SqliteError when the database cannot be opened. `checkpointed(log_pages, copied)` is called on
    /// the checkpointer's thread after each checkpoint that succeeded (pages in the log, pages copied).
    using Checkpointed = std::function<void(int log_pages, int copied)>;
    WalCheckpointer(const std::string& path, sqlite3* writer, int pages = 1000, Checkpointed checkpointed = {});
    /// Stops the thread (a checkpoint in progress finishes first) and gives the writer back its
    /// automatic checkpoint.
    ~WalCheckpointer();
    WalCheckpointer(const WalCheckpointer&) = delete;
    WalCheckpointer& operator=(const WalCheckpointer&) = delete;

private:
    static int on_commit(void* self, sqlite3*, const char*, int pages_in_log);
    void run();

    sqlite3* writer_;
    int pages_;
    Checkpointed checkpointed_;
    std::unique_ptr<Connection> db_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool wanted_ = false;
    bool stop_ = false;
    std::thread thread_;
};

}  // namespace belote::store
