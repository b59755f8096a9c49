#include "server/tables/remote_tables.hpp"

#include <spdlog/spdlog.h>

#include "protocol/messages.hpp"

namespace belote::tables {

RemoteTables::RemoteTables(std::shared_ptr<store::Store> store, std::shared_ptr<Clock> clock, std::string self,
                           std::chrono::milliseconds ttl)
    : store_(std::move(store)), clock_(std::move(clock)), self_(std::move(self)), ttl_(ttl) {}

void RemoteTables::refresh() {
    std::lock_guard reading(refreshing_);
    try {
        replace(store_->live_tables(clock_->now_ms()));
    } catch (const store::StoreError& e) {
        spdlog::warn("the tables of the other nodes cannot be read: {}", e.what());
        std::lock_guard lock(mutex_);
        read_at_ms_ = clock_->now_ms();  // not again before the ttl: a failing store is not asked per request
    }
}

void RemoteTables::refresh_if_stale() {
    {
        std::lock_guard lock(mutex_);
        if (read_at_ms_ && clock_->now_ms() - read_at_ms_ < ttl_.count()) return;
    }
    std::unique_lock reading(refreshing_, std::try_to_lock);
    if (!reading) return;  // another thread is reading it: use the copy as it is
    {
        std::lock_guard lock(mutex_);
        if (read_at_ms_ && clock_->now_ms() - read_at_ms_ < ttl_.count()) return;  // read meanwhile
    }
    try {
        replace(store_->live_tables(clock_->now_ms()));
    } catch (const store::StoreError& e) {
        spdlog::warn("the tables of the other nodes cannot be read: {}", e.what());
        std::lock_guard lock(mutex_);
        read_at_ms_ = clock_->now_ms();
    }
}

void RemoteTables::replace(std::vector<store::LiveTable> tables) {
    std::map<std::string, std::string> urls;
    std::vector<Row> rows;
    for (auto& t : tables) {
        if (t.owner == self_) continue;
        if (!t.url.empty()) urls.emplace(t.table_id, t.url);
        if (t.lobby.empty()) continue;  // not listed (private), or not published yet
        auto filter = protocol::parse_lobby_row(t.lobby);
        if (!filter) continue;
        rows.push_back({t.table_id, std::move(t.lobby), std::move(filter->variant), filter->free_seats});
    }
    std::lock_guard lock(mutex_);
    urls_ = std::move(urls);
    rows_ = std::make_shared<const std::vector<Row>>(std::move(rows));
    read_at_ms_ = clock_->now_ms();
}

std::optional<std::string> RemoteTables::url_of(const std::string& table) {
    refresh_if_stale();
    return cached_url_of(table);
}

std::optional<std::string> RemoteTables::cached_url_of(const std::string& table) const {
    std::lock_guard lock(mutex_);
    auto it = urls_.find(table);
    if (it == urls_.end()) return std::nullopt;
    return it->second;
}

std::shared_ptr<const std::vector<RemoteTables::Row>> RemoteTables::lobby_rows() {
    refresh_if_stale();
    std::lock_guard lock(mutex_);
    return rows_;
}

}  // namespace belote::tables
