#pragma once
// Process lifecycle for operations: readiness (draining during a graceful shutdown) and the set
// of open WebSocket connections, so a shutdown can tell every client to reconnect later.

#include "protocol/close_codes.hpp"
#include "server/net/connection.hpp"

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>

namespace belote::ops {

/// Readiness and open connections of the process. Thread-safe. One instance: lifecycle().
class Lifecycle {
public:
    /// True once a graceful shutdown began: /readyz answers 503, create_table is refused with
    /// `shutting_down`, new WebSocket connections are closed with 1012 at once.
    bool draining() const { return draining_.load(std::memory_order_acquire); }

    /// Enters the draining state (idempotent; a running server never leaves it).
    void begin_drain() { draining_.store(true, std::memory_order_release); }

    /// What else readiness depends on (the store can write): /readyz answers 503 "storage" when it
    /// returns false. Null (the default): nothing else.
    void set_storage_check(std::function<bool()> writable);
    /// True unless the storage check says the store cannot write.
    bool storage_ok() const;

    /// Leaves the draining state. For in-process tests only (they share this process-wide object).
    void reset_for_tests() { draining_.store(false, std::memory_order_release); }

    /// Remembers an open connection (weakly) until untrack(). Updates belote_open_connections.
    void track(const std::shared_ptr<net::Connection>& connection);
    /// Forgets a connection (no-op if unknown).
    void untrack(std::uint64_t connection_id);

    /// Asks every tracked connection to close with `code` and `reason`; returns how many.
    std::size_t close_all(std::uint16_t code, const std::string& reason);

    /// Number of tracked (open) connections.
    std::size_t open_connections() const;

private:
    std::atomic<bool> draining_{false};
    std::function<bool()> storage_check_;  ///< guarded by mutex_
    mutable std::mutex mutex_;
    std::map<std::uint64_t, std::weak_ptr<net::Connection>> connections_;
};

/// The process's lifecycle (created on first use, never destroyed before exit).
Lifecycle& lifecycle();

}  // namespace belote::ops
