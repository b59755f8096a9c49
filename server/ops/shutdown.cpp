#include "server/ops/shutdown.hpp"

#include "server/ops/lifecycle.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>

#include <csignal>

namespace belote::ops {

namespace {
constexpr auto poll_interval = std::chrono::milliseconds(20);
}

GracefulShutdown::GracefulShutdown(boost::asio::io_context& ioc, net::Server& server,
                                   std::chrono::milliseconds deadline)
    : ioc_(ioc),
      server_(server),
      deadline_(deadline),
      // Everything below runs on one strand, so the handlers never run concurrently.
      signals_(boost::asio::make_strand(ioc), SIGINT, SIGTERM),
      poll_timer_(signals_.get_executor()),
      deadline_timer_(signals_.get_executor()) {
    wait_signal();
}

void GracefulShutdown::wait_signal() {
    signals_.async_wait([this](const boost::system::error_code& ec, int signal) {
        if (ec) return;
        if (draining_) {
            spdlog::warn("received signal {} again, stopping now", signal);
            return finish("second signal");
        }
        spdlog::info("received signal {}, draining (deadline {} ms)", signal, deadline_.count());
        on_begin();
        wait_signal();
    });
}

void GracefulShutdown::begin() {
    boost::asio::post(signals_.get_executor(), [this] {
        if (!draining_) on_begin();
    });
}

void GracefulShutdown::on_begin() {
    draining_ = true;
    started_ = std::chrono::steady_clock::now();
    lifecycle().begin_drain();
    server_.stop();
    const auto closing = lifecycle().close_all(protocol::close_code::service_restart, "server restarting");
    spdlog::info("not ready; stopped accepting; closing {} WebSocket connection(s) with {}", closing,
                 protocol::close_code::service_restart);
    deadline_timer_.expires_after(deadline_);
    deadline_timer_.async_wait([this](const boost::system::error_code& ec) {
        if (ec) return;
        spdlog::warn("shutdown deadline reached with {} connection(s) still open", lifecycle().open_connections());
        finish("deadline");
    });
    poll();
}

void GracefulShutdown::poll() {
    if (lifecycle().open_connections() == 0) return finish("all connections closed");
    poll_timer_.expires_after(poll_interval);
    poll_timer_.async_wait([this](const boost::system::error_code& ec) {
        if (!ec) poll();
    });
}

void GracefulShutdown::finish(const char* why) {
    const auto took =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started_);
    spdlog::info("shutdown: {} after {} ms", why, draining_ ? took.count() : 0);
    poll_timer_.cancel();
    deadline_timer_.cancel();
    boost::system::error_code ignored;
    signals_.cancel(ignored);
    ioc_.stop();
}

}  // namespace belote::ops
