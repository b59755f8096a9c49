// HTTP side of the server: /healthz, static files, refusals. Real sockets, in-process server.

#include "tests/net/echo_handler.hpp"
#include "tests/net/test_server.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace belote::net::testing {
namespace http_test {

namespace http = boost::beast::http;

class HttpTest : public ::testing::Test {
protected:
    TestServer server{std::make_shared<EchoHandler>()};

    http::response<http::string_body> get(const std::string& target) {
        return http_request(server.port(), http::verb::get, target);
    }
};

TEST_F(HttpTest, ListensOnAnEphemeralPort) { EXPECT_NE(server.port(), 0); }

TEST_F(HttpTest, HealthzReturnsOkJson) {
    const auto res = get("/healthz");
    EXPECT_EQ(res.result(), http::status::ok);
    EXPECT_EQ(res[http::field::content_type], "application/json");
    EXPECT_EQ(nlohmann::json::parse(res.body()), (nlohmann::json{{"status", "ok"}}));
}

TEST_F(HttpTest, RootServesIndexHtml) {
    const auto res = get("/");
    EXPECT_EQ(res.result(), http::status::ok);
    EXPECT_EQ(res[http::field::content_type], "text/html; charset=utf-8");
    EXPECT_EQ(res.body(), "<!doctype html><title>belote</title>");
}

TEST_F(HttpTest, StaticFilesHaveTheirContentType) {
    const std::pair<const char*, const char*> cases[] = {
        {"/app.js", "text/javascript; charset=utf-8"},
        {"/style.css", "text/css; charset=utf-8"},
        {"/logo.svg", "image/svg+xml"},
        {"/icon.png", "image/png"},
        {"/data.json", "application/json"},
        {"/favicon.ico", "image/x-icon"},
        {"/index.html?v=3", "text/html; charset=utf-8"},
    };
    for (const auto& [target, type] : cases) {
        const auto res = get(target);
        EXPECT_EQ(res.result(), http::status::ok) << target;
        EXPECT_EQ(res[http::field::content_type], type) << target;
    }
    EXPECT_EQ(get("/app.js").body(), "console.log('hi');");
}

TEST_F(HttpTest, HeadHasHeadersWithoutBody) {
    const auto res = http_request(server.port(), http::verb::head, "/app.js");
    EXPECT_EQ(res.result(), http::status::ok);
    EXPECT_EQ(res[http::field::content_type], "text/javascript; charset=utf-8");
    EXPECT_EQ(res[http::field::content_length], "18");
    EXPECT_TRUE(res.body().empty());
}

TEST_F(HttpTest, MissingFileIs404) {
    EXPECT_EQ(get("/nope.js").result(), http::status::not_found);
    EXPECT_EQ(get("/sub/nope/").result(), http::status::not_found);
    EXPECT_EQ(get("/.hidden").result(), http::status::not_found);
}

TEST_F(HttpTest, DirectoryWithoutSlashRedirects) {
    const auto res = get("/sub");
    EXPECT_EQ(res.result(), http::status::moved_permanently);
    EXPECT_EQ(res[http::field::location], "/sub/");
    EXPECT_EQ(get("/sub/").body(), "<p>sub</p>");
}

TEST_F(HttpTest, PathTraversalIsRefused) {
    for (const char* target : {"/../CMakeLists.txt", "/sub/../../CMakeLists.txt", "/%2e%2e/CMakeLists.txt",
                               "/..%2fCMakeLists.txt", "/sub/..\\..\\CMakeLists.txt", "/./index.html"}) {
        const auto res = get(target);
        EXPECT_EQ(res.result(), http::status::bad_request) << target;
        EXPECT_EQ(res.body().find(TempWebDir::secret), std::string::npos) << target;
    }
}

TEST_F(HttpTest, OtherMethodsAreRefused) {
    const auto res = http_request(server.port(), http::verb::post, "/healthz");
    EXPECT_EQ(res.result(), http::status::method_not_allowed);
    EXPECT_EQ(res[http::field::allow], "GET, HEAD");
}

TEST_F(HttpTest, WsWithoutUpgradeIs426) { EXPECT_EQ(get("/ws").result(), http::status::upgrade_required); }

TEST_F(HttpTest, KeepAliveServesSeveralRequestsOnOneConnection) {
    boost::asio::io_context ioc;
    boost::asio::ip::tcp::socket socket(ioc);
    socket.connect({boost::asio::ip::make_address("127.0.0.1"), server.port()});
    boost::beast::flat_buffer buffer;
    for (const char* target : {"/healthz", "/app.js", "/nope"}) {
        http::request<http::empty_body> req{http::verb::get, target, 11};
        req.set(http::field::host, "127.0.0.1");
        http::write(socket, req);
        http::response<http::string_body> res;
        http::read(socket, buffer, res);
        EXPECT_TRUE(res.keep_alive()) << target;
    }
}

}  // namespace http_test
}  // namespace belote::net::testing
