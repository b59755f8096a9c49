// The WebSocket upgrade checks the Origin header (docs/operations.md "Origin check"): a page of
// another site gets 403 Forbidden; the server's own pages, an origin of --allowed-origin and
// clients that send no Origin (tools, bots) are upgraded.

#include <gtest/gtest.h>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <sstream>

#include "tests/net/test_server.hpp"

namespace belote::net::testing {
namespace origin_upgrade_test {

namespace http = boost::beast::http;

/// An upgrade request to /ws with `origin` (none when empty) and Host `host` (127.0.0.1:port when
/// empty); returns the response.
http::response<http::string_body> upgrade(unsigned short port, const std::string& origin, std::string host = "") {
    boost::asio::io_context ioc;
    boost::beast::tcp_stream stream(ioc);
    stream.connect(boost::asio::ip::tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), port));
    http::request<http::empty_body> req{http::verb::get, "/ws", 11};
    req.set(http::field::host, host.empty() ? "127.0.0.1:" + std::to_string(port) : host);
    req.set(http::field::connection, "Upgrade");
    req.set(http::field::upgrade, "websocket");
    req.set(http::field::sec_websocket_key, "dGhlIHNhbXBsZSBub25jZQ==");
    req.set(http::field::sec_websocket_version, "13");
    if (!origin.empty()) req.set(http::field::origin, origin);
    http::write(stream, req);
    boost::beast::flat_buffer buffer;
    http::response_parser<http::string_body> parser;
    parser.skip(false);
    http::read_header(stream, buffer, parser);
    if (parser.get().result() != http::status::switching_protocols) http::read(stream, buffer, parser);
    return parser.release();
}

Config with_allowed(std::vector<std::string> origins) {
    Config config;
    config.allowed_origins = std::move(origins);
    return config;
}

TEST(OriginUpgradeTest, AnotherSitesPageIsRefused) {
    std::ostringstream log;
    auto previous = spdlog::default_logger();
    spdlog::set_default_logger(
        std::make_shared<spdlog::logger>("capture", std::make_shared<spdlog::sinks::ostream_sink_mt>(log)));
    {
        auto handler = std::make_shared<ScriptedHandler>();
        TestServer server(handler);
        auto refused = upgrade(server.port(), "https://evil.example");
        EXPECT_EQ(refused.result(), http::status::forbidden);
        EXPECT_EQ(refused.body(),
                  "403 Forbidden: WebSocket connections are accepted only from this server's own pages or an origin "
                  "allowed with --allowed-origin (docs/operations.md, \"Origin check\").\n");
        EXPECT_EQ(refused[http::field::content_type], "text/plain; charset=utf-8");
        EXPECT_EQ(upgrade(server.port(), "null").result(), http::status::forbidden);                // a sandboxed page
        EXPECT_EQ(upgrade(server.port(), "http://127.0.0.1:1").result(), http::status::forbidden);  // another port
    }
    spdlog::default_logger()->flush();
    spdlog::set_default_logger(previous);
    EXPECT_NE(log.str().find("websocket upgrade refused: origin 'https://evil.example' is not allowed"),
              std::string::npos)
        << log.str();
}

TEST(OriginUpgradeTest, OwnOriginAllowedOriginAndNoOriginAreUpgraded) {
    auto handler = std::make_shared<ScriptedHandler>();
    TestServer server(handler, with_allowed({"https://cards.example.org"}));
    const std::string own = "http://127.0.0.1:" + std::to_string(server.port());
    EXPECT_EQ(upgrade(server.port(), own).result(), http::status::switching_protocols);
    EXPECT_EQ(upgrade(server.port(), "https://cards.example.org").result(), http::status::switching_protocols);
    EXPECT_EQ(upgrade(server.port(), "").result(), http::status::switching_protocols);
    EXPECT_EQ(upgrade(server.port(), "https://belote.example", "belote.example").result(),
              http::status::switching_protocols);  // behind a proxy that keeps the Host header
    EXPECT_TRUE(handler->wait_closed(4));          // four connections were opened (and closed with their client)
}

}  // namespace origin_upgrade_test
}  // namespace belote::net::testing
