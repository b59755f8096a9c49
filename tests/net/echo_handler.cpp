#include "tests/net/echo_handler.hpp"

namespace belote::net::testing {
namespace {

/// Holds its connection weakly: the connection holds the sink, and a test server that stops its
/// io_context with connections open (no on_close) must not leave the pair alive.
class EchoSink final : public MessageSink {
public:
    explicit EchoSink(const std::shared_ptr<Connection>& connection) : connection_(connection) {}
    void on_text(std::string_view text) override {
        if (auto connection = connection_.lock()) connection->send(text);
    }
    void on_close() override {}

private:
    std::weak_ptr<Connection> connection_;
};

}  // namespace

std::shared_ptr<MessageSink> EchoHandler::on_open(std::shared_ptr<Connection> connection) {
    return std::make_shared<EchoSink>(connection);
}

}  // namespace belote::net::testing
