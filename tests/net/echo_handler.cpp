#include "tests/net/echo_handler.hpp"

namespace belote::net::testing {
namespace {

class EchoSink final : public MessageSink {
public:
    explicit EchoSink(std::shared_ptr<Connection> connection) : connection_(std::move(connection)) {}
    void on_text(std::string_view text) override { connection_->send(text); }
    void on_close() override {}

private:
    std::shared_ptr<Connection> connection_;
};

}  // namespace

std::shared_ptr<MessageSink> EchoHandler::on_open(std::shared_ptr<Connection> connection) {
    return std::make_shared<EchoSink>(std::move(connection));
}

}  // namespace belote::net::testing
