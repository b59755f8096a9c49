#include "server/config.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <vector>

namespace belote {
namespace config_test {

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

/// Sets an environment variable for the scope of a test.
struct ScopedEnv {
    const char* name;
    ScopedEnv(const char* n, const char* value) : name(n) { ::setenv(n, value, 1); }
    ~ScopedEnv() { ::unsetenv(name); }
};

TEST(ConfigTest, Defaults) {
    const auto p = parse({});
    ASSERT_TRUE(p.result.config);
    const Config& c = *p.result.config;
    EXPECT_EQ(c.address, "0.0.0.0");
    EXPECT_EQ(c.port, 8080);
    EXPECT_EQ(c.log_level, "info");
    EXPECT_EQ(c.max_frame_bytes, 64u * 1024u);
    EXPECT_EQ(c.max_send_queue, 256u);
    EXPECT_EQ(c.max_send_queue_bytes, 4u << 20);
    EXPECT_EQ(c.hello_timeout_s, 10u);
    EXPECT_EQ(c.max_connections_per_address, 20u);
    EXPECT_EQ(c.threads, 2u);
    EXPECT_EQ(c.web_dir, default_web_dir());
    EXPECT_TRUE(std::filesystem::path(c.web_dir).is_absolute());
}

TEST(ConfigTest, Flags) {
    const auto tmp = std::filesystem::temp_directory_path().string();
    const auto p = parse({"--address",
                          "::1",
                          "-p",
                          "9000",
                          "--web-dir",
                          tmp.c_str(),
                          "--log-level",
                          "DEBUG",
                          "--max-frame-bytes",
                          "4096",
                          "--max-send-queue",
                          "16",
                          "-t",
                          "4",
                          "--max-send-queue-bytes",
                          "1048576",
                          "--hello-timeout-s",
                          "3",
                          "--max-connections-per-address",
                          "0"});
    ASSERT_TRUE(p.result.config) << p.err;
    const Config& c = *p.result.config;
    EXPECT_EQ(c.address, "::1");
    EXPECT_EQ(c.port, 9000);
    EXPECT_EQ(c.web_dir, tmp);
    EXPECT_EQ(c.log_level, "debug");
    EXPECT_EQ(c.max_frame_bytes, 4096u);
    EXPECT_EQ(c.max_send_queue, 16u);
    EXPECT_EQ(c.max_send_queue_bytes, 1u << 20);
    EXPECT_EQ(c.hello_timeout_s, 3u);
    EXPECT_EQ(c.max_connections_per_address, 0u);
    EXPECT_EQ(c.threads, 4u);
}

TEST(ConfigTest, EnvironmentVariablesAndFlagPrecedence) {
    ScopedEnv port{"BELOTE_PORT", "9100"};
    ScopedEnv level{"BELOTE_LOG_LEVEL", "warn"};
    ScopedEnv threads{"BELOTE_THREADS", "3"};
    auto p = parse({});
    ASSERT_TRUE(p.result.config) << p.err;
    EXPECT_EQ(p.result.config->port, 9100);
    EXPECT_EQ(p.result.config->log_level, "warn");
    EXPECT_EQ(p.result.config->threads, 3u);

    p = parse({"--port", "9200"});
    ASSERT_TRUE(p.result.config) << p.err;
    EXPECT_EQ(p.result.config->port, 9200);
}

TEST(ConfigTest, HelpListsFlagsDefaultsAndEnvironment) {
    const auto p = parse({"--help"});
    EXPECT_FALSE(p.result.config);
    EXPECT_EQ(p.result.exit_code, 0);
    for (const char* s : {"--port", "8080", "BELOTE_PORT", "BELOTE_ADDRESS", "BELOTE_WEB_DIR", "BELOTE_LOG_LEVEL",
                          "BELOTE_MAX_FRAME_BYTES", "BELOTE_MAX_SEND_QUEUE", "BELOTE_THREADS"}) {
        EXPECT_NE(p.out.find(s), std::string::npos) << s;
    }
}

TEST(ConfigTest, BadValuesAreRefusedWithTheFlagName) {
    const std::vector<std::pair<std::vector<const char*>, const char*>> cases = {
        {{"--port", "70000"}, "--port"},
        {{"--port", "abc"}, "--port"},
        {{"--threads", "0"}, "--threads"},
        {{"--address", "not-an-ip"}, "--address"},
        {{"--log-level", "loud"}, "--log-level"},
        {{"--web-dir", "/definitely/not/here"}, "--web-dir"},
        {{"--max-send-queue", "0"}, "--max-send-queue"},
        {{"--bogus"}, "--bogus"},
    };
    for (const auto& [args, flag] : cases) {
        const auto p = parse(args);
        EXPECT_FALSE(p.result.config) << flag;
        EXPECT_NE(p.result.exit_code, 0) << flag;
        EXPECT_NE(p.err.find(flag), std::string::npos) << flag << ": " << p.err;
    }
}

TEST(ConfigTest, BadEnvironmentValueIsRefused) {
    ScopedEnv port{"BELOTE_PORT", "eighty"};
    const auto p = parse({});
    EXPECT_FALSE(p.result.config);
    EXPECT_NE(p.result.exit_code, 0);
}

TEST(ConfigTest, NodeOptionsHaveFlagsEnvironmentAndDefaults) {
    const auto defaults = parse({});
    ASSERT_TRUE(defaults.result.config) << defaults.err;
    EXPECT_EQ(defaults.result.config->node_id, "");  // drawn at start-up
    EXPECT_EQ(defaults.result.config->advertise_url, "");
    EXPECT_EQ(defaults.result.config->lease_ms, 10'000u);
    EXPECT_EQ(defaults.result.config->lease_renew_ms, 3'000u);

    const auto flags = parse({"--node-id", "node-a.1", "--advertise-url", "wss://a.example.org", "--lease-ms", "2000",
                              "--lease-renew-ms", "500"});
    ASSERT_TRUE(flags.result.config) << flags.err;
    EXPECT_EQ(flags.result.config->node_id, "node-a.1");
    EXPECT_EQ(flags.result.config->advertise_url, "wss://a.example.org");
    EXPECT_EQ(flags.result.config->lease_ms, 2000u);
    EXPECT_EQ(flags.result.config->lease_renew_ms, 500u);
    {
        ScopedEnv id{"BELOTE_NODE_ID", "b"};
        ScopedEnv url{"BELOTE_ADVERTISE_URL", "ws://10.0.0.2:8080"};
        const auto env = parse({});
        ASSERT_TRUE(env.result.config) << env.err;
        EXPECT_EQ(env.result.config->node_id, "b");
        EXPECT_EQ(env.result.config->advertise_url, "ws://10.0.0.2:8080");
    }
    // Behind one reverse proxy: a path the client resolves against its page's origin.
    const auto path = parse({"--advertise-url", "/node/a/ws"});
    ASSERT_TRUE(path.result.config) << path.err;
    EXPECT_EQ(path.result.config->advertise_url, "/node/a/ws");
    const auto help = parse({"--help"});
    for (const char* s : {"--node-id", "BELOTE_NODE_ID", "--advertise-url", "BELOTE_ADVERTISE_URL", "BELOTE_LEASE_MS",
                          "BELOTE_LEASE_RENEW_MS"})
        EXPECT_NE(help.out.find(s), std::string::npos) << s;

    for (const auto& [args, flag] : std::vector<std::pair<std::vector<const char*>, const char*>>{
             {{"--node-id", "a b"}, "--node-id"},
             {{"--advertise-url", "node1:8080"}, "--advertise-url"},
             {{"--advertise-url", "http://node1:8080/ws"}, "--advertise-url"},
             {{"--advertise-url", "ws://"}, "--advertise-url"},
             {{"--advertise-url", "//node1/ws"}, "--advertise-url"},
             {{"--advertise-url", "node/a/ws"}, "--advertise-url"},
             {{"--advertise-url", "/node/a ws"}, "--advertise-url"},
             {{"--lease-ms", "100"}, "--lease-ms"},
             {{"--lease-ms", "2000", "--lease-renew-ms", "2000"}, "--lease-renew-ms"},
         }) {
        const auto p = parse(args);
        EXPECT_FALSE(p.result.config) << flag;
        EXPECT_NE(p.result.exit_code, 0) << flag;
        EXPECT_NE(p.err.find(flag), std::string::npos) << flag << ": " << p.err;
    }
}

TEST(ConfigTest, TheStoreIsSqliteMemoryOrAPostgresUrl) {
    EXPECT_EQ(parse({}).result.config->store, "sqlite");
    EXPECT_EQ(parse({"--store", "memory"}).result.config->store, "memory");
    for (const char* url : {"postgres://belote:pw@db:5432/belote", "postgresql://db/belote?sslmode=require"}) {
        const auto p = parse({"--store", url});
        ASSERT_TRUE(p.result.config) << url << ": " << p.err;
        EXPECT_EQ(p.result.config->store, url);
    }
    ScopedEnv store{"BELOTE_STORE", "postgres://db/belote"};
    EXPECT_EQ(parse({}).result.config->store, "postgres://db/belote");
}

TEST(ConfigTest, ABadStoreIsRefusedWithoutRepeatingIt) {
    for (const char* bad : {"mysql://belote:hunter2@db/belote", "postgres:/belote:hunter2@db", "hunter2"}) {
        const auto p = parse({"--store", bad});
        EXPECT_FALSE(p.result.config) << bad;
        EXPECT_NE(p.err.find("--store"), std::string::npos) << p.err;
        EXPECT_NE(p.err.find("postgres://"), std::string::npos) << p.err;
        EXPECT_EQ(p.err.find("hunter2"), std::string::npos) << "the value may hold a password: " << p.err;
    }
}

}  // namespace config_test
}  // namespace belote
