#include "server/tables/table_directory.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>

#include "protocol/journal_json.hpp"
#include "server/tables/table_recovery.hpp"

namespace belote::tables {

TableDirectory::TableDirectory(TableServices services, platform::TablePolicy policy)
    : services_(std::move(services)), policy_(policy) {
    services_.on_idle = [this](const std::string& id) { remove(id); };
    services_.on_entry = [this](const std::string& id, const platform::LobbyEntry& entry) { update(id, entry); };
}

namespace {

bool is_waiting(const platform::LobbyEntry& e) { return e.info.status == platform::TableStatus::Waiting; }

}  // namespace

std::shared_ptr<TableActor> TableDirectory::create(const MatchOptions& options, const platform::TableSettings& settings,
                                                   Stored stored) {
    std::shared_ptr<TableActor> table;
    std::string id;
    {
        std::lock_guard lock(mutex_);
        do id = services_.random->id('t');
        while (tables_.count(id));  // 70 bits: a collision is not expected, but it would be fatal
        const auto invite = services_.random->token();
        table = std::make_shared<TableActor>(services_,
                                             platform::TableState::create(id, options, settings, policy_, invite));
        // Queued before the table can be found, so before any entry of its journal.
        store::TableRecord record{id, services_.clock->now_ms(), protocol::creation_text({options, settings, invite})};
        services_.store->commit(
            {store::CreateTable{std::move(record)}},
            [this, id, invite, stored = std::move(stored)](const std::optional<store::CommitError>& error) {
                if (error) remove(id);
                stored(error, id, invite);
            });
        tables_.emplace(id, Listed{++created_, table});
        auto entry = table->entry();
        waiting_ += is_waiting(entry);
        index_.emplace(created_, std::move(entry));
    }
    table->start();
    spdlog::info("table {} created ({}, target {})", id, to_string(options.variant), options.target);
    return table;
}

std::size_t TableDirectory::recover(std::chrono::milliseconds grace) {
    std::size_t count = 0;
    for (const auto& open : services_.store->open_tables()) {
        auto recovered = recover_table(open, policy_);
        if (const auto* error = std::get_if<std::string>(&recovered)) {
            spdlog::error("not brought back: {}", *error);
            continue;
        }
        auto& r = std::get<Recovered>(recovered);
        std::shared_ptr<TableActor> table;
        {
            std::lock_guard lock(mutex_);
            for (const auto& seat : r.state.seats)
                if (seat.human) members_[seat.human->id].push_back(open.table.id);
            for (const auto& [player, ref] : r.state.spectators) members_[player].push_back(open.table.id);
            table = std::make_shared<TableActor>(services_, std::move(r.state), std::move(r.history), r.journal_seq);
            tables_.emplace(open.table.id, Listed{++created_, table});
            auto entry = table->entry();
            waiting_ += is_waiting(entry);
            index_.emplace(created_, std::move(entry));
        }
        table->start();
        table->await_return(grace);
        ++count;
    }
    services_.store->on_recovered([this] { store_recovered(); });
    return count;
}

void TableDirectory::store_recovered() {
    std::vector<std::shared_ptr<TableActor>> tables;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, listed] : tables_) tables.push_back(listed.table);
    }
    for (const auto& table : tables) {
        if (!table->broken()) {
            table->store_recovered();
            continue;
        }
        try {
            table->rebuild(services_.store->open_table(table->id()));
        } catch (const store::StoreError& e) {
            spdlog::error("table {}: cannot be read back from the store: {}", table->id(), e.what());
        }
    }
}

std::vector<std::string> TableDirectory::recovered_tables_of(const std::string& player_id) const {
    std::lock_guard lock(mutex_);
    auto it = members_.find(player_id);
    return it == members_.end() ? std::vector<std::string>{} : it->second;
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
