#include "server/tables/table_directory.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

namespace belote::tables {

TableDirectory::TableDirectory(TableServices services, platform::TablePolicy policy)
    : services_(std::move(services)), policy_(policy) {
    services_.on_idle = [this](const std::string& id) { remove(id); };
    services_.on_entry = [this](const std::string& id, const platform::LobbyEntry& entry) { update(id, entry); };
}

namespace {

bool is_waiting(const platform::LobbyEntry& e) { return e.info.status == platform::TableStatus::Waiting; }

}  // namespace

std::shared_ptr<TableActor> TableDirectory::create(const MatchOptions& options,
                                                   const platform::TableSettings& settings) {
    std::shared_ptr<TableActor> table;
    std::string id;
    {
        std::lock_guard lock(mutex_);
        do id = services_.random->id('t');
        while (tables_.count(id));  // 70 bits: a collision is not expected, but it would be fatal
        table = std::make_shared<TableActor>(
            services_, platform::TableState::create(id, options, settings, policy_, services_.random->token()));
        tables_.emplace(id, Listed{++created_, table});
        auto entry = table->entry();
        waiting_ += is_waiting(entry);
        index_.emplace(created_, std::move(entry));
    }
    table->start();
    spdlog::info("table {} created ({}, target {})", id, to_string(options.variant), options.target);
    return table;
}

std::shared_ptr<TableActor> TableDirectory::find(const std::string& id) const {
    std::lock_guard lock(mutex_);
    auto it = tables_.find(id);
    return it == tables_.end() ? nullptr : it->second.table;
}

std::vector<platform::LobbyEntry> TableDirectory::entries() const {
    std::lock_guard lock(mutex_);
    std::vector<platform::LobbyEntry> out;
    out.reserve(index_.size());
    for (const auto& [order, entry] : index_) out.push_back(entry);
    return out;
}

TableDirectory::LobbyPage TableDirectory::lobby(const LobbyQuery& query) const {
    LobbyPage page;
    std::lock_guard lock(mutex_);
    for (auto it = index_.lower_bound(query.cursor); it != index_.end(); ++it) {
        const auto& entry = it->second;
        if (!entry.listed || (query.variant && entry.info.variant != *query.variant)) continue;
        auto empty =
            std::count_if(entry.info.seats.begin(), entry.info.seats.end(), [](const auto& seat) { return !seat; });
        if (empty < query.free_seats) continue;
        if (page.tables.size() == query.page_size) {
            page.next = it->first;
            break;
        }
        page.tables.push_back(entry);
    }
    return page;
}

std::size_t TableDirectory::waiting() const {
    std::lock_guard lock(mutex_);
    return waiting_;
}

void TableDirectory::update(const std::string& id, const platform::LobbyEntry& entry) {
    std::lock_guard lock(mutex_);
    auto table = tables_.find(id);
    if (table == tables_.end()) return;
    auto& indexed = index_[table->second.order];
    waiting_ = waiting_ - is_waiting(indexed) + is_waiting(entry);
    indexed = entry;
}

std::size_t TableDirectory::size() const {
    std::lock_guard lock(mutex_);
    return tables_.size();
}

void TableDirectory::remove(const std::string& id) {
    std::shared_ptr<TableActor> table;  // released outside the lock (its strand may be running this)
    std::lock_guard lock(mutex_);
    if (auto it = tables_.find(id); it != tables_.end()) {
        table = std::move(it->second.table);
        if (auto indexed = index_.find(it->second.order); indexed != index_.end()) {
            waiting_ -= is_waiting(indexed->second);
            index_.erase(indexed);
        }
        tables_.erase(it);
    }
}

}  // namespace belote::tables
