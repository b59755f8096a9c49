#include "server/tables/table_directory.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include <algorithm>
#include <functional>
#include <future>
#include <mutex>

#include "protocol/journal_json.hpp"
#include "protocol/messages.hpp"
#include "server/ops/metrics.hpp"
#include "server/tables/table_recovery.hpp"

namespace belote::tables {

TableDirectory::TableDirectory(TableServices services, platform::TablePolicy policy)
    : services_(std::move(services)), policy_(policy) {
    services_.on_idle = [this](const std::string& id) {
        if (auto table = forget(id); table && table->epoch()) ops::metrics().table_released(false);
    };
    services_.on_lost = [this](const std::string& id) {
        if (forget(id)) ops::metrics().table_released(true);
    };
    services_.on_entry = [this](const std::string& id, const platform::LobbyEntry& entry) { update(id, entry); };
    if (const auto& own = services_.ownership) {
        // Read again at most once a second for requests (docs/operations.md "Routing").
        remote_ = std::make_shared<RemoteTables>(services_.store, services_.clock, own->node,
                                                 std::min(own->renew_every, std::chrono::milliseconds(1000)));
        services_.owner_url = [remote = remote_](const std::string& id) { return remote->cached_url_of(id); };
        services_.locate_owner = [remote = remote_, ioc = services_.ioc](
                                     const std::string& id, std::function<void(std::optional<std::string>)> found) {
            auto look = [remote, id, found = std::move(found)] {
                remote->refresh();
                found(remote->cached_url_of(id));
            };
            if (ioc)
                boost::asio::post(*ioc, std::move(look));
            else
                look();
        };
    }
}

TableDirectory::~TableDirectory() { stop_ownership(); }

namespace {

bool is_waiting(const platform::LobbyEntry& e) { return e.info.status == platform::TableStatus::Waiting; }

/// The answer to a commit queued under the directory's lock, held back until that lock is let go: a
/// store may answer at once on the committing thread (store::MemoryStore), and the answer's work
/// (forgetting a table whose creation failed) takes the same lock.
class AnswerAfterLock {
public:
    using Work = std::function<void()>;
    /// Runs `work` now when release() was called, else when it is.
    void answer(Work work) {
        std::unique_lock lock(mutex_);
        if (held_) {
            work_ = std::move(work);
            return;
        }
        lock.unlock();
        work();
    }
    /// The lock is let go: runs the answer that came meanwhile, if any.
    void release() {
        Work work;
        {
            std::lock_guard lock(mutex_);
            held_ = false;
            work = std::move(work_);
        }
        if (work) work();
    }

private:
    std::mutex mutex_;
    bool held_ = true;
    Work work_;
};

}  // namespace

std::shared_ptr<TableActor> TableDirectory::create(const MatchOptions& options, const platform::TableSettings& settings,
                                                   Stored stored) {
    std::shared_ptr<TableActor> table;
    std::string id;
    auto answer = std::make_shared<AnswerAfterLock>();
    {
        std::lock_guard lock(mutex_);
        do id = services_.random->id('t');
        while (tables_.count(id));  // 70 bits: a collision is not expected, but it would be fatal
        const auto invite = services_.random->token();
        const auto& own = services_.ownership;
        // On a shared store the table is this node's from its creation on, in epoch 1.
        table = std::make_shared<TableActor>(
            services_, platform::TableState::create(id, options, settings, policy_, invite), own ? 1 : 0);
        // Queued before the table can be found, so before any entry of its journal.
        const auto now = services_.clock->now_ms();
        std::vector<store::Write> writes{
            store::CreateTable{{id, now, protocol::creation_text({options, settings, invite})}}};
        const std::int64_t until = own ? now + own->lease.count() : 0;
        if (own) {
            writes.push_back(store::ClaimTable{id, own->node, 0, now, until});
            const auto entry = table->entry();
            writes.push_back(
                store::PublishLobby{id, own->node, 1, entry.listed ? protocol::lobby_row_text(entry) : std::string()});
            table->leased_until(until);  // from now on, so that a renewal round does not find it ended
        }
        services_.store->commit(std::move(writes), [this, answer, id, invite, until, stored = std::move(stored)](
                                                       const std::optional<store::CommitError>& error) {
            answer->answer([this, error, id, invite, until, stored] {
                if (error) remove(id);
                if (!error && until) ops::metrics().table_claimed();
                stored(error, id, invite);
            });
        });
        tables_.emplace(id, Listed{++created_, table});
        auto entry = table->entry();
        waiting_ += is_waiting(entry);
        index_.emplace(created_, std::move(entry));
    }
    answer->release();
    table->start();
    spdlog::info("table {} created ({}, target {})", id, to_string(options.variant), options.target);
    return table;
}

std::size_t TableDirectory::recover(std::chrono::milliseconds grace) {
    grace_ = grace;
    if (const auto& own = services_.ownership) announce(services_.clock->now_ms() + own->lease.count(), true);
    std::size_t count = 0;
    for (const auto& open : services_.store->open_tables()) {
        if (!services_.ownership) {
            count += bring_back(open, Claimed{});
            continue;
        }
        // Only a table no other node holds; its journal is read again once it is this node's.
        auto lease = services_.store->table_lease(open.table.id);
        auto claimed = lease ? claim(open.table.id, *lease) : std::nullopt;
        auto stored = claimed ? services_.store->open_table(open.table.id) : std::nullopt;
        if (stored) count += bring_back(*stored, *claimed);
    }
    services_.store->on_recovered([this] { store_recovered(); });
    if (remote_) remote_->refresh();
    if (services_.ownership)
        keeper_ = std::thread([this] {
            std::unique_lock lock(keeper_mutex_);
            while (!keeper_wake_.wait_for(lock, services_.ownership->renew_every, [this] { return keeper_stop_; })) {
                lock.unlock();
                try {
                    keep_ownership();
                } catch (const std::exception& e) {
                    spdlog::error("table ownership: {}", e.what());
                }
                lock.lock();
            }
        });
    return count;
}

bool TableDirectory::bring_back(const store::OpenTable& open, Claimed claimed) {
    auto recovered = recover_table(open, policy_);
    if (const auto* error = std::get_if<std::string>(&recovered)) {
        spdlog::error("not brought back: {}", *error);
        return false;
    }
    auto& r = std::get<Recovered>(recovered);
    std::shared_ptr<TableActor> table;
    {
        std::lock_guard lock(mutex_);
        if (tables_.count(open.table.id)) return false;
        const auto member = [&](const std::string& player) {
            auto& tables = members_[player];
            if (std::find(tables.begin(), tables.end(), open.table.id) == tables.end()) tables.push_back(open.table.id);
        };
        for (const auto& seat : r.state.seats)
            if (seat.human) member(seat.human->id);
        for (const auto& [player, ref] : r.state.spectators) member(player);
        table = std::make_shared<TableActor>(services_, std::move(r.state), std::move(r.history), r.journal_seq,
                                             claimed.epoch);
        table->leased_until(claimed.until_ms);
        tables_.emplace(open.table.id, Listed{++created_, table});
        auto entry = table->entry();
        waiting_ += is_waiting(entry);
        index_.emplace(created_, std::move(entry));
        if (claimed.epoch) unpublished_.insert(open.table.id);  // at the next renewal round
    }
    table->start();
    table->await_return(grace_);
    return true;
}

std::optional<TableDirectory::Claimed> TableDirectory::claim(const std::string& table, const store::TableLease& seen) {
    const auto& own = *services_.ownership;
    const auto now = services_.clock->now_ms();
    if (seen.until_ms > now && seen.owner != own.node) return std::nullopt;  // another node's
    const store::ClaimTable claim{table, own.node, seen.epoch, now, now + own.lease.count()};
    std::promise<std::optional<store::CommitError>> done;
    auto outcome = done.get_future();
    services_.store->commit({claim},
                            [&done](const std::optional<store::CommitError>& error) { done.set_value(error); });
    if (auto error = outcome.get()) {
        spdlog::info("table {}: not claimed: {}", table, error->message);
        return std::nullopt;
    }
    ops::metrics().table_claimed();
    spdlog::info("table {}: claimed by node {} in epoch {} (from {})", table, own.node, seen.epoch + 1,
                 seen.owner.empty() ? std::string("nobody") : seen.owner);
    return Claimed{seen.epoch + 1, claim.until_ms};
}

std::size_t TableDirectory::keep_ownership() {
    if (!services_.ownership) return 0;
    announce(services_.clock->now_ms() + services_.ownership->lease.count(), false);
    auto lost = renew_leases();
    remote_->refresh();  // after the renewals: a table lost to another node is found there
    for (auto& [table, why] : lost) table->lose(std::move(why));
    return adopt_orphans();
}

void TableDirectory::announce(std::int64_t until_ms, bool wait) {
    const auto& own = *services_.ownership;
    auto done = std::make_shared<std::promise<std::optional<store::CommitError>>>();
    auto outcome = done->get_future();
    services_.store->commit({store::PutNode{{own.node, own.url, until_ms}}},
                            [done, node = own.node](const std::optional<store::CommitError>& error) {
                                if (error)
                                    spdlog::warn("node {}: its registry row not written: {}", node, error->message);
                                done->set_value(error);
                            });
    if (wait) outcome.wait();
}

std::string TableDirectory::published_row(const std::string& id) const {
    auto table = tables_.find(id);
    if (table == tables_.end()) return {};
    auto entry = index_.find(table->second.order);
    if (entry == index_.end() || !entry->second.listed) return {};
    return protocol::lobby_row_text(entry->second);
}

namespace {

/// The outcome of one renewal, which the keeper waits for a while; past that the renewal's
/// completion acts on it itself (a store that hangs must not keep the keeper from seeing leases end).
struct PendingRenewal {
    std::mutex mutex;
    std::condition_variable arrived;
    std::optional<std::optional<store::CommitError>> outcome;
    bool abandoned = false;  ///< the keeper stopped waiting
};

}  // namespace

TableDirectory::Lost TableDirectory::renew_leases() {
    const auto& own = *services_.ownership;
    struct Renewal {
        std::shared_ptr<TableActor> table;
        std::optional<std::string> row;  ///< to publish with the renewal
        std::shared_ptr<PendingRenewal> pending;
    };
    std::vector<Renewal> owned;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, listed] : tables_) {
            if (!listed.table->epoch()) continue;
            auto changed = unpublished_.count(id) ? std::optional(published_row(id)) : std::nullopt;
            owned.push_back({listed.table, std::move(changed), nullptr});
        }
        unpublished_.clear();
    }
    Lost lost;
    const auto now = services_.clock->now_ms();
    const auto until = now + own.lease.count();
    // What a renewal's outcome does, once known (`lost`: where a lost table goes; none: lose it now).
    auto settle = [this, until](const std::shared_ptr<TableActor>& table, bool published,
                                const std::optional<store::CommitError>& error, Lost* lost_to) {
        if (!error) {
            table->leased_until(until);
            ops::metrics().lease_renewed();
        } else if (error->kind == store::CommitError::Kind::StaleEpoch) {
            if (lost_to)
                lost_to->emplace_back(table, error->message);
            else
                table->lose(error->message);
        } else if (published) {
            // The table was closed meanwhile (forgotten already), or the store failed: the next round
            // tries again (the row with it), and the table is lost if its lease ends first.
            std::lock_guard lock(mutex_);
            unpublished_.insert(table->id());
        }
    };
    for (auto& renewal : owned) {
        const auto& table = renewal.table;
        // Another node may claim it from then on (this node was paused, or its renewals failed).
        if (table->lease_until() <= now) {
            lost.emplace_back(table,
                              "its lease ended at " + std::to_string(table->lease_until()) + " before it was renewed");
            continue;
        }
        std::vector<store::Write> writes{store::RenewLease{table->id(), own.node, table->epoch(), until}};
        if (renewal.row) writes.push_back(store::PublishLobby{table->id(), own.node, table->epoch(), *renewal.row});
        renewal.pending = std::make_shared<PendingRenewal>();
        services_.store->commit(std::move(writes),
                                [pending = renewal.pending, weak = std::weak_ptr(table), settle,
                                 published = renewal.row.has_value()](const std::optional<store::CommitError>& error) {
                                    {
                                        std::lock_guard lock(pending->mutex);
                                        if (!pending->abandoned) {
                                            pending->outcome = error;
                                            pending->arrived.notify_all();
                                            return;
                                        }
                                    }
                                    if (auto t = weak.lock()) settle(t, published, error, nullptr);
                                });
    }
    // At most a renewal period for the outcomes; the late ones act by themselves.
    const auto deadline = std::chrono::steady_clock::now() + own.renew_every;
    for (auto& renewal : owned) {
        if (!renewal.pending) continue;
        std::unique_lock lock(renewal.pending->mutex);
        if (!renewal.pending->arrived.wait_until(lock, deadline,
                                                 [&] { return renewal.pending->outcome.has_value(); })) {
            renewal.pending->abandoned = true;
            continue;
        }
        auto error = *renewal.pending->outcome;
        lock.unlock();
        settle(renewal.table, renewal.row.has_value(), error, &lost);
    }
    return lost;
}

