#include "server/store/wal_checkpointer.hpp"

#include <spdlog/spdlog.h>

namespace belote::store {

WalCheckpointer::WalCheckpointer(const std::string& path, sqlite3* writer, int pages, Checkpointed checkpointed)
    : writer_(writer), pages_(pages), checkpointed_(std::move(checkpointed)), db_(std::make_unique<Connection>(path)) {
    // A connection opens the file at its first statement: until then it has no log to checkpoint.
    db_->exec("PRAGMA journal_mode = WAL");
    sqlite3_wal_hook(writer_, &WalCheckpointer::on_commit, this);
    thread_ = std::thread([this] { run(); });
}

WalCheckpointer::~WalCheckpointer() {
    sqlite3_wal_autocheckpoint(writer_, pages_);  // removes the hook
    {
        std::lock_guard lock(mutex_);
        stop_ = true;
    }
    wake_.notify_one();
    thread_.join();
}

int WalCheckpointer::on_commit(void* self, sqlite3*, const char*, int pages_in_log) {
    auto* checkpointer = static_cast<WalCheckpointer*>(self);
    if (pages_in_log >= checkpointer->pages_) {
        {
            std::lock_guard lock(checkpointer->mutex_);
            checkpointer->wanted_ = true;
        }
        checkpointer->wake_.notify_one();
    }
    return SQLITE_OK;
}

void WalCheckpointer::run() {
    for (;;) {
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [&] { return stop_ || wanted_; });
            if (stop_) return;
            wanted_ = false;
        }
        int log_pages = 0, copied = 0;
        int rc = sqlite3_wal_checkpoint_v2(db_->handle(), nullptr, SQLITE_CHECKPOINT_PASSIVE, &log_pages, &copied);
        if (rc != SQLITE_OK) {
            spdlog::warn("store: checkpoint of the write-ahead log failed: {}", sqlite3_errmsg(db_->handle()));
            continue;
        }
        spdlog::debug("store: checkpoint copied {} of {} pages of the write-ahead log", copied, log_pages);
        if (checkpointed_) checkpointed_(log_pages, copied);
    }
}

}  // namespace belote::store
