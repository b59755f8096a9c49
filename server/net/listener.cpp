#include "server/net/listener.hpp"

#include "server/net/http_session.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>

#include <chrono>

namespace belote::net {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;

Listener::Listener(asio::io_context& ioc, const tcp::endpoint& endpoint, std::shared_ptr<const SessionContext> ctx)
    : ioc_(ioc), acceptor_(asio::make_strand(ioc)), retry_timer_(acceptor_.get_executor()), ctx_(std::move(ctx)) {
    acceptor_.open(endpoint.protocol());
    acceptor_.set_option(asio::socket_base::reuse_address(true));
    acceptor_.bind(endpoint);
    acceptor_.listen(asio::socket_base::max_listen_connections);
    local_endpoint_ = acceptor_.local_endpoint();
}

void Listener::run() {
    asio::post(acceptor_.get_executor(), [self = shared_from_this()] { self->do_accept(); });
}

void Listener::stop() {
    asio::post(acceptor_.get_executor(), [self = shared_from_this()] {
        boost::system::error_code ec;
        self->acceptor_.close(ec);
        self->retry_timer_.cancel();
    });
}

void Listener::do_accept() {
    if (!acceptor_.is_open()) return;
    acceptor_.async_accept(asio::make_strand(ioc_),
                           boost::beast::bind_front_handler(&Listener::on_accept, shared_from_this()));
}

void Listener::on_accept(boost::beast::error_code ec, Socket socket) {
    if (ec == asio::error::operation_aborted || !acceptor_.is_open()) return;
    if (ec) {
        // Typically out of file descriptors: wait a little instead of spinning.
        spdlog::warn("accept failed: {}", ec.message());
        retry_timer_.expires_after(std::chrono::milliseconds(100));
        retry_timer_.async_wait([self = shared_from_this()](boost::beast::error_code wait_ec) {
            if (!wait_ec) self->do_accept();
        });
        return;
    }
    // Without TCP_NODELAY, Nagle holds every frame written while an earlier one is unacknowledged
    // until the peer's delayed ACK (~40 ms on Linux): a reply followed by its events reached
    // clients 40 ms late (docs/performance.md, "TCP_NODELAY").
    boost::system::error_code nodelay_ec;
    socket.set_option(tcp::no_delay(true), nodelay_ec);
    std::make_shared<HttpSession>(std::move(socket), ctx_)->run();
    do_accept();
}

}  // namespace belote::net
