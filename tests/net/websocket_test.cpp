// WebSocket side of the server: round trip, limits, close codes, thread-safe send/close.

#include "protocol/close_codes.hpp"
#include "tests/net/echo_handler.hpp"
#include "tests/net/test_server.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string_view>
#include <thread>

namespace belote::net::testing {
namespace websocket_test {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
namespace close_code = protocol::close_code;

/// The shortest idle timeout the server accepts (--idle-timeout-s): a ping after 1 s of silence.
Config with_short_idle_timeout() {
    Config config;
    config.idle_timeout_s = 2;
    return config;
}

/// A WebSocket client on a tcp_stream (so a test can set deadlines or read raw bytes under it).
websocket::stream<beast::tcp_stream> handshaken_client(boost::asio::io_context& ioc, unsigned short port) {
    websocket::stream<beast::tcp_stream> ws{ioc};
    beast::get_lowest_layer(ws).connect({boost::asio::ip::make_address("127.0.0.1"), port});
    ws.handshake("127.0.0.1", "/ws");
    return ws;
}

TEST(WebSocketTest, SilentClientIsPingedThenDropped) {
    TestServer server{std::make_shared<EchoHandler>(), with_short_idle_timeout()};
    boost::asio::io_context ioc;
    auto ws = handshaken_client(ioc, server.port());

    // Read raw TCP bytes under the WebSocket layer, so the ping is seen but never answered.
    auto& tcp = beast::get_lowest_layer(ws);
    tcp.expires_after(std::chrono::seconds(30));  // a bound on a broken server, not a synchroniser
    std::string received;
    beast::error_code ec;
    std::array<char, 256> chunk{};
    while (!ec) {
        std::size_t n = tcp.read_some(boost::asio::buffer(chunk), ec);
        received.append(chunk.data(), n);
    }
    EXPECT_TRUE(ec == boost::asio::error::eof || ec == boost::asio::error::connection_reset) << ec.message();
    ASSERT_FALSE(received.empty());
    EXPECT_EQ(static_cast<unsigned char>(received[0]), 0x89u) << "first frame is not a final ping frame";
}

TEST(WebSocketTest, ClientAnsweringPingsOutlivesTheIdleTimeout) {
    TestServer server{std::make_shared<EchoHandler>(), with_short_idle_timeout()};
    boost::asio::io_context ioc;
    auto ws = handshaken_client(ioc, server.port());

    // Beast answers each ping with a pong while a read is pending. After three pings (at least
    // 1.5 idle timeouts of silence from this client's side) the connection must still echo.
    int pings = 0;
    ws.control_callback([&](websocket::frame_type kind, beast::string_view) {
        if (kind != websocket::frame_type::ping || ++pings != 3) return;
        boost::asio::post(ioc, [&] {
            ws.async_write(boost::asio::buffer(std::string_view("still here")), [](beast::error_code, std::size_t) {});
        });
    });
    beast::flat_buffer buffer;
    beast::error_code read_ec;
    ws.async_read(buffer, [&](beast::error_code ec, std::size_t) { read_ec = ec; });
    ioc.run_for(std::chrono::seconds(30));

    ASSERT_FALSE(read_ec) << read_ec.message();
    EXPECT_EQ(pings, 3);
    EXPECT_EQ(beast::buffers_to_string(buffer.data()), "still here");
}

TEST(WebSocketTest, EchoRoundTrip) {
    TestServer server{std::make_shared<EchoHandler>()};
    WsClient client{server.port()};
    for (const std::string text : {"hello", R"({"t":"ping","id":1})", "été ♠"}) {
        client.send_text(text);
        std::string reply;
        beast::error_code ec;
        ASSERT_TRUE(client.read(reply, ec)) << ec.message();
        EXPECT_EQ(reply, text);
    }
}

TEST(WebSocketTest, LifecycleIsOpenTextClose) {
    auto handler = std::make_shared<ScriptedHandler>();
    TestServer server{handler};
    std::shared_ptr<Connection> connection;
    {
        WsClient client{server.port()};
        client.send_text("x");
        std::string reply;
        beast::error_code ec;
        ASSERT_TRUE(client.read(reply, ec));
        connection = handler->wait_opened(1);  // taken while open: the handler only keeps it weakly
        ASSERT_NE(connection, nullptr);
    }  // the client's socket closes without a close frame
    ASSERT_TRUE(handler->wait_closed(1));
    EXPECT_EQ(handler->close_count(connection->id()), 1u);
    EXPECT_NE(connection->remote_address().find("127.0.0.1:"), std::string::npos);
    connection->send("after close");  // ignored, no crash
    connection->close(1000, "again");
}

TEST(WebSocketTest, MessageAtTheLimitIsAccepted) {
    TestServer server{std::make_shared<EchoHandler>()};
    WsClient client{server.port()};
    const std::string text(Config{}.max_frame_bytes, 'a');
    client.send_text(text);
    std::string reply;
    beast::error_code ec;
    ASSERT_TRUE(client.read(reply, ec)) << ec.message();
    EXPECT_EQ(reply.size(), text.size());
}

TEST(WebSocketTest, OversizedFrameClosesTheConnection) {
    auto handler = std::make_shared<ScriptedHandler>();
    TestServer server{handler};
    WsClient client{server.port()};
    client.send_text(std::string(Config{}.max_frame_bytes + 1, 'a'));
    beast::error_code ec;
    const auto messages = client.read_until_closed(ec);
    EXPECT_TRUE(messages.empty());
    EXPECT_EQ(ec, websocket::error::closed) << ec.message();
    EXPECT_EQ(client.reason().code, close_code::message_too_big);
    EXPECT_TRUE(handler->wait_closed(1));
}

TEST(WebSocketTest, ConfiguredFrameLimitApplies) {
    Config config;
    config.max_frame_bytes = 1024;
    TestServer server{std::make_shared<EchoHandler>(), config};
    WsClient client{server.port()};
    client.send_text(std::string(1025, 'a'));
    beast::error_code ec;
    client.read_until_closed(ec);
    EXPECT_EQ(client.reason().code, close_code::message_too_big);
}

TEST(WebSocketTest, BinaryFrameClosesWithUnsupportedData) {
    TestServer server{std::make_shared<EchoHandler>()};
    WsClient client{server.port()};
    client.send_binary("\x01\x02");
    beast::error_code ec;
    EXPECT_TRUE(client.read_until_closed(ec).empty());
    EXPECT_EQ(client.reason().code, close_code::unsupported_data);
}

TEST(WebSocketTest, HandlerCloseFlushesQueuedMessagesFirst) {
    auto handler = std::make_shared<ScriptedHandler>();
    TestServer server{handler};
    WsClient client{server.port()};
    client.send_text("flood 3");
    client.send_text("close 4001 bye now");
    beast::error_code ec;
    const auto messages = client.read_until_closed(ec);
    EXPECT_EQ(messages, (std::vector<std::string>{"m0", "m1", "m2"}));
    EXPECT_EQ(ec, websocket::error::closed);
    EXPECT_EQ(client.reason().code, 4001);
    EXPECT_EQ(std::string(client.reason().reason.data(), client.reason().reason.size()), "bye now");
    EXPECT_TRUE(handler->wait_closed(1));
}

// Messages queued together leave in few socket writes (CoalescingStream): they must still arrive
// as separate, whole messages, in order, and before the close frame.
TEST(WebSocketTest, BurstArrivesWholeAndInOrderBeforeTheClose) {
    auto handler = std::make_shared<ScriptedHandler>();
    TestServer server{handler};
    WsClient client{server.port()};
    client.send_text("flood 200");
    client.ping();                               // a control frame written by Beast in the middle of the burst
    client.send_text(std::string(20'000, 'x'));  // echoed: larger than the buffer's first allocation
    client.send_text("flood 50");
    client.send_text("close 4001 done");
    beast::error_code ec;
    const auto messages = client.read_until_closed(ec);
    std::vector<std::string> expected;
    for (int i = 0; i < 200; ++i) expected.push_back("m" + std::to_string(i));
    expected.push_back(std::string(20'000, 'x'));
    for (int i = 0; i < 50; ++i) expected.push_back("m" + std::to_string(i));
    EXPECT_EQ(messages, expected);
    EXPECT_EQ(ec, websocket::error::closed);
    EXPECT_EQ(client.reason().code, 4001);
    EXPECT_TRUE(handler->wait_closed(1));
}

// The client closes while the server still has messages to write: the server answers the close
// after what it already wrote (never a data frame after its close frame) and the handshake ends.
TEST(WebSocketTest, ClientCloseWhileMessagesAreQueued) {
    auto handler = std::make_shared<ScriptedHandler>();
    TestServer server{handler};
    WsClient client{server.port()};
    client.send_text("flood 200");
    beast::error_code ec;
    client.close(websocket::close_code::normal, ec);
    EXPECT_FALSE(ec) << ec.message();
    EXPECT_TRUE(handler->wait_closed(1));
}

TEST(WebSocketTest, FullSendQueueDisconnectsWith4008) {
    Config config;
    config.max_send_queue = 8;
    auto handler = std::make_shared<ScriptedHandler>();
    TestServer server{handler, config};
    WsClient client{server.port()};
    client.send_text("flood 1000");
    beast::error_code ec;
    const auto messages = client.read_until_closed(ec);
    EXPECT_LE(messages.size(), config.max_send_queue);
    EXPECT_EQ(client.reason().code, close_code::send_queue_full);
    EXPECT_EQ(std::string(client.reason().reason.data(), client.reason().reason.size()), "send queue full");
    EXPECT_TRUE(handler->wait_closed(1));
}

TEST(WebSocketTest, SendQueueOverItsBytesDisconnectsWith4008) {
    Config config;
    config.max_send_queue_bytes = 256 * 1024;  // 100 messages of 10 KiB: far fewer than 256 messages
    auto handler = std::make_shared<ScriptedHandler>();
    TestServer server{handler, config};
    WsClient client{server.port()};
    client.send_text("flood 100 10240");
    beast::error_code ec;
    const auto messages = client.read_until_closed(ec);
    EXPECT_LE(messages.size() * 10240, config.max_send_queue_bytes);
    EXPECT_EQ(client.reason().code, close_code::send_queue_full);
    EXPECT_TRUE(handler->wait_closed(1));
}

TEST(WebSocketTest, SendAndCloseWorkFromAnotherThread) {
    auto handler = std::make_shared<ScriptedHandler>();
    TestServer server{handler};
    WsClient client{server.port()};
    const auto connection = handler->wait_opened(1);
    ASSERT_NE(connection, nullptr);
    std::thread other([&] {
        for (int i = 0; i < 10; ++i) connection->send("t" + std::to_string(i));
        connection->close(4002, "from another thread");
    });
    other.join();
    beast::error_code ec;
    const auto messages = client.read_until_closed(ec);
    ASSERT_EQ(messages.size(), 10u);
    EXPECT_EQ(messages.front(), "t0");
    EXPECT_EQ(messages.back(), "t9");
    EXPECT_EQ(client.reason().code, 4002);
}

TEST(WebSocketTest, InvalidCloseCodeBecomesInternalError) {
    TestServer server{std::make_shared<ScriptedHandler>()};
    WsClient client{server.port()};
    client.send_text("close 1005 reserved");
    beast::error_code ec;
    client.read_until_closed(ec);
    EXPECT_EQ(client.reason().code, websocket::close_code::internal_error);
}

TEST(WebSocketTest, HandlerExceptionClosesWithInternalError) {
    auto handler = std::make_shared<ScriptedHandler>();
    TestServer server{handler};
    WsClient client{server.port()};
    client.send_text("throw");
    beast::error_code ec;
    client.read_until_closed(ec);
    EXPECT_EQ(client.reason().code, websocket::close_code::internal_error);
    EXPECT_TRUE(handler->wait_closed(1));
}

TEST(WebSocketTest, UpgradeOnOtherPathIsDeclined) {
    TestServer server{std::make_shared<EchoHandler>()};
    try {
        WsClient client{server.port(), "/elsewhere"};
        FAIL() << "handshake should have been declined";
    } catch (const boost::system::system_error& e) {
        EXPECT_EQ(e.code(), websocket::error::upgrade_declined);
    }
}

TEST(WebSocketTest, ConnectionIdsAreDistinct) {
    auto handler = std::make_shared<ScriptedHandler>();
    TestServer server{handler};
    WsClient a{server.port()};
    WsClient b{server.port()};
    const auto first = handler->wait_opened(1);
    const auto second = handler->wait_opened(2);
    ASSERT_TRUE(first && second);
    EXPECT_NE(first->id(), second->id());
}

}  // namespace websocket_test
}  // namespace belote::net::testing
