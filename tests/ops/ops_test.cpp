// Operations features in-process: configuration flags, JSON logs, metrics, /readyz, draining.

#include <gtest/gtest.h>

#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>
#include <nlohmann/json.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "server/config.hpp"
#include "server/ops/data_dir.hpp"
#include "server/ops/healthcheck.hpp"
#include "server/ops/lifecycle.hpp"
#include "server/ops/logging.hpp"
#include "server/ops/metrics.hpp"
#include "tests/net/test_server.hpp"
#include "tests/server/game_client.hpp"

namespace belote {
namespace ops_test {

using nlohmann::json;
namespace http = boost::beast::http;

struct Parsed {
    ConfigParse result;
    std::string out;
    std::string err;
};

Parsed parse(std::vector<const char*> args) {
    args.insert(args.begin(), "belote-server");
    std::ostringstream out, err;
    auto result = parse_config(static_cast<int>(args.size()), args.data(), out, err);
    return {std::move(result), out.str(), err.str()};
}

TEST(OpsConfigTest, DefaultsOfTheOperationsSettings) {
    const auto p = parse({});
    ASSERT_TRUE(p.result.config) << p.err;
    EXPECT_EQ(p.result.config->data_dir, "data");
    EXPECT_EQ(p.result.config->log_format, "text");
    EXPECT_EQ(p.result.config->shutdown_deadline_s, 10u);
    EXPECT_FALSE(p.result.config->healthcheck);
}

TEST(OpsConfigTest, FlagsAndEnvironment) {
    auto p = parse({"--data-dir", "/tmp/x", "--log-format", "JSON", "--shutdown-deadline-s", "3", "--healthcheck"});
    ASSERT_TRUE(p.result.config) << p.err;
    EXPECT_EQ(p.result.config->data_dir, "/tmp/x");
    EXPECT_EQ(p.result.config->log_format, "json");
    EXPECT_EQ(p.result.config->shutdown_deadline_s, 3u);
    EXPECT_TRUE(p.result.config->healthcheck);

    ::setenv("BELOTE_DATA_DIR", "/tmp/y", 1);
    ::setenv("BELOTE_LOG_FORMAT", "json", 1);
    ::setenv("BELOTE_SHUTDOWN_DEADLINE_S", "7", 1);
    p = parse({});
    ::unsetenv("BELOTE_DATA_DIR");
    ::unsetenv("BELOTE_LOG_FORMAT");
    ::unsetenv("BELOTE_SHUTDOWN_DEADLINE_S");
    ASSERT_TRUE(p.result.config) << p.err;
    EXPECT_EQ(p.result.config->data_dir, "/tmp/y");
    EXPECT_EQ(p.result.config->log_format, "json");
    EXPECT_EQ(p.result.config->shutdown_deadline_s, 7u);
}

TEST(OpsConfigTest, BadValuesAreRefusedNamingTheFlag) {
    for (const auto& [flag, value] :
         std::vector<std::pair<const char*, const char*>>{{"--log-format", "xml"},
                                                          {"--shutdown-deadline-s", "0"},
                                                          {"--shutdown-deadline-s", "abc"},
                                                          {"--shutdown-deadline-s", "99999"},
                                                          {"--data-dir", ""}}) {
        const auto p = parse({flag, value});
        EXPECT_FALSE(p.result.config) << flag << " " << value;
        EXPECT_NE(p.result.exit_code, 0);
        EXPECT_NE(p.err.find(flag), std::string::npos) << p.err;
    }
}

TEST(OpsConfigTest, HelpListsEverySettingWithItsEnvironmentVariable) {
    const auto p = parse({"--help"});
    EXPECT_FALSE(p.result.config);
    EXPECT_EQ(p.result.exit_code, 0);
    for (const char* name :
         {"--address", "--port", "--web-dir", "--data-dir", "--log-level", "--log-format", "--max-frame-bytes",
          "--max-send-queue", "--threads", "--robot-delay-ms", "--shutdown-deadline-s", "--healthcheck",
          "BELOTE_DATA_DIR", "BELOTE_LOG_FORMAT", "BELOTE_SHUTDOWN_DEADLINE_S"})
        EXPECT_NE(p.out.find(name), std::string::npos) << name << "\n" << p.out;
}

TEST(DataDirTest, CreatedWhenMissingAndRefusedWhenNotADirectory) {
    const auto root = std::filesystem::temp_directory_path() / ("belote-data-test-" + std::to_string(::getpid()));
    std::filesystem::remove_all(root);
    EXPECT_EQ(ops::prepare_data_dir((root / "a" / "b").string()), std::nullopt);
    EXPECT_TRUE(std::filesystem::is_directory(root / "a" / "b"));
    EXPECT_TRUE(std::filesystem::is_empty(root / "a" / "b"));  // the write probe is removed
    { std::ofstream(root / "file") << "x"; }
    auto problem = ops::prepare_data_dir((root / "file").string());
    ASSERT_TRUE(problem);
    EXPECT_NE(problem->find("file"), std::string::npos) << *problem;
    std::filesystem::remove_all(root);
}

TEST(JsonLogTest, EveryLineIsAJsonObjectWithProperEscaping) {
    std::ostringstream stream;
    auto sink = std::make_shared<spdlog::sinks::ostream_sink_mt>(stream);
    spdlog::logger logger("belote-test", sink);
    logger.set_formatter(std::make_unique<ops::JsonLogFormatter>());
    logger.set_level(spdlog::level::trace);

    const std::vector<std::string> messages{
        "plain",       R"(quotes " and backslash \ and {braces})", "new\nline\tand\rcontrol\x01\x1f",
        "utf-8 é ♠ 🂡", std::string("invalid utf-8 \xff\xfe end"),  "",
    };
    for (const auto& m : messages) logger.info("{}", m);
    logger.warn("number {} and {}", 42, "text");

