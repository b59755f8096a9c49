#include "server/tables/clock.hpp"

#include <boost/asio/steady_timer.hpp>

namespace belote::tables {
namespace {

class SystemClock final : public Clock {
public:
    explicit SystemClock(boost::asio::io_context& ioc) : ioc_(ioc) {}

    std::int64_t now_ms() const override {
        return std::chrono::duration_cast<std::chrono::milliseconds>(
                   std::chrono::system_clock::now().time_since_epoch())
            .count();
    }

    TimerHandle schedule(std::chrono::milliseconds delay, std::function<void()> fire) override {
        auto cancelled = std::make_shared<std::atomic<bool>>(false);
        auto timer = std::make_shared<boost::asio::steady_timer>(ioc_, delay);
        timer->async_wait([timer, cancelled, fire = std::move(fire)](const boost::system::error_code& ec) {
            if (!ec && !cancelled->load()) fire();
        });
        return TimerHandle(cancelled);
    }

private:
    boost::asio::io_context& ioc_;
};

}  // namespace

std::shared_ptr<Clock> make_system_clock(boost::asio::io_context& ioc) { return std::make_shared<SystemClock>(ioc); }

}  // namespace belote::tables