std::size_t TableDirectory::adopt_orphans() {
    std::size_t count = 0;
    constexpr std::size_t most_per_round = 64;
    for (const auto& orphan : services_.store->expired_leases(services_.clock->now_ms(), most_per_round)) {
        if (find(orphan.table_id)) continue;  // this node's still: lost at the next renewal, then taken again
        auto claimed = claim(orphan.table_id, orphan.lease);
        auto stored = claimed ? services_.store->open_table(orphan.table_id) : std::nullopt;
        if (!stored || !bring_back(*stored, *claimed)) continue;
        spdlog::info("table {}: taken over from {} after {} journal entries", orphan.table_id,
                     orphan.lease.owner.empty() ? std::string("nobody") : orphan.lease.owner, stored->journal.size());
        ++count;
    }
    return count;
}

std::size_t TableDirectory::release_all() {
    stop_ownership();
    if (!services_.ownership) return 0;
    std::vector<std::shared_ptr<TableActor>> owned;
    {
        std::lock_guard lock(mutex_);
        for (const auto& [id, listed] : tables_)
            if (listed.table->epoch()) owned.push_back(listed.table);
    }
    std::vector<std::future<std::optional<store::CommitError>>> outcomes;
    for (const auto& table : owned) {
        auto done = std::make_shared<std::promise<std::optional<store::CommitError>>>();
        outcomes.push_back(done->get_future());
        services_.store->commit({store::ReleaseTable{table->id(), services_.ownership->node, table->epoch()}},
                                [done](const std::optional<store::CommitError>& error) { done->set_value(error); });
    }
    std::size_t released = 0;
    for (std::size_t i = 0; i < owned.size(); ++i) {
        if (auto error = outcomes[i].get()) {
            spdlog::info("table {}: not released: {}", owned[i]->id(), error->message);
            continue;
        }
        ops::metrics().table_released(false);
        ++released;
    }
    if (released) spdlog::info("{} tables released to the other nodes", released);
    announce(0, true);  // gone: no client is sent here any more
    return released;
}

