#include "server/ops/metrics.hpp"

#include "protocol/error_code.hpp"

#include <prometheus/counter.h>
#include <prometheus/family.h>
#include <prometheus/gauge.h>
#include <prometheus/histogram.h>
#include <prometheus/registry.h>
#include <prometheus/text_serializer.h>

namespace belote::ops {

namespace {

prometheus::Counter& counter(prometheus::Registry& registry, const std::string& name, const std::string& help) {
    return prometheus::BuildCounter().Name(name).Help(help).Register(registry).Add({});
}

}  // namespace

Metrics::Metrics() : registry_(std::make_shared<prometheus::Registry>()) {
    auto& r = *registry_;
    open_connections_ = &prometheus::BuildGauge()
                             .Name("belote_open_connections")
                             .Help("WebSocket connections currently open")
                             .Register(r)
                             .Add({});
    auto& tables = prometheus::BuildGauge()
                       .Name("belote_tables")
                       .Help("Tables in the lobby by state (waiting, playing, finished)")
                       .Register(r);
    tables_ = {&tables.Add({{"state", "waiting"}}), &tables.Add({{"state", "playing"}}),
               &tables.Add({{"state", "finished"}})};
    matches_started_ = &counter(r, "belote_matches_started_total", "Matches started");
    matches_finished_ = &counter(r, "belote_matches_finished_total", "Matches played to their end");
    matches_cancelled_ = &counter(r, "belote_matches_cancelled_total", "Matches cancelled before their end");
    messages_received_ = &counter(r, "belote_messages_received_total", "WebSocket text messages received");
    messages_sent_ = &counter(r, "belote_messages_sent_total", "WebSocket text messages queued to clients");
    errors_ = &prometheus::BuildCounter()
                   .Name("belote_errors_total")
                   .Help("Error replies sent, by protocol error code")
                   .Register(r);
    // Every protocol error code is exposed from the start (at 0), so rates work without gaps.
    for (int i = 0; i < protocol::error_code_count; ++i) {
        const std::string code(protocol::to_string(static_cast<protocol::ErrorCode>(i)));
        error_counters_.emplace(code, &errors_->Add({{"code", code}}));
    }
    send_queue_overflows_ = &counter(r, "belote_send_queue_overflows_total",
                                     "Connections closed (4008) for not reading what was sent to them");
    robot_takeovers_ = &counter(r, "belote_robot_takeovers_total", "Seats a robot took over from a departed player");
    reconnections_ = &counter(r, "belote_reconnections_total", "Sessions resumed with their token");
    tables_owned_ = &prometheus::BuildGauge()
                         .Name("belote_tables_owned")
                         .Help("Tables this node holds the lease of (PostgreSQL store)")
                         .Register(r)
                         .Add({});
    lease_renewals_ = &counter(r, "belote_lease_renewals_total", "Table leases this node renewed");
    leases_lost_ = &counter(r, "belote_leases_lost_total",
                            "Tables this node stopped serving because another node claimed them or a renewal failed");
    table_claims_ = &counter(r, "belote_table_claims_total",
                             "Tables this node claimed (created, brought back at start-up, or taken over)");
    redirects_ = &counter(r, "belote_redirects_total",
                          "Requests and resumed tables answered with the URL of the node that serves the table");
    action_latency_ =
        &prometheus::BuildHistogram()
             .Name("belote_action_latency_seconds")
             .Help("Time from receiving an accepted action to queueing its events")
             .Register(r)
             .Add({}, prometheus::Histogram::BucketBoundaries{0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01,
                                                              0.025, 0.05, 0.1, 0.25, 0.5, 1.0});
}

Metrics::~Metrics() = default;

void Metrics::connection_opened() { open_connections_->Increment(); }
void Metrics::connection_closed() { open_connections_->Decrement(); }
void Metrics::send_queue_overflow() { send_queue_overflows_->Increment(); }
std::int64_t Metrics::send_queue_overflows() const { return static_cast<std::int64_t>(send_queue_overflows_->Value()); }
void Metrics::message_received() { messages_received_->Increment(); }
void Metrics::message_sent() { messages_sent_->Increment(); }
void Metrics::match_started() { matches_started_->Increment(); }
void Metrics::match_finished() { matches_finished_->Increment(); }
void Metrics::match_cancelled() { matches_cancelled_->Increment(); }
void Metrics::robot_takeover() { robot_takeovers_->Increment(); }
void Metrics::reconnection() { reconnections_->Increment(); }
void Metrics::table_claimed() {
    table_claims_->Increment();
    tables_owned_->Increment();
}
void Metrics::lease_renewed() { lease_renewals_->Increment(); }

void Metrics::redirect() { redirects_->Increment(); }
void Metrics::table_released(bool lost) {
    tables_owned_->Decrement();
    if (lost) leases_lost_->Increment();
}

void Metrics::error(std::string_view code) {
    prometheus::Counter* c = nullptr;
    {
        std::lock_guard lock(mutex_);
        auto it = error_counters_.find(code);
        if (it == error_counters_.end())
            it = error_counters_.emplace(std::string(code), &errors_->Add({{"code", std::string(code)}})).first;
        c = it->second;
    }
    c->Increment();
}

void Metrics::observe_action_latency(std::chrono::steady_clock::duration elapsed) {
    action_latency_->Observe(std::chrono::duration<double>(elapsed).count());
}

std::uint64_t Metrics::add_table_source(std::function<TableCounts()> source) {
    std::lock_guard lock(mutex_);
    const auto handle = next_source_++;
    table_sources_.emplace(handle, std::move(source));
    return handle;
}

void Metrics::remove_table_source(std::uint64_t handle) {
    std::lock_guard lock(mutex_);
    table_sources_.erase(handle);
}

std::string Metrics::serialize() {
    {
        std::lock_guard lock(mutex_);
        TableCounts total{};
        for (const auto& [handle, source] : table_sources_) {
            const auto counts = source();
            for (std::size_t i = 0; i < total.size(); ++i) total[i] += counts[i];
        }
        for (std::size_t i = 0; i < total.size(); ++i) tables_[i]->Set(static_cast<double>(total[i]));
    }
    return prometheus::TextSerializer{}.Serialize(registry_->Collect());
}

Metrics& metrics() {
    static Metrics* instance = new Metrics();  // never destroyed: usable from any thread until exit
    return *instance;
}

}  // namespace belote::ops
