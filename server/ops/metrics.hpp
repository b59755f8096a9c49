#pragma once
// Process-wide Prometheus metrics (prometheus-cpp core: Registry + TextSerializer), served as
// text at GET /metrics. The game and network layers call the small functions below where the
// events happen; docs/operations.md lists every metric.

#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

namespace prometheus {
class Registry;
class Counter;
class Gauge;
class Histogram;
template <typename T>
class Family;
}  // namespace prometheus

namespace belote::ops {

/// Number of tables in each lobby state, in the order waiting, playing, finished.
using TableCounts = std::array<std::uint64_t, 3>;

/// The server's metrics. Every member function is thread-safe and cheap (atomic increments),
/// so it may be called from any strand. One instance per process: see metrics().
class Metrics {
public:
    Metrics();
    ~Metrics();
    Metrics(const Metrics&) = delete;
    Metrics& operator=(const Metrics&) = delete;

    /// A WebSocket connection opened / closed (gauge belote_open_connections).
    void connection_opened();
    void connection_closed();
    /// A connection closed with 4008 because it did not read what was sent to it
    /// (belote_send_queue_overflows_total), and how many so far.
    void send_queue_overflow();
    std::int64_t send_queue_overflows() const;

    /// One text message received from / queued to a client (belote_messages_{received,sent}_total).
    void message_received();
    void message_sent();

    /// A match started / ended normally / was cancelled (belote_matches_*_total).
    void match_started();
    void match_finished();
    void match_cancelled();

    /// An error reply with wire code `code` (belote_errors_total{code=...}; every code of
    /// protocol::ErrorCode is exposed from start-up, others are added on first use).
    void error(std::string_view code);

    /// A robot took over a seat whose player left; a player resumed its session with its token.
    void robot_takeover();
    void reconnection();

    /// Table ownership (docs/operations.md "Table ownership"): a table claimed by this node
    /// (belote_table_claims_total, and one more in gauge belote_tables_owned); a lease renewed
    /// (belote_lease_renewals_total); a table no longer owned (one less owned), `lost` when it was
    /// taken from this node rather than closed (belote_leases_lost_total).
    void table_claimed();
    void lease_renewed();
    void table_released(bool lost);
    /// A client sent to the node that serves a table (table_elsewhere, or table_moved after a
    /// hello's resume): belote_redirects_total (docs/operations.md "Routing").
    void redirect();

    /// Time from receiving an accepted action to queueing its events
    /// (histogram belote_action_latency_seconds).
    void observe_action_latency(std::chrono::steady_clock::duration elapsed);

    /// Registers a function giving the current number of tables by state (gauge belote_tables,
    /// read at each scrape; the values of all sources are added). Returns a handle for
    /// remove_table_source. The function must be thread-safe and must not call back into Metrics.
    std::uint64_t add_table_source(std::function<TableCounts()> source);
    /// Unregisters a source (no-op for an unknown handle).
    void remove_table_source(std::uint64_t handle);

    /// The Prometheus text exposition format (version 0.0.4) of every metric.
    std::string serialize();

private:
    std::shared_ptr<prometheus::Registry> registry_;
    prometheus::Gauge* open_connections_;
    prometheus::Counter* messages_received_;
    prometheus::Counter* messages_sent_;
    prometheus::Counter* send_queue_overflows_;
    prometheus::Counter* matches_started_;
    prometheus::Counter* matches_finished_;
    prometheus::Counter* matches_cancelled_;
    prometheus::Counter* robot_takeovers_;
    prometheus::Counter* reconnections_;
    prometheus::Gauge* tables_owned_;
    prometheus::Counter* lease_renewals_;
    prometheus::Counter* leases_lost_;
    prometheus::Counter* table_claims_;
    prometheus::Counter* redirects_;
    prometheus::Histogram* action_latency_;
    prometheus::Family<prometheus::Counter>* errors_;
    std::array<prometheus::Gauge*, 3> tables_{};

    std::mutex mutex_;  // guards the maps below
    std::map<std::string, prometheus::Counter*, std::less<>> error_counters_;
    std::map<std::uint64_t, std::function<TableCounts()>> table_sources_;
    std::uint64_t next_source_ = 1;
};

/// The process's metrics (created on first use, never destroyed before exit).
Metrics& metrics();

/// The MIME type of Metrics::serialize()'s output.
inline constexpr std::string_view metrics_content_type = "text/plain; version=0.0.4; charset=utf-8";

}  // namespace belote::ops