    std::istringstream lines(stream.str());
    std::string line;
    std::vector<json> parsed;
    while (std::getline(lines, line)) {
        json j;
        ASSERT_NO_THROW(j = json::parse(line)) << line;
        ASSERT_TRUE(j.is_object()) << line;
        parsed.push_back(j);
    }
    ASSERT_EQ(parsed.size(), messages.size() + 1);
    for (std::size_t i = 0; i < messages.size(); ++i) {
        EXPECT_EQ(parsed[i]["level"], "info");
        EXPECT_EQ(parsed[i]["logger"], "belote-test");
        EXPECT_TRUE(parsed[i]["thread"].is_number_integer());
        EXPECT_TRUE(std::regex_match(parsed[i]["ts"].get<std::string>(),
                                     std::regex(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)")))
            << parsed[i]["ts"];
        if (i != 4) {
            EXPECT_EQ(parsed[i]["msg"], messages[i]);
        }
    }
    EXPECT_EQ(parsed[4]["msg"], "invalid utf-8 \xEF\xBF\xBD\xEF\xBF\xBD end");
    EXPECT_EQ(parsed.back()["level"], "warning");
    EXPECT_EQ(parsed.back()["msg"], "number 42 and text");
}

/// The value of an unlabelled (or exactly labelled) sample in Prometheus text, or -1.
double sample(const std::string& text, const std::string& name) {
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
        if (line.rfind(name + " ", 0) == 0) return std::stod(line.substr(name.size() + 1));
    }
    return -1;
}

TEST(MetricsTest, EveryDocumentedMetricIsExposed) {
    const std::string text = ops::metrics().serialize();
    for (const char* name :
         {"belote_open_connections", "belote_tables{state=\"waiting\"}", "belote_tables{state=\"playing\"}",
          "belote_tables{state=\"finished\"}", "belote_matches_started_total", "belote_matches_finished_total",
          "belote_matches_cancelled_total", "belote_messages_received_total", "belote_messages_sent_total",
          "belote_send_queue_overflows_total", "belote_robot_takeovers_total", "belote_reconnections_total",
          "belote_action_latency_seconds_count", "belote_action_latency_seconds_bucket{le=\"0.001\"}"})
        EXPECT_GE(sample(text, name), 0) << name << "\n" << text;
    EXPECT_NE(text.find("# TYPE belote_errors_total counter"), std::string::npos) << text;
    for (const char* code : {"bad_json", "not_your_turn", "shutting_down", "internal"})
        EXPECT_GE(sample(text, std::string("belote_errors_total{code=\"") + code + "\"}"), 0) << code;
}

TEST(MetricsTest, AMatchAgainstRobotsMovesTheCounters) {
    testing::GameServer server;
    const std::string before = ops::metrics().serialize();
    {
        testing::GameClient client(server.port());
        client.hello("Ana");
        EXPECT_EQ(client.request({{"type", "sit"}, {"table", "t999"}, {"seat", 0}})["code"], "no_such_table");
        const std::string table =
            client.request({{"type", "create_table"}, {"variant", "classic"}, {"target", 301}})["table"];
        client.request({{"type", "sit"}, {"table", table}, {"seat", 0}});
        for (int s = 1; s < 4; ++s) client.request({{"type", "add_robot"}, {"table", table}, {"seat", s}});
        client.request({{"type", "start"}, {"table", table}});
        int actions = 0;
        for (;;) {
            json m = client.next();
            if (m["type"] == "match_ended") break;
            if (m["type"] == "turn" && m["seat"] == 0) {
                json action = m["legal"].at(0);
                action["table"] = table;
                action["id"] = ++actions;
                client.send(action);
            }
        }
        // A request served on the table's strand: the table has finished its end-of-match bookkeeping
        // (the state the lobby reports) once it is answered.
        EXPECT_EQ(client.request({{"type", "get_record"}, {"table", table}})["type"], "ok");
        const std::string during = ops::metrics().serialize();
        EXPECT_EQ(sample(during, "belote_open_connections") - sample(before, "belote_open_connections"), 1);
        EXPECT_EQ(sample(during, "belote_tables{state=\"finished\"}"), 1) << during;
        EXPECT_EQ(sample(during, "belote_matches_started_total") - sample(before, "belote_matches_started_total"), 1);
        EXPECT_EQ(sample(during, "belote_matches_finished_total") - sample(before, "belote_matches_finished_total"), 1);
        EXPECT_GE(sample(during, "belote_messages_received_total") - sample(before, "belote_messages_received_total"),
                  7 + actions);
        EXPECT_GT(sample(during, "belote_messages_sent_total") - sample(before, "belote_messages_sent_total"),
                  6 + actions);
        EXPECT_GE(sample(during, "belote_action_latency_seconds_count") -
                      std::max(0.0, sample(before, "belote_action_latency_seconds_count")),
                  actions);
        EXPECT_GE(sample(during, "belote_errors_total{code=\"no_such_table\"}"), 1) << during;
    }
}

TEST(MetricsTest, ReconnectionWithTheTokenIsCounted) {
    testing::GameServer server;
    const double before = sample(ops::metrics().serialize(), "belote_reconnections_total");
    std::string token;
    {
        testing::GameClient first(server.port());
        token = first.hello("Ana")["token"];
    }
    testing::GameClient second(server.port());
    EXPECT_EQ(second.hello("Ana", token)["token"], token);
    EXPECT_EQ(sample(ops::metrics().serialize(), "belote_reconnections_total") - before, 1);
}

TEST(HttpOpsTest, ReadyzAndMetricsRoutes) {
    testing::GameServer server;
    auto ready = net::testing::http_request(server.port(), http::verb::get, "/readyz");
    EXPECT_EQ(ready.result_int(), 200);
    EXPECT_EQ(json::parse(ready.body())["status"], "ready");
    auto metrics = net::testing::http_request(server.port(), http::verb::get, "/metrics");
    EXPECT_EQ(metrics.result_int(), 200);
    EXPECT_EQ(metrics[http::field::content_type], ops::metrics_content_type);
    EXPECT_NE(metrics.body().find("belote_open_connections"), std::string::npos);
    auto head = net::testing::http_request(server.port(), http::verb::head, "/readyz");
    EXPECT_EQ(head.result_int(), 200);
}

TEST(HealthcheckTest, ExitCodeFollowsTheServer) {
    testing::GameServer server;
    Config config;
    config.address = "0.0.0.0";  // a wildcard: the check goes to the loopback address
    config.port = server.port();
    std::ostringstream out;
    EXPECT_EQ(ops::run_healthcheck(config, out), 0) << out.str();
    EXPECT_NE(out.str().find("healthy"), std::string::npos);

    // A port nobody listens on (bound then closed): refused.
    unsigned short free_port;
    {
        boost::asio::io_context ioc;
        boost::asio::ip::tcp::acceptor a(ioc, {boost::asio::ip::make_address("127.0.0.1"), 0});
        free_port = a.local_endpoint().port();
    }
    config.port = free_port;
    std::ostringstream out2;
    EXPECT_EQ(ops::run_healthcheck(config, out2, std::chrono::seconds(2)), 1);
    EXPECT_NE(out2.str().find("unhealthy"), std::string::npos) << out2.str();
}

/// While draining: not ready, create_table refused with shutting_down, a new WebSocket is closed
/// with 1012 at once. (The process-wide state is restored at the end.)
TEST(DrainTest, NotReadyNoNewTablesNewConnectionsToldToRetry) {
    testing::GameServer server;
    testing::GameClient client(server.port());
    client.hello("Ana");
    ops::lifecycle().begin_drain();
    struct Restore {
        ~Restore() { ops::lifecycle().reset_for_tests(); }
    } restore;

    EXPECT_EQ(net::testing::http_request(server.port(), http::verb::get, "/readyz").result_int(), 503);
    const json refused = client.request({{"type", "create_table"}, {"variant", "classic"}, {"target", 501}});
    EXPECT_EQ(refused["type"], "error");
    EXPECT_EQ(refused["code"], "shutting_down");
    EXPECT_EQ(client.request({{"type", "list_tables"}})["type"], "ok");  // other requests still work

    testing::GameClient late(server.port());
    EXPECT_EQ(late.read_until_closed(), 1012);
}

}  // namespace ops_test
}  // namespace belote
