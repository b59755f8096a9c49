#include "server/net/server.hpp"

#include "server/net/listener.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/ip/address.hpp>

#include <filesystem>
#include <system_error>

namespace belote::net {

namespace {

std::filesystem::path web_root_of(const std::string& web_dir) {
    std::error_code ec;
    auto root = std::filesystem::canonical(web_dir, ec);
    if (ec) {
        spdlog::warn("web dir '{}' is not usable ({}): static files will be 404", web_dir, ec.message());
        return std::filesystem::weakly_canonical(std::filesystem::absolute(web_dir));
    }
    return root;
}

}  // namespace

Server::Server(boost::asio::io_context& ioc, const Config& config, std::shared_ptr<ConnectionHandler> handler) {
    auto ctx = std::make_shared<SessionContext>();
    ctx->web_root = web_root_of(config.web_dir);
    ctx->max_frame_bytes = config.max_frame_bytes;
    ctx->max_send_queue = config.max_send_queue;
    ctx->max_send_queue_bytes = config.max_send_queue_bytes;
    ctx->idle_timeout = std::chrono::seconds(config.idle_timeout_s);
    ctx->allowed_origins = config.allowed_origins;
    ctx->trusted_proxies =
        std::make_shared<const std::vector<AddressRange>>(parse_address_ranges(config.trusted_proxies));
    ctx->handler = std::move(handler);

    const boost::asio::ip::tcp::endpoint endpoint{boost::asio::ip::make_address(config.address), config.port};
    listener_ = std::make_shared<Listener>(ioc, endpoint, std::move(ctx));
    listener_->run();
}

Server::~Server() { stop(); }

unsigned short Server::port() const { return listener_->local_endpoint().port(); }

boost::asio::ip::tcp::endpoint Server::endpoint() const { return listener_->local_endpoint(); }

void Server::stop() { listener_->stop(); }

}  // namespace belote::net
