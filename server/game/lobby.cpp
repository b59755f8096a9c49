#include "server/game/lobby.hpp"

#include <spdlog/spdlog.h>

#include "server/game/random_source.hpp"

namespace belote::game {
namespace {

/// The creation number of a table id "t<n>", or 0.
std::uint64_t number_of(const std::string& id) {
    if (id.size() < 2 || id.size() > 20 || id[0] != 't') return 0;
    std::uint64_t n = 0;
    for (std::size_t i = 1; i < id.size(); ++i) {
        if (id[i] < '0' || id[i] > '9') return 0;
        n = n * 10 + static_cast<std::uint64_t>(id[i] - '0');
    }
    return n;
}

}  // namespace

std::shared_ptr<Table> Lobby::create(const MatchOptions& options) { return create(options, {}); }

std::shared_ptr<Table> Lobby::create(const MatchOptions& options, const protocol::TableSettings& settings) {
    std::uint64_t number;
    {
        std::lock_guard lock(mutex_);
        number = next_++;
    }
    std::string id = "t" + std::to_string(number);
    auto clock = clock_ ? clock_ : make_system_clock(ioc_);
    auto table = std::make_shared<Table>(ioc_, id, options, 0, robot_delay_, settings, clock, policy_);
    {
        std::lock_guard lock(mutex_);
        tables_.emplace(number, table);
    }
    spdlog::info("table {} created ({}, target {})", id, to_string(options.variant), options.target);
    return table;
}

std::shared_ptr<Table> Lobby::find(const std::string& id) const {
    std::uint64_t number = number_of(id);
    if (number == 0 || "t" + std::to_string(number) != id) return nullptr;
    std::lock_guard lock(mutex_);
    auto it = tables_.find(number);
    return it == tables_.end() ? nullptr : it->second;
}

std::vector<std::shared_ptr<Table>> Lobby::tables() const {
    std::lock_guard lock(mutex_);
    std::vector<std::shared_ptr<Table>> out;
    for (const auto& [number, table] : tables_) out.push_back(table);
    return out;
}

std::vector<protocol::TableInfo> Lobby::list() const {
    std::vector<std::shared_ptr<Table>> tables;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [number, table] : tables_) tables.push_back(table);
    }
    std::vector<protocol::TableInfo> out;
    out.reserve(tables.size());
    for (const auto& table : tables) out.push_back(table->info());
    return out;
}

}  // namespace belote::game
