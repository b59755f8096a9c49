#include "server/tables/table_directory.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

namespace belote::tables {

TableDirectory::TableDirectory(TableServices services, platform::TablePolicy policy)
    : services_(std::move(services)), policy_(policy) {
    services_.on_idle = [this](const std::string& id) { remove(id); };
}

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
    std::vector<Listed> tables;
    {
        std::lock_guard lock(mutex_);
        tables.reserve(tables_.size());
        for (const auto& [id, listed] : tables_) tables.push_back(listed);
    }
    std::sort(tables.begin(), tables.end(), [](const Listed& a, const Listed& b) { return a.order < b.order; });
    std::vector<platform::LobbyEntry> out;
    out.reserve(tables.size());
    for (const auto& listed : tables) out.push_back(listed.table->entry());
    return out;
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
        tables_.erase(it);
    }
}

}  // namespace belote::tables
