#include "server/game/game_handler.hpp"

#include <spdlog/spdlog.h>

#include "protocol/decode.hpp"
#include "protocol/replies.hpp"
#include "protocol/version.hpp"
#include "server/app.hpp"
#include "server/ops/lifecycle.hpp"
#include "server/ops/metrics.hpp"

namespace belote {

std::shared_ptr<net::ConnectionHandler> make_game_handler(boost::asio::io_context& ioc, const Config& config) {
    return std::make_shared<game::GameHandler>(ioc, config);
}

}  // namespace belote

namespace belote::game {

using nlohmann::json;
using protocol::ErrorCode;

namespace {

void send(const std::shared_ptr<net::Connection>& connection, const json& message) {
    connection->send(protocol::to_text(message));
}

void send_error(const std::shared_ptr<net::Connection>& connection, const json& id, ErrorCode code,
                std::string_view message) {
    ops::metrics().error(protocol::to_string(code));
    spdlog::debug("connection {}: error {} for request {}: {}", connection->id(), protocol::to_string(code), id.dump(),
                  message);
    send(connection, protocol::error_reply(id, code, message));
}

const std::string& table_of(const protocol::TableCommand& command) {
    return std::visit([](const auto& c) -> const std::string& { return c.table; }, command);
}

}  // namespace

GameHandler::GameHandler(boost::asio::io_context& ioc, const Config& config)
    : GameHandler(ioc, config, make_system_clock(ioc)) {}

GameHandler::GameHandler(boost::asio::io_context& ioc, const Config& config, std::shared_ptr<Clock> clock)
    : clock_(clock),
      config_(config),
      lobby_(ioc, std::chrono::milliseconds(config.robot_delay_ms), clock,
             TablePolicy{.reclaim_window = std::chrono::seconds(config.reclaim_window_s)}) {
    // belote_tables{state}: counted from the lobby at each /metrics scrape.
    metrics_source_ = ops::metrics().add_table_source([this] {
        ops::TableCounts counts{};
        for (const auto& info : lobby_.list())
            if (auto i = static_cast<std::size_t>(info.state); i < counts.size()) ++counts[i];
        return counts;
    });
}

GameHandler::~GameHandler() { ops::metrics().remove_table_source(metrics_source_); }

void GameHandler::on_open(std::shared_ptr<net::Connection> connection) {
    spdlog::info("connection {} open from {}", connection->id(), connection->remote_address());
    players_.open(connection->id());
    ops::lifecycle().track(connection);
    if (ops::lifecycle().draining()) connection->close(ops::close_service_restart, "server restarting");
}

void GameHandler::on_close(const std::shared_ptr<net::Connection>& connection) {
    try {
        spdlog::info("connection {} closed", connection->id());
        ops::lifecycle().untrack(connection->id());
        {
            std::lock_guard lock(guards_mutex_);
            guards_.erase(connection->id());
        }
        if (auto player = players_.close(connection->id())) {
            for (const auto& id : player->tables())
                if (auto table = lobby_.find(id)) table->presence_changed();
        }
    } catch (const std::exception& e) {
        spdlog::error("connection {}: on_close failed: {}", connection->id(), e.what());
    }
}

void GameHandler::on_text(const std::shared_ptr<net::Connection>& connection, std::string text) {
    json id = nullptr;
    try {
        auto guard = guard_of(connection->id());
        if (!guard->admit(clock_->now_ms())) {
            spdlog::warn("connection {}: message rate exceeded, closing", connection->id());
            connection->close(close_rate_limited, "rate limit exceeded");
            return;
        }
        auto decoded = protocol::decode_request(text);
        const json& request_id = std::holds_alternative<protocol::Request>(decoded)
                                     ? std::get<protocol::Request>(decoded).id
                                     : std::get<protocol::DecodeError>(decoded).id;
        std::shared_ptr<net::Connection> reply_to = connection;
        if (!request_id.is_null()) {  // DESIGN.md invariant 5: a duplicate id is answered again
            std::string key = request_id.dump(), cached;
            switch (guard->check(key, cached)) {
                case RequestGuard::Seen::Answered: connection->send(std::move(cached)); return;
                case RequestGuard::Seen::InFlight: return;
                case RequestGuard::Seen::New: break;
            }
            reply_to = std::make_shared<RecordingConnection>(connection, guard, std::move(key));
        }
        if (const auto* error = std::get_if<protocol::DecodeError>(&decoded)) {
            send_error(reply_to, error->id, error->code, error->message);
            return;
        }
        const auto& request = std::get<protocol::Request>(decoded);
        id = request.id;
        dispatch(reply_to, request);
    } catch (const std::exception& e) {
        spdlog::error("connection {}: internal error: {}", connection->id(), e.what());
        ops::metrics().error(protocol::to_string(ErrorCode::Internal));
        send(connection, protocol::error_reply(id, ErrorCode::Internal, "internal server error"));
    }
}

void GameHandler::dispatch(const std::shared_ptr<net::Connection>& connection, const protocol::Request& request) {
    const json& id = request.id;
    if (const auto* h = std::get_if<protocol::Hello>(&request.command)) return hello(connection, id, *h);

    auto player = players_.player_of(connection->id());
    if (!player) return send_error(connection, id, ErrorCode::NotAuthenticated, "send hello first");

    if (std::holds_alternative<protocol::ListTables>(request.command)) {
        json tables = json::array();
        for (const auto& table : lobby_.tables())
            if (table->listed()) tables.push_back(table->summary());
        return send(connection, protocol::ok_reply(id, {{"tables", std::move(tables)}}));
    }
    if (const auto* c = std::get_if<protocol::CreateTable>(&request.command)) {
        if (ops::lifecycle().draining())
            return send_error(connection, id, ErrorCode::ShuttingDown, "the server is shutting down: no new tables");
        MatchOptions options;
        options.variant = c->variant;
        options.target = c->target;
        options.rules = c->rules;
        if (auto problem = validate(options)) return send_error(connection, id, ErrorCode::InvalidOptions, *problem);
        if (!may_create_table(*player))
            return send_error(
                connection, id, ErrorCode::TooManyTables,
                "at most " + std::to_string(config_.max_tables_per_player) + " unfinished tables per player");
        auto table = lobby_.create(options, c->settings);
        {
            std::lock_guard lock(guards_mutex_);
            created_[player->id()].push_back(table);
        }
        spdlog::info("{} ({}) created table {}", player->id(), player->nickname(), table->id());
        return send(connection, protocol::ok_reply(id, {{"table", table->id()}, {"invite", table->invite()}}));
    }

    protocol::TableCommand command = std::visit(
        [](const auto& c) -> protocol::TableCommand {
            using T = std::decay_t<decltype(c)>;
            if constexpr (protocol::is_table_command_v<T>)
                return c;
            else
                throw std::logic_error("not a table command");
        },
        request.command);
    auto table = lobby_.find(table_of(command));
    if (!table) return send_error(connection, id, ErrorCode::NoSuchTable, "no table '" + table_of(command) + "'");
    table->handle(std::move(player), connection, id, std::move(command));
}

void GameHandler::hello(const std::shared_ptr<net::Connection>& connection, const json& id,
                        const protocol::Hello& hello) {
    auto login = players_.login(RecordingConnection::unwrap(connection), hello.nickname, hello.token);
    if (!login)
        return send_error(connection, id, ErrorCode::AlreadyAuthenticated, "this connection already said hello");
    const auto& player = login->player;
    if (login->resumed) ops::metrics().reconnection();
    spdlog::info("connection {}: {} player {} ({})", connection->id(), login->resumed ? "resumed" : "new", player->id(),
                 player->nickname());
    if (login->replaced) login->replaced->close(close_replaced, "signed in on another connection");
    send(connection, protocol::ok_reply(id, {{"protocol", protocol::version},
                                             {"token", player->token()},
                                             {"player", {{"id", player->id()}, {"nickname", player->nickname()}}}}));
    for (const auto& table_id : player->tables()) {
        auto seen = hello.resume.find(table_id);
        if (auto table = lobby_.find(table_id))
            table->resync(player,
                          seen == hello.resume.end() ? std::nullopt : std::optional<std::uint64_t>(seen->second));
    }
}

std::shared_ptr<RequestGuard> GameHandler::guard_of(std::uint64_t connection_id) {
    std::lock_guard lock(guards_mutex_);
    auto& guard = guards_[connection_id];
    if (!guard) guard = std::make_shared<RequestGuard>(config_.msg_burst, config_.msg_rate, clock_->now_ms());
    return guard;
}

bool GameHandler::may_create_table(const Player& player) {
    std::lock_guard lock(guards_mutex_);
    auto& mine = created_[player.id()];
    std::erase_if(mine, [](const std::weak_ptr<Table>& t) {
        auto table = t.lock();
        return !table || table->info().state == protocol::TableState::Finished;
    });
    return mine.size() < config_.max_tables_per_player;
}

}  // namespace belote::game
