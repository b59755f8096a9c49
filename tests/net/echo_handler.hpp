#pragma once
// A ConnectionHandler for the transport tests: every text message goes back unchanged.

#include "server/net/connection.hpp"

namespace belote::net::testing {

/// Echoes every text message to its sender. Stateless, so safe to share between connections.
class EchoHandler final : public ConnectionHandler {
public:
    std::shared_ptr<MessageSink> on_open(std::shared_ptr<Connection> connection) override;
};

}  // namespace belote::net::testing
