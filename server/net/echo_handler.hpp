#pragma once

#include "server/net/connection.hpp"

namespace belote::net {

/// A ConnectionHandler that sends every text message back unchanged. Stateless, so safe to
/// share between connections. Used by tests and by the temporary server/game_stub.cpp.
class EchoHandler final : public ConnectionHandler {
public:
    void on_open(std::shared_ptr<Connection> connection) override;
    void on_text(const std::shared_ptr<Connection>& connection, std::string text) override;
    void on_close(const std::shared_ptr<Connection>& connection) override;
};

}  // namespace belote::net
