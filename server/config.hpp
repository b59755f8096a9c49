#pragma once

#include <cstddef>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace belote {

/// The web/ directory of the source tree this binary was built from (absolute path).
std::string default_web_dir();

/// Server settings. Every field can be given as a command-line flag or a BELOTE_* environment
/// variable (the flag wins); see parse_config.
struct Config {
    std::string address = "0.0.0.0";             ///< --address, BELOTE_ADDRESS: IPv4/IPv6 to bind
    unsigned short port = 8080;                  ///< --port, BELOTE_PORT: 0 picks a free port
    std::string web_dir = default_web_dir();     ///< --web-dir, BELOTE_WEB_DIR: served at "/"
    std::string log_level = "info";              ///< --log-level, BELOTE_LOG_LEVEL: spdlog level name
    std::size_t max_frame_bytes = 64 * 1024;     ///< --max-frame-bytes, BELOTE_MAX_FRAME_BYTES
    std::size_t max_send_queue = 256;            ///< --max-send-queue, BELOTE_MAX_SEND_QUEUE (messages)
    std::size_t max_send_queue_bytes = 4 << 20;  ///< --max-send-queue-bytes, BELOTE_MAX_SEND_QUEUE_BYTES
    unsigned idle_timeout_s =
        30;                ///< --idle-timeout-s, BELOTE_IDLE_TIMEOUT_S: ping at half, drop a silent client at the end
    unsigned threads = 2;  ///< --threads, BELOTE_THREADS: io_context threads
    unsigned robot_delay_ms = 700;  ///< --robot-delay-ms, BELOTE_ROBOT_DELAY_MS: pause before a robot acts
    // Operations (docs/operations.md):
    std::string data_dir = "data";      ///< --data-dir, BELOTE_DATA_DIR: created at start-up
    std::string log_format = "text";    ///< --log-format, BELOTE_LOG_FORMAT: "text" or "json"
    unsigned shutdown_deadline_s = 10;  ///< --shutdown-deadline-s, BELOTE_SHUTDOWN_DEADLINE_S
    bool healthcheck = false;           ///< --healthcheck: probe a running server's /healthz and exit
    std::string store = "sqlite";       ///< --store, BELOTE_STORE: sqlite, memory or a postgres:// URL
    std::string durability = "normal";  ///< --durability, BELOTE_DURABILITY: normal (survives a crash) or full
    unsigned return_grace_s = 60;       ///< --return-grace-s, BELOTE_RETURN_GRACE_S: after a restart, time to come back
    std::string backup;                 ///< --backup FILE: copy the store to FILE (online) and exit
    bool audit = false;                 ///< --audit: check the chip ledger of --data-dir and exit (0: balanced)
    unsigned reclaim_window_s =
        180;                     ///< --reclaim-window-s, BELOTE_RECLAIM_WINDOW_S: seat kept for a disconnected player
    unsigned msg_burst = 200;    ///< --msg-burst, BELOTE_MSG_BURST: messages a connection may send at once
    unsigned msg_rate = 50;      ///< --msg-rate, BELOTE_MSG_RATE: sustained messages per second (then 4029)
    unsigned robot_threads = 2;  ///< --robot-threads, BELOTE_ROBOT_THREADS: robot decision workers
    unsigned robot_budget_ms = 40;  ///< --robot-budget-ms, BELOTE_ROBOT_BUDGET_MS: thinking time per robot decision
    /// --takeover-robot-level, BELOTE_TAKEOVER_ROBOT_LEVEL: easy, medium, hard or expert, the level of
    /// the robot that plays a human's seat (disconnected, away, out of time)
    std::string takeover_robot_level = "expert";
    unsigned idle_table_s = 600;  ///< --idle-table-s, BELOTE_IDLE_TABLE_S: a table nobody is at closes after this
    unsigned guest_ttl_s =
        3600;  ///< --guest-ttl-s, BELOTE_GUEST_TTL_S: a player with no connection and no table expires
    unsigned max_tables_per_player = 5;    ///< --max-tables-per-player, BELOTE_MAX_TABLES_PER_PLAYER: unfinished tables
    unsigned max_tables_per_address = 20;  ///< --max-tables-per-address, BELOTE_MAX_TABLES_PER_ADDRESS: unfinished
                                           ///< tables created from one IP (0: none)
    unsigned max_waiting_tables =
        1000;  ///< --max-waiting-tables, BELOTE_MAX_WAITING_TABLES: tables not started yet, server-wide (0: none)
    unsigned hello_timeout_s = 10;  ///< --hello-timeout-s, BELOTE_HELLO_TIMEOUT_S: a connection must say hello by then
    unsigned max_connections_per_address =
        20;  ///< --max-connections-per-address, BELOTE_MAX_CONNECTIONS_PER_ADDRESS: WebSockets per IP (0: no limit)
    // The card room (docs/room.md):
    unsigned starting_chips = 1000;  ///< --starting-chips, BELOTE_STARTING_CHIPS: a registered player's first balance
    unsigned topup_floor = 100;      ///< --topup-floor, BELOTE_TOPUP_FLOOR: once a UTC day, a wallet below it is
                                     ///< topped up to it at sign-in
    // Accounts (docs/operations.md "Accounts"):
    unsigned session_ttl_days =
        30;  ///< --session-ttl-days, BELOTE_SESSION_TTL_DAYS: a token's lifetime from its last use
    /// --password-hash-limits, BELOTE_PASSWORD_HASH_LIMITS: the Argon2id cost, "interactive", "moderate"
    /// (about 0.5 s and 256 MiB per hash) or "sensitive"
    std::string password_hash_limits = "moderate";
    unsigned password_hash_threads = 1;  ///< --password-hash-threads, BELOTE_PASSWORD_HASH_THREADS
    /// --allowed-origin (repeatable), BELOTE_ALLOWED_ORIGIN (comma-separated): origins besides the
    /// server's own whose pages may open a WebSocket ("https://cards.example.org"), lowercase
    std::vector<std::string> allowed_origins;
    /// --trusted-proxy, BELOTE_TRUSTED_PROXY: reverse proxies (IP addresses or CIDR networks) whose X-Forwarded-For
    /// names the client's address (docs/operations.md "Behind a reverse proxy")
    std::vector<std::string> trusted_proxies;
    // Nodes (docs/operations.md "Table ownership"); ownership is used only on a PostgreSQL store:
    /// --node-id, BELOTE_NODE_ID: this process's name in the directory of tables; empty: the one kept
    /// in <data-dir>/node-id, else a random id drawn at start-up and kept there (logged)
    std::string node_id;
    /// --advertise-url, BELOTE_ADVERTISE_URL: the address other nodes and clients reach this node at
    /// (ws:// or wss:// URL, or an absolute path resolved against the page's origin): written in the
    /// registry of nodes, where the other nodes send clients (docs/operations.md "Routing"); empty: none
    std::string advertise_url;
    unsigned lease_ms = 10'000;       ///< --lease-ms, BELOTE_LEASE_MS: how long a claim or renewal holds a table
    unsigned lease_renew_ms = 3'000;  ///< --lease-renew-ms, BELOTE_LEASE_RENEW_MS: renewal and orphan scan period
};

/// Result of parse_config: a config to run with, or the process exit code to return.
struct ConfigParse {
    std::optional<Config> config;  ///< set when the server should start
    int exit_code = 0;             ///< when `config` is empty: 0 after --help, non-zero on error
};

/// Parses argv (argv[0] is the program name) and the BELOTE_* environment variables with CLI11.
/// --help prints every flag with its default and environment variable to `out`. A bad value
/// (unknown flag, non-number, out of range, non-existent --web-dir, bad IP, unknown log level)
/// prints a message naming the flag to `err`. Neither case throws.
ConfigParse parse_config(int argc, const char* const* argv, std::ostream& out, std::ostream& err);

/// parse_config writing to std::cout / std::cerr.
ConfigParse parse_config(int argc, const char* const* argv);

}  // namespace belote
