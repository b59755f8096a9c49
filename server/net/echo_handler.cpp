#include "server/net/echo_handler.hpp"

#include <spdlog/spdlog.h>

namespace belote::net {

void EchoHandler::on_open(std::shared_ptr<Connection> connection) {
    spdlog::info("echo: connection #{} from {}", connection->id(), connection->remote_address());
}

void EchoHandler::on_text(const std::shared_ptr<Connection>& connection, std::string text) {
    connection->send(std::move(text));
}

void EchoHandler::on_close(const std::shared_ptr<Connection>& connection) {
    spdlog::info("echo: connection #{} closed", connection->id());
}

}  // namespace belote::net
