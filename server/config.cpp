#include "server/config.hpp"

#include <CLI/CLI.hpp>
#include <boost/asio/ip/address.hpp>

#include <algorithm>
#include <cctype>
#include <iostream>
#include <vector>

#include "server/net/address_range.hpp"
#include "server/store/postgres_url.hpp"

#ifndef BELOTE_DEFAULT_WEB_DIR
#define BELOTE_DEFAULT_WEB_DIR "web"
#endif

namespace belote {

std::string default_web_dir() { return BELOTE_DEFAULT_WEB_DIR; }

namespace {

const CLI::Validator ip_address{[](std::string& value) -> std::string {
                                    boost::system::error_code ec;
                                    boost::asio::ip::make_address(value, ec);
                                    return ec ? "not an IP address: " + value : std::string{};
                                },
                                "IP"};

/// --trusted-proxy: an address or a network in CIDR notation (server/net/address_range.hpp).
const CLI::Validator address_range{[](std::string& value) { return net::address_range_error(value); }, "IP|CIDR"};

/// --store: sqlite, memory or a PostgreSQL URL. The message never repeats the value: a mistyped URL
/// may hold a password.
const CLI::Validator store_choice{[](std::string& value) -> std::string {
                                      if (value == "sqlite" || value == "memory" || store::is_postgres_url(value))
                                          return {};
                                      return "not sqlite, memory, or a URL starting with postgres:// or "
                                             "postgresql://";
                                  },
                                  "STORE"};

/// Operations settings (docs/operations.md).
void add_ops_options(CLI::App& app, Config& c) {
    app.add_option("--data-dir", c.data_dir, "Data directory, created at start-up if missing")
        ->envname("BELOTE_DATA_DIR")
        ->capture_default_str()
        ->check([](const std::string& v) { return v.empty() ? std::string("empty path") : std::string(); });
    app.add_option("--log-format", c.log_format, "Log format on stdout: text, or json (one object per line)")
        ->envname("BELOTE_LOG_FORMAT")
        ->capture_default_str()
        ->transform(CLI::IsMember(std::vector<std::string>{"text", "json"}, CLI::ignore_case));
    app.add_option("--shutdown-deadline-s", c.shutdown_deadline_s,
                   "On SIGTERM/SIGINT, seconds allowed for clients to close (1012) before exiting")
        ->envname("BELOTE_SHUTDOWN_DEADLINE_S")
        ->capture_default_str()
        ->check(CLI::Range(1u, 3600u));
    app.add_flag("--healthcheck", c.healthcheck,
                 "Do not serve: GET /healthz of the server at --address/--port, exit 0 if healthy");
    app.add_option("--store", c.store,
                   "Where players, tables and matches are kept: sqlite (<data-dir>/belote.db), memory (lost on "
                   "exit) or a PostgreSQL URL (postgres://user:password@host:port/database)")
        ->envname("BELOTE_STORE")
        ->capture_default_str()
        ->check(store_choice);
    app.add_option("--durability", c.durability,
                   "normal: a stored change survives a crash of the process; full: it survives a power loss too")
        ->envname("BELOTE_DURABILITY")
        ->capture_default_str()
        ->check(CLI::IsMember({"normal", "full"}));
    app.add_option("--return-grace-s", c.return_grace_s,
                   "After a restart, seconds the people at a table have to come back before robots take their seats")
        ->envname("BELOTE_RETURN_GRACE_S")
        ->capture_default_str()
        ->check(CLI::Range(1u, 3'600u));
    app.add_option("--backup", c.backup, "Do not serve: copy the store of --data-dir to this file (online) and exit");
    app.add_flag("--audit", c.audit,
                 "Do not serve: check that the chip ledger of --data-dir balances (docs/room.md), exit 0 if it does");
}

/// An origin as browsers send it: scheme "http" or "https", "://", a host, an optional port, no
/// path. Lowercased.
const CLI::Validator web_origin{[](std::string& value) -> std::string {
                                    for (auto& c : value)
                                        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
                                    const auto rest = value.starts_with("https://")  ? value.substr(8)
                                                      : value.starts_with("http://") ? value.substr(7)
                                                                                     : std::string();
                                    if (rest.empty() || rest.find_first_of("/?#@ ") != std::string::npos)
                                        return "not an origin such as https://cards.example.org: " + value;
                                    return {};
                                },
                                "ORIGIN"};

/// The card room (docs/room.md "Chips").
void add_room_options(CLI::App& app, Config& c) {
    app.add_option("--starting-chips", c.starting_chips, "Chips a registered player's wallet starts with")
        ->envname("BELOTE_STARTING_CHIPS")
        ->capture_default_str()
        ->check(CLI::Range(0u, 1'000'000'000u));
    app.add_option("--topup-floor", c.topup_floor,
                   "Once a UTC day, at sign-in, a wallet below this many chips is topped up to it (0: never)")
        ->envname("BELOTE_TOPUP_FLOOR")
        ->capture_default_str()
        ->check(CLI::Range(0u, 1'000'000'000u));
}

/// Accounts and sessions (docs/operations.md "Accounts").
void add_account_options(CLI::App& app, Config& c) {
    app.add_option("--session-ttl-days", c.session_ttl_days,
                   "Days a session token lasts after its last use (then hello with it starts a new guest)")
        ->envname("BELOTE_SESSION_TTL_DAYS")
        ->capture_default_str()
        ->check(CLI::Range(1u, 3650u));
    app.add_option("--password-hash-limits", c.password_hash_limits,
                   "Argon2id cost of a password hash: interactive (tests only), moderate (~0.5 s, 256 MiB) or "
                   "sensitive (~3 s, 1 GiB)")
        ->envname("BELOTE_PASSWORD_HASH_LIMITS")
        ->capture_default_str()
        ->check(CLI::IsMember({"interactive", "moderate", "sensitive"}));
    app.add_option("--password-hash-threads", c.password_hash_threads,
                   "Threads that hash passwords (each hash holds the memory of its limits)")
        ->envname("BELOTE_PASSWORD_HASH_THREADS")
        ->capture_default_str()
        ->check(CLI::Range(1u, 8u));
    app.add_option("--trusted-proxy", c.trusted_proxies,
                   "A reverse proxy (an IP address, or a network such as 10.89.47.0/24) whose X-Forwarded-For "
                   "header names the client's address (repeatable; the variable takes a comma-separated list)")
        ->envname("BELOTE_TRUSTED_PROXY")
        ->delimiter(',')
        ->check(address_range);
    app.add_option("--allowed-origin", c.allowed_origins,
                   "An origin besides the server's own whose pages may open a WebSocket (repeatable; the variable "
                   "takes a comma-separated list)")
        ->envname("BELOTE_ALLOWED_ORIGIN")
        ->delimiter(',')
        ->transform(web_origin);
}

/// Nodes sharing a PostgreSQL store (docs/operations.md "Table ownership").
void add_node_options(CLI::App& app, Config& c) {
    app.add_option("--node-id", c.node_id,
                   "This node's id in the directory of tables (letters, digits, '-', '_', '.'; default: the one kept "
                   "in <data-dir>/node-id, else a random id drawn at start-up, kept there and logged)")
        ->envname("BELOTE_NODE_ID")
        ->check([](const std::string& v) -> std::string {
            if (v.empty() || v.size() > 64) return "a node id has 1 to 64 characters";
            for (char ch : v)
                if (!std::isalnum(static_cast<unsigned char>(ch)) && ch != '-' && ch != '_' && ch != '.')
                    return "a node id holds letters, digits, '-', '_' and '.' only: " + v;
            return {};
        });
    app.add_option("--advertise-url", c.advertise_url,
                   "The WebSocket URL clients are sent to for the tables this node serves: ws://host:port/ws, "
                   "wss://host/ws, or an absolute path (/node/a/ws) the client resolves against its page's origin")
        ->envname("BELOTE_ADVERTISE_URL")
        ->check([](const std::string& v) -> std::string {
            const bool blank = std::any_of(v.begin(), v.end(), [](unsigned char ch) { return ch <= ' ' || ch == 127; });
            const auto after = [&](std::string_view prefix) {
                return v.starts_with(prefix) && v.size() > prefix.size() && v[prefix.size()] != '/';
            };
            if (!blank && (after("ws://") || after("wss://") || after("/"))) return {};
            return "not a ws:// or wss:// URL with a host, nor an absolute path (/node/a/ws), without spaces: " + v;
        });
    app.add_option("--lease-ms", c.lease_ms,
                   "PostgreSQL store: milliseconds a claim or a renewal holds a table; a node that stops renewing "
                   "loses its tables to another node this long after its last renewal")
        ->envname("BELOTE_LEASE_MS")
        ->capture_default_str()
        ->check(CLI::Range(500u, 600'000u));
    app.add_option("--lease-renew-ms", c.lease_renew_ms,
                   "PostgreSQL store: milliseconds between two renewals of this node's leases, and between two "
                   "looks for tables whose lease ended (less than --lease-ms)")
        ->envname("BELOTE_LEASE_RENEW_MS")
        ->capture_default_str()
        ->check(CLI::Range(100u, 600'000u));
}

}  // namespace

ConfigParse parse_config(int argc, const char* const* argv, std::ostream& out, std::ostream& err) {
    Config c;
    CLI::App app{"belote-server: authoritative multiplayer Belote server (HTTP + WebSocket)", "belote-server"};
    app.get_formatter()->column_width(40);

    app.add_option("-a,--address", c.address, "IP address to listen on")
        ->envname("BELOTE_ADDRESS")
        ->capture_default_str()
        ->check(ip_address);
    app.add_option("-p,--port", c.port, "TCP port to listen on (0: any free port)")
        ->envname("BELOTE_PORT")
        ->capture_default_str()
        ->check(CLI::Number)
        ->check(CLI::Range(0, 65535));
    app.add_option("-w,--web-dir", c.web_dir, "Directory of the browser client, served at /")
        ->envname("BELOTE_WEB_DIR")
        ->capture_default_str()
        ->check(CLI::ExistingDirectory);
    app.add_option("-l,--log-level", c.log_level, "Log level")
        ->envname("BELOTE_LOG_LEVEL")
        ->capture_default_str()
        ->transform(CLI::IsMember(
            std::vector<std::string>{"trace", "debug", "info", "warn", "error", "critical", "off"}, CLI::ignore_case));
    app.add_option("--max-frame-bytes", c.max_frame_bytes, "Largest WebSocket message accepted from a client, in bytes")
        ->envname("BELOTE_MAX_FRAME_BYTES")
        ->capture_default_str()
        ->check(CLI::Number)
        ->check(CLI::Range(std::size_t{256}, std::size_t{16} << 20));
    app.add_option("--max-send-queue", c.max_send_queue,
                   "Most messages queued to a client before it is disconnected (4008)")
        ->envname("BELOTE_MAX_SEND_QUEUE")
        ->capture_default_str()
        ->check(CLI::Number)
        ->check(CLI::Range(std::size_t{1}, std::size_t{1'000'000}));
    app.add_option("--max-send-queue-bytes", c.max_send_queue_bytes,
                   "Most bytes queued to a client before it is disconnected (4008)")
        ->envname("BELOTE_MAX_SEND_QUEUE_BYTES")
        ->capture_default_str()
        ->check(CLI::Number)
        ->check(CLI::Range(std::size_t{64} << 10, std::size_t{1} << 30));
    app.add_option("--idle-timeout-s", c.idle_timeout_s,
                   "Seconds of silence after which a WebSocket client is dropped (pinged at half)")
        ->envname("BELOTE_IDLE_TIMEOUT_S")
        ->capture_default_str()
        ->check(CLI::Range(2u, 86'400u));
    app.add_option("-t,--threads", c.threads, "Number of I/O threads")
        ->envname("BELOTE_THREADS")
        ->capture_default_str()
        ->check(CLI::Number)
        ->check(CLI::Range(1u, 256u));

    app.add_option("--robot-delay-ms", c.robot_delay_ms, "Milliseconds a robot waits before acting (0: at once)")
        ->envname("BELOTE_ROBOT_DELAY_MS")
        ->capture_default_str()
        ->check(CLI::Range(0u, 60'000u));

    add_ops_options(app, c);
    add_account_options(app, c);
    add_room_options(app, c);
    app.add_option("--reclaim-window-s", c.reclaim_window_s,
                   "Seconds a disconnected player's seat stays reserved during a match (a robot plays meanwhile)")
        ->envname("BELOTE_RECLAIM_WINDOW_S")
        ->capture_default_str()
        ->check(CLI::Range(1u, 86'400u));
    app.add_option("--msg-burst", c.msg_burst, "Messages a connection may send in a burst (over: close 4029)")
        ->envname("BELOTE_MSG_BURST")
        ->capture_default_str()
        ->check(CLI::Range(1u, 1'000'000u));
    app.add_option("--msg-rate", c.msg_rate, "Sustained messages per second per connection (over: close 4029)")
        ->envname("BELOTE_MSG_RATE")
        ->capture_default_str()
        ->check(CLI::Range(1u, 1'000'000u));
    app.add_option("--max-tables-per-player", c.max_tables_per_player,
                   "Unfinished tables one player may have created (over: too_many_tables)")
        ->envname("BELOTE_MAX_TABLES_PER_PLAYER")
        ->capture_default_str()
        ->check(CLI::Range(1u, 10'000u));
    app.add_option("--robot-threads", c.robot_threads, "Worker threads for robot decisions (off the table strands)")
        ->envname("BELOTE_ROBOT_THREADS")
        ->capture_default_str()
        ->check(CLI::Range(1u, 256u));
    app.add_option(
           "--robot-budget-ms", c.robot_budget_ms,
           "Milliseconds a robot above easy may think per decision (it stops earlier when its level's work is done)")
        ->envname("BELOTE_ROBOT_BUDGET_MS")
        ->capture_default_str()
        ->check(CLI::Range(1u, 60'000u));
    app.add_option("--takeover-robot-level", c.takeover_robot_level,
                   "Level of the robot that plays for a disconnected, away or timed-out player")
        ->envname("BELOTE_TAKEOVER_ROBOT_LEVEL")
        ->capture_default_str()
        ->check(CLI::IsMember({"easy", "medium", "hard", "expert"}));
    app.add_option("--idle-table-s", c.idle_table_s,
                   "Seconds a table with nobody connected and no match in progress is kept before it is closed")
        ->envname("BELOTE_IDLE_TABLE_S")
        ->capture_default_str()
        ->check(CLI::Range(1u, 7u * 86'400u));
    app.add_option("--guest-ttl-s", c.guest_ttl_s,
                   "Seconds a player with no connection and no table is remembered (its token then expires)")
        ->envname("BELOTE_GUEST_TTL_S")
        ->capture_default_str()
        ->check(CLI::Range(1u, 30u * 86'400u));

    app.add_option("--max-tables-per-address", c.max_tables_per_address,
                   "Unfinished tables the players of one IP address may have created (over: too_many_tables; 0: no "
                   "limit)")
        ->envname("BELOTE_MAX_TABLES_PER_ADDRESS")
        ->capture_default_str()
        ->check(CLI::Range(0u, 1'000'000u));
    app.add_option("--max-waiting-tables", c.max_waiting_tables,
                   "Tables whose first match has not started, server-wide (over: lobby_full; 0: no limit)")
        ->envname("BELOTE_MAX_WAITING_TABLES")
        ->capture_default_str()
        ->check(CLI::Range(0u, 10'000'000u));
    app.add_option("--hello-timeout-s", c.hello_timeout_s,
                   "Seconds a new WebSocket connection has to say hello (else: close 4002)")
        ->envname("BELOTE_HELLO_TIMEOUT_S")
        ->capture_default_str()
        ->check(CLI::Range(1u, 3'600u));
    app.add_option("--max-connections-per-address", c.max_connections_per_address,
                   "WebSocket connections one IP address may hold at once (over: close 4003; 0: no limit)")
        ->envname("BELOTE_MAX_CONNECTIONS_PER_ADDRESS")
        ->capture_default_str()
        ->check(CLI::Range(0u, 1'000'000u));

    add_node_options(app, c);

    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        return {std::nullopt, app.exit(e, out, err)};
    }
    if (c.lease_renew_ms >= c.lease_ms) {
        err << "--lease-renew-ms (" << c.lease_renew_ms << ") must be less than --lease-ms (" << c.lease_ms
            << "): a lease would end before its renewal\n";
        return {std::nullopt, static_cast<int>(CLI::ExitCodes::ValidationError)};
    }
    return {std::move(c), 0};
}

ConfigParse parse_config(int argc, const char* const* argv) { return parse_config(argc, argv, std::cout, std::cerr); }

}  // namespace belote
