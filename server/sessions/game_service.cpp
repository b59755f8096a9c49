#include "server/sessions/game_service.hpp"

#include <spdlog/spdlog.h>
#include <boost/asio/post.hpp>

#include <fstream>

#include "ai/robot_settings.hpp"
#include "protocol/close_codes.hpp"
#include "protocol/echo.hpp"
#include "protocol/messages.hpp"
#include "server/accounts/username_keys.hpp"
#include "server/app.hpp"
#include "server/ops/lifecycle.hpp"
#include "server/ops/metrics.hpp"
#include "server/room/wallets.hpp"
#include "server/sessions/match_history.hpp"
#include "server/sessions/session.hpp"
#include "server/store/open_store.hpp"
#include "server/store/postgres_url.hpp"

namespace belote {

std::shared_ptr<net::ConnectionHandler> make_game_handler(boost::asio::io_context& ioc, const Config& config) {
    return std::make_shared<sessions::GameService>(ioc, config);
}

}  // namespace belote

namespace belote::sessions {

using protocol::ErrorCode;

namespace {

/// This node's id (docs/operations.md "Table ownership"): --node-id, else the one kept in
/// <data-dir>/node-id, else a random one, kept there so that the node restarted takes its tables
/// back at once. Throws store::StoreError when the file cannot be written.
std::string node_id(const Config& config, tables::RandomSource& random) {
    if (!config.node_id.empty()) return config.node_id;
    const auto path = config.data_dir + "/node-id";
    std::string id;
    if (std::ifstream in(path); in && std::getline(in, id) && !id.empty()) return id;
    id = random.id('n');
    std::ofstream out(path, std::ios::trunc);
    if (!(out << id << '\n') || !out.flush()) throw store::StoreError("cannot write the node id to " + path);
    return id;
}

tables::TableServices table_services(boost::asio::io_context& ioc, const Config& config, const ServiceParts& parts) {
    tables::TableServices services;
    services.ioc = &ioc;
    services.clock = parts.clock;
    services.random = parts.random;
    services.robots = parts.robots;
    services.store = parts.store;
    services.robot_delay = std::chrono::milliseconds(config.robot_delay_ms);
    services.idle_grace = std::chrono::seconds(config.idle_table_s);
    services.max_replay = std::max<std::size_t>(1, config.max_send_queue / 4);
    if (store::is_postgres_url(config.store)) {
        services.ownership =
            tables::Ownership{node_id(config, *parts.random), std::chrono::milliseconds(config.lease_ms),
                              std::chrono::milliseconds(config.lease_renew_ms), config.advertise_url};
        spdlog::info("node {} (advertised at {}): owns its tables by leases of {} ms renewed every {} ms",
                     services.ownership->node, config.advertise_url.empty() ? "no URL" : config.advertise_url,
                     config.lease_ms, config.lease_renew_ms);
    }
    return services;
}

platform::RobotLevel takeover_level(const Config& config) {
    auto level = ai::parse_level(config.takeover_robot_level);
    return level ? static_cast<platform::RobotLevel>(*level) : platform::RobotLevel::Expert;
}

}  // namespace

GameService::GameService(boost::asio::io_context& ioc, const Config& config)
    : GameService(ioc, config,
                  ServiceParts{tables::make_system_clock(ioc), tables::os_random_source(),
                               std::make_shared<tables::RobotPool>(
                                   ioc, config.robot_threads,
                                   tables::level_robots(std::chrono::milliseconds(config.robot_budget_ms))),
                               store::open_store(config)}) {}

GameService::GameService(boost::asio::io_context& ioc, const Config& config, ServiceParts parts)
    : ioc_(ioc),
      config_(config),
      parts_(std::move(parts)),
      accounts_(std::make_shared<accounts::AccountService>(
          parts_.store, parts_.clock, [random = parts_.random] { return random->id('p'); },
          accounts::account_settings(config.password_hash_limits, config.password_hash_threads,
                                     config.session_ttl_days),
          parts_.hash_executor)),
      tables_(table_services(ioc, config, parts_),
              platform::TablePolicy{.reclaim_window = std::chrono::seconds(config.reclaim_window_s),
                                    .takeover_robot_level = takeover_level(config)}) {
    accounts::rekey_usernames(*parts_.store);  // keys stored under an older name key (docs/operations.md)
    // belote_tables{state}: counted from the directory at each /metrics scrape.
    const auto back = tables_.recover(std::chrono::seconds(config.return_grace_s));
    if (back) spdlog::info("{} tables brought back from the store", back);
    ops::lifecycle().set_storage_check([store = parts_.store] { return store->healthy(); });
    metrics_source_ = ops::metrics().add_table_source([this] {
        ops::TableCounts counts{};
        for (const auto& entry : tables_.entries())
            if (auto i = static_cast<std::size_t>(entry.info.status); i < counts.size()) ++counts[i];
        return counts;
    });
}

GameService::~GameService() {
    // The process ends (not killed): the other nodes may take this node's tables at once.
    try {
        tables_.release_all();
    } catch (const std::exception& e) {
        spdlog::error("the tables could not be released: {}", e.what());
    }
    ops::metrics().remove_table_source(metrics_source_);
    ops::lifecycle().set_storage_check(nullptr);
}

void GameService::stop_workers() {
    tables_.stop_ownership();
    accounts_->stop();
    parts_.robots->stop();
    parts_.store->flush();
}

std::shared_ptr<net::MessageSink> GameService::on_open(std::shared_ptr<net::Connection> connection) {
    spdlog::info("connection {} open from {}", connection->id(), connection->remote_address());
    ops::lifecycle().track(connection);
    if (ops::lifecycle().draining()) connection->close(protocol::close_code::service_restart, "server restarting");
    auto session = std::make_shared<Session>(*this, connection, config_.msg_burst, config_.msg_rate, now_ms());
    bool over = false;
    {
        std::lock_guard lock(mutex_);
        auto& from_address = connections_[session->address()];
        over = config_.max_connections_per_address && from_address >= config_.max_connections_per_address;
        if (!over) ++from_address;  // counted down in closed()
        session->set_counted(!over);
    }
    if (over) {
        spdlog::warn("connection {}: already {} connections from {}, closing", connection->id(),
                     config_.max_connections_per_address, session->address());
        connection->close(protocol::close_code::too_many_connections, "too many connections from this address");
    }
    session->arm_hello_deadline(
        parts_.clock->schedule(std::chrono::seconds(config_.hello_timeout_s), [weak = std::weak_ptr(session)] {
            if (auto s = weak.lock()) s->hello_deadline_passed();
        }));
    return session;
}

void GameService::closed(Session& session) {
    const auto& connection = session.connection();
    spdlog::info("connection {} closed", connection->id());
    ops::lifecycle().untrack(connection->id());
    {
        std::lock_guard lock(mutex_);
        auto it = connections_.find(session.address());
        if (session.counted() && it != connections_.end() && --it->second == 0) connections_.erase(it);
    }
    auto player = session.player();
    if (!player || !player->detach(connection->id(), now_ms())) return;
    // A shutdown closes every connection: the tables are not told, so that after the restart the
    // players come back to their seats as they were (the return grace), robots not yet playing.
    if (ops::lifecycle().draining()) return;
    for (const auto& id : player->tables())
        if (auto table = tables_.find(id)) table->disconnect(player);
}

void GameService::refuse(Session& session, const protocol::RequestId& id, ErrorCode code, std::string_view message) {
    ops::metrics().error(protocol::to_string(code));
    spdlog::debug("connection {}: error {}: {}", session.connection()->id(), protocol::to_string(code), message);
    session.reply(id, net::SharedText(protocol::error_text(id, code, message)));
}

void GameService::dispatch(Session& session, protocol::Request request) {
    const auto& id = request.id;
    if (const auto* h = std::get_if<protocol::Hello>(&request.command)) return hello(session, id, *h);
    if (auto* l = std::get_if<protocol::Login>(&request.command)) return login(session, id, std::move(*l));
    auto player = session.player();
    if (!player) return refuse(session, id, ErrorCode::NotAuthenticated, "send hello first");
    if (auto* r = std::get_if<protocol::Register>(&request.command))
        return register_account(session, std::move(player), id, std::move(*r));
    if (std::holds_alternative<protocol::Logout>(request.command)) return logout(session, std::move(player), id);
    if (const auto* list = std::get_if<protocol::ListTables>(&request.command)) {
        auto page = tables_.lobby(
            {static_cast<std::size_t>(list->page_size), list->cursor.value_or(0), list->variant, list->free_seats});
        return session.reply(id, net::SharedText(protocol::tables_text(id, page.tables, page.remote, page.next)));
    }
    if (const auto* c = std::get_if<protocol::CreateTable>(&request.command))
        return create_table(session, *player, id, *c);
    if (const auto* h = std::get_if<protocol::History>(&request.command)) return history(session, *player, id, *h);
    if (const auto* m = std::get_if<protocol::GetMatchRecord>(&request.command))
        return match_record(session, *player, id, *m);
    if (const auto* p = std::get_if<protocol::GetProfile>(&request.command)) return profile(session, *player, id, *p);
    if (const auto* b = std::get_if<protocol::GetLeaderboard>(&request.command)) return leaderboard(session, id, *b);
    to_table(session, std::move(player), id, std::get<protocol::TableCommand>(std::move(request.command)));
}

void GameService::create_table(Session& session, const players::Player& player, const protocol::RequestId& id,
                               const protocol::CreateTable& c) {
    if (ops::lifecycle().draining())
        return refuse(session, id, ErrorCode::ShuttingDown, "the server is shutting down: no new tables");
    MatchOptions options{c.variant, c.target, c.rules};
    if (auto problem = validate(options)) return refuse(session, id, ErrorCode::InvalidOptions, *problem);
    if (!may_create_table(created_, player.id(), config_.max_tables_per_player))
        return refuse(session, id, ErrorCode::TooManyTables,
                      "at most " + std::to_string(config_.max_tables_per_player) + " unfinished tables per player");
    if (!may_create_table(created_from_, session.address(), config_.max_tables_per_address))
        return refuse(session, id, ErrorCode::TooManyTables,
                      "at most " + std::to_string(config_.max_tables_per_address) + " unfinished tables per address");
    if (config_.max_waiting_tables && tables_.waiting() >= config_.max_waiting_tables)
        return refuse(session, id, ErrorCode::LobbyFull,
                      "the server already has " + std::to_string(config_.max_waiting_tables) +
                          " tables waiting for players: sit at one of them");
    if (!parts_.store->healthy())
        return refuse(session, id, ErrorCode::StorageUnavailable, "the server cannot store a new table right now");
    // Called on the store's writer thread, which must never hold the last reference to a session
    // (and its socket): the reply goes through the io_context. A session gone has no one to answer.
    auto reply = [this, weak = std::weak_ptr(std::static_pointer_cast<Session>(session.shared_from_this())),
                  id](std::string text) {
        boost::asio::post(ioc_, [weak, id, text = std::move(text)] {
            if (auto session = weak.lock()) session->reply(id, net::SharedText(text));
        });
    };
    auto table = tables_.create(
        options, c.settings,
        [reply, id](const std::optional<store::CommitError>& error, const std::string& table,
                    const std::string& invite) {
            reply(error ? protocol::error_text(id, ErrorCode::StorageUnavailable, "the table could not be stored")
                        : protocol::created_text(id, table, invite));
        });
    {
        std::lock_guard lock(mutex_);
        created_[player.id()].push_back(table);
        created_from_[session.address()].push_back(table);
    }
    spdlog::info("{} ({}) created table {}", player.id(), player.nickname(), table->id());
}

void GameService::history(Session& session, const players::Player& player, const protocol::RequestId& id,
                          const protocol::History& history) {
    store::HistoryPage page;
    try {
        page = parts_.store->history(player.id(), history.cursor, static_cast<std::size_t>(history.limit));
    } catch (const store::StoreError& e) {
        spdlog::error("history of {} could not be read: {}", player.id(), e.what());
        return refuse(session, id, ErrorCode::StorageUnavailable, "the match history cannot be read right now");
    }
    std::vector<protocol::MatchEntry> entries;
    entries.reserve(page.matches.size());
    for (const auto& m : page.matches) entries.push_back(history_entry(m, player.id()));
    session.reply(id, net::SharedText(protocol::history_text(id, entries, page.next)));
}

void GameService::match_record(Session& session, const players::Player& player, const protocol::RequestId& id,
                               const protocol::GetMatchRecord& request) {
    std::optional<store::FinishedMatch> match;
    try {
        match = parts_.store->match(request.match);
    } catch (const store::StoreError& e) {
        spdlog::error("match {} could not be read: {}", request.match, e.what());
        return refuse(session, id, ErrorCode::StorageUnavailable, "the match record cannot be read right now");
    }
    // A match still being played is not in the store: its record is never given out before its end.
    if (!match || !may_read_record(*match, player.id()))
        return refuse(session, id, ErrorCode::NoSuchMatch, "no finished match " + protocol::echoed(request.match));
    auto text = protocol::match_record_text(id, history_entry(*match, player.id()), match->record);
    if (!text) {
        spdlog::error("match {}: the stored record cannot be read", request.match);
        return refuse(session, id, ErrorCode::Internal, "the record of this match cannot be read");
    }
    session.reply(id, net::SharedText(std::move(*text)));
}

void GameService::to_table(Session& session, std::shared_ptr<players::Player> player, const protocol::RequestId& id,
                           protocol::TableCommand command) {
    auto table = session.cached_table(command.table);
    if (!table) table = tables_.find(command.table);
    if (!table) {
        // Served by another node: the client reconnects there (docs/protocol.md "Tables on other servers").
        if (auto url = tables_.elsewhere(command.table)) {
            ops::metrics().redirect();
            ops::metrics().error(protocol::to_string(ErrorCode::TableElsewhere));
            return session.reply(id, net::SharedText(protocol::table_elsewhere_text(id, command.table, *url)));
        }
        return refuse(session, id, ErrorCode::NoSuchTable, "no table " + protocol::echoed(command.table));
    }
    session.cache_table(table);
    const auto variant = [&] { return std::string(to_string(table->entry().options.variant)); };
    if (auto* start = std::get_if<platform::Start>(&command.request))
        start->standings = room::standings_of(*parts_.store, players_, table->seated(), variant(), now_ms());
    if (auto* sit = std::get_if<platform::Sit>(&command.request)) {  // its level, chips, cool-down (docs/room.md)
        auto read = room::standings_of(*parts_.store, players_, {player->id()}, variant(), now_ms());
        if (!read.empty()) sit->standing = std::move(read.front());
    }
    table->request(std::move(player), std::move(command.request),
                   tables::ReplyTo{std::static_pointer_cast<tables::Replier>(session.shared_from_this()), id});
}

bool GameService::may_create_table(Created& by, const std::string& key, std::size_t limit) {
    std::lock_guard lock(mutex_);
    auto& created = by[key];
    std::erase_if(created, [](const std::weak_ptr<tables::TableActor>& t) {
        auto table = t.lock();
        return !table || table->entry().info.status == platform::TableStatus::Finished;
    });
    return limit == 0 || created.size() < limit;
}

void GameService::expire_players() {
    const auto now = now_ms();
    {
        std::lock_guard lock(mutex_);
        if (now - last_expiry_ < 60'000) return;
        last_expiry_ = now;
        for (auto* created : {&created_, &created_from_})
            for (auto it = created->begin(); it != created->end();) {
                std::erase_if(it->second, [](const auto& t) { return t.expired(); });
                it = it->second.empty() ? created->erase(it) : std::next(it);
            }
    }
    auto forgotten = players_.expire(now, static_cast<std::int64_t>(config_.guest_ttl_s) * 1000, [&](const auto& p) {
        for (const auto& table : p.tables())
            if (tables_.find(table)) return true;
        return false;
    });
    if (forgotten) spdlog::info("{} players with no connection and no table forgotten", forgotten);
}

}  // namespace belote::sessions
