#include "server/store/pg_pool.hpp"

namespace belote::store {

std::unique_ptr<PgConnection> PgPool::take() {
    {
        std::unique_lock lock(mutex_);
        returned_.wait(lock, [&] { return !idle_.empty() || open_ < size_; });
        if (!idle_.empty()) {
            auto connection = std::move(idle_.back());
            idle_.pop_back();
            return connection;
        }
        ++open_;  // a new one, connected outside the lock
    }
    try {
        return std::make_unique<PgConnection>(url_);
    } catch (...) {
        std::lock_guard lock(mutex_);
        --open_;
        returned_.notify_one();
        throw;
    }
}

void PgPool::give_back(std::unique_ptr<PgConnection> connection) {
    {
        std::lock_guard lock(mutex_);
        if (connection && !connection->broken())
            idle_.push_back(std::move(connection));
        else
            --open_;  // lost for good (it could not connect again): a new one next time
    }
    returned_.notify_one();
}

}  // namespace belote::store