void TableDirectory::stop_ownership() {
    {
        std::lock_guard lock(keeper_mutex_);
        keeper_stop_ = true;
    }
    keeper_wake_.notify_all();
    if (keeper_.joinable()) keeper_.join();
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

std::optional<std::string> TableDirectory::elsewhere(const std::string& id) {
    if (!remote_ || find(id)) return std::nullopt;
    return remote_->url_of(id);
}

std::vector<platform::LobbyEntry> TableDirectory::entries() const {
    std::lock_guard lock(mutex_);
    std::vector<platform::LobbyEntry> out;
    out.reserve(index_.size());
    for (const auto& [order, entry] : index_) out.push_back(entry);
    return out;
}

namespace {

std::size_t free_seats(const platform::LobbyEntry& entry) {
    return static_cast<std::size_t>(
        std::count_if(entry.info.seats.begin(), entry.info.seats.end(), [](const auto& seat) { return !seat; }));
}

}  // namespace

TableDirectory::LobbyPage TableDirectory::lobby(const LobbyQuery& query) const {
    LobbyPage page;
    const auto wanted = static_cast<std::size_t>(std::max(query.free_seats, 0));
    if (query.cursor < remote_cursor) {
        std::lock_guard lock(mutex_);
        for (auto it = index_.lower_bound(query.cursor); it != index_.end(); ++it) {
            const auto& entry = it->second;
            if (!entry.listed || (query.variant && entry.info.variant != *query.variant)) continue;
            if (free_seats(entry) < wanted) continue;
            if (page.tables.size() == query.page_size) {
                page.next = it->first;
                return page;
            }
            page.tables.push_back(entry);
        }
    }
    if (!remote_) return page;
    const auto rows = remote_->lobby_rows();
    const std::size_t first = query.cursor >= remote_cursor ? query.cursor - remote_cursor : 0;
    for (std::size_t i = first; i < rows->size(); ++i) {
        const auto& row = (*rows)[i];
        if (query.variant && row.variant != to_string(*query.variant)) continue;
        if (static_cast<std::size_t>(row.free_seats) < wanted || find(row.table)) continue;  // find: this node's now
        if (page.tables.size() + page.remote.size() == query.page_size) {
            page.next = remote_cursor + i;
            break;
        }
        page.remote.push_back(row.text);
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
    if (table->second.table->epoch()) unpublished_.insert(id);
}

std::size_t TableDirectory::size() const {
    std::lock_guard lock(mutex_);
    return tables_.size();
}

void TableDirectory::remove(const std::string& id) { forget(id); }

std::shared_ptr<TableActor> TableDirectory::forget(const std::string& id) {
    std::shared_ptr<TableActor> table;  // released outside the lock (its strand may be running this)
    std::lock_guard lock(mutex_);
    if (auto it = tables_.find(id); it != tables_.end()) {
        table = std::move(it->second.table);
        if (auto indexed = index_.find(it->second.order); indexed != index_.end()) {
            waiting_ -= is_waiting(indexed->second);
            index_.erase(indexed);
        }
        tables_.erase(it);
        unpublished_.erase(id);
    }
    return table;
}

}  // namespace belote::tables
