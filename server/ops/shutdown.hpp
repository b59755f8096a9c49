#pragma once
// Graceful shutdown on SIGTERM / SIGINT.

#include "server/net/server.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/signal_set.hpp>
#include <boost/asio/steady_timer.hpp>

#include <chrono>

namespace belote::ops {

/// Handles SIGTERM and SIGINT for a running server.
///
/// On the first signal: the process turns not-ready (/readyz 503, create_table refused with
/// `shutting_down`, see Lifecycle), the server stops accepting TCP connections, and every open
/// WebSocket is closed with 1012 "server restarting" (pending messages are flushed first). Once no
/// WebSocket is left, or when `deadline` has passed, the io_context is stopped (so ioc.run()
/// returns and main exits with 0). A second signal stops the io_context at once.
class GracefulShutdown {
public:
    /// Installs the signal handlers (they run on `ioc`). `server` must outlive this object.
    GracefulShutdown(boost::asio::io_context& ioc, net::Server& server, std::chrono::milliseconds deadline);

    /// Starts the drain as if a signal had arrived (used by the signal handler; tests may call
    /// it). Thread-safe: posts to the io_context.
    void begin();

private:
    void wait_signal();
    void on_begin();
    void poll();
    void finish(const char* why);

    boost::asio::io_context& ioc_;
    net::Server& server_;
    const std::chrono::milliseconds deadline_;
    boost::asio::signal_set signals_;
    boost::asio::steady_timer poll_timer_;
    boost::asio::steady_timer deadline_timer_;
    std::chrono::steady_clock::time_point started_{};
    bool draining_ = false;  // touched only in handlers (single-threaded: see the strand below)
};

}  // namespace belote::ops
