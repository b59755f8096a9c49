#pragma once
// A few PostgreSQL connections for the store's reads, which come from any thread.

#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/store/pg_connection.hpp"

namespace belote::store {

/// At most `size` connections to one database, opened when first needed. Thread-safe.
class PgPool {
public:
    PgPool(std::string url, std::size_t size) : url_(std::move(url)), size_(size) {}

    /// Runs `read(connection)` on a connection of the pool (waiting while all are in use) and returns
    /// what it returns. A connection found lost (the server restarted, or ended it) is connected
    /// again and `read` runs once more: it must be a read. Throws PgError when the database cannot
    /// be read.
    template <class Read>
    auto use(Read&& read) {
        Lease lease(*this);
        try {
            return read(*lease.connection);
        } catch (const PgError&) {
            if (!lease.connection->broken()) throw;
            lease.connection->reconnect();
            return read(*lease.connection);
        }
    }

private:
    /// A connection taken from the pool, given back by the destructor.
    struct Lease {
        explicit Lease(PgPool& pool) : pool(pool), connection(pool.take()) {}
        ~Lease() { pool.give_back(std::move(connection)); }
        PgPool& pool;
        std::unique_ptr<PgConnection> connection;
    };

    std::unique_ptr<PgConnection> take();
    void give_back(std::unique_ptr<PgConnection> connection);

    const std::string url_;
    const std::size_t size_;
    std::mutex mutex_;
    std::condition_variable returned_;
    std::vector<std::unique_ptr<PgConnection>> idle_;
    std::size_t open_ = 0;  ///< connections idle or in use
};

}  // namespace belote::store
