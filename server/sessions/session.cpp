#include "server/sessions/session.hpp"

#include <spdlog/spdlog.h>

#include "protocol/close_codes.hpp"
#include "protocol/decode.hpp"
#include "protocol/messages.hpp"
#include "server/ops/metrics.hpp"
#include "server/sessions/game_service.hpp"

namespace belote::sessions {

Session::Session(GameService& service, std::shared_ptr<net::Connection> connection, double burst, double rate,
                 std::int64_t now_ms)
    : service_(service), connection_(std::move(connection)), guard_(burst, rate, now_ms) {
    address_ = connection_->client_address();
}

void Session::set_player(std::shared_ptr<players::Player> player, std::string token) {
    player_ = std::move(player);
    token_ = std::move(token);
    authenticated_.store(true);
    hello_deadline_.cancel();
    table_.reset();
}

void Session::clear_player() {
    player_.reset();
    token_.clear();
    table_.reset();
}

void Session::finish_account_request(const std::function<void(bool open)>& apply) {
    std::lock_guard lock(mutex_);
    busy_ = false;
    apply(!closed_);
    while (!busy_ && !closed_ && !held_.empty()) {  // a held frame may start another account request
        std::string text = std::move(held_.front());
        held_.erase(held_.begin());
        handle(text);
    }
}

void Session::hello_deadline_passed() {
    if (authenticated_.load()) return;
    spdlog::info("connection {}: no hello in time, closing", connection_->id());
    connection_->close(protocol::close_code::hello_timeout, "no hello in time");
}

std::shared_ptr<players::Player> Session::player() const {
    if (player_ && !player_->bound_to(connection_->id())) return nullptr;  // replaced by another connection
    return player_;
}

std::shared_ptr<tables::TableActor> Session::cached_table(const std::string& id) const {
    // A table given up to another node may live on a little (robots, posted work hold it): the
    // request goes through the directory, which says where the table went (table_elsewhere).
    auto table = table_.lock();
    return table && table->id() == id && !table->lost() ? table : nullptr;
}

void Session::on_text(std::string_view text) {
    std::lock_guard lock(mutex_);
    if (closed_) return;
    if (!guard_.admit(service_.now_ms())) {
        spdlog::warn("connection {}: message rate exceeded, closing", connection_->id());
        connection_->close(protocol::close_code::rate_limited, "rate limit exceeded");
        return;
    }
    if (busy_) {
        if (held_.size() >= max_held_frames) {
            spdlog::warn("connection {}: too many messages during an account request, closing", connection_->id());
            connection_->close(protocol::close_code::rate_limited, "rate limit exceeded");
            return;
        }
        held_.emplace_back(text);
        return;
    }
    handle(text);
}

void Session::handle(std::string_view text) {
    protocol::RequestId id;
    try {
        auto decoded = protocol::decode_request(text);
        id = std::visit([](const auto& d) { return d.id; }, decoded);
        if (!authenticated_.load()) {
            // Before hello only hello is accepted, and nothing is remembered: a stranger's ids
            // cost no memory (issue 18).
            if (const auto* error = std::get_if<protocol::DecodeError>(&decoded))
                return service_.refuse(*this, error->id, error->code, error->message);
            auto& request = std::get<protocol::Request>(decoded);
            if (!std::holds_alternative<protocol::Hello>(request.command) &&
                !std::holds_alternative<protocol::Login>(request.command))
                return service_.refuse(*this, id, protocol::ErrorCode::NotAuthenticated,
                                       "only hello or login is accepted before hello");
            return service_.dispatch(*this, std::move(request));
        }
        if (!std::holds_alternative<std::monostate>(id)) {  // docs/design.md invariant 5
            net::SharedText cached;
            switch (guard_.check(id, cached)) {
                case RequestGuard::Seen::Answered: connection_->send(std::move(cached)); return;
                case RequestGuard::Seen::InFlight: return;
                case RequestGuard::Seen::New: break;
            }
        }
        if (const auto* error = std::get_if<protocol::DecodeError>(&decoded))
            return service_.refuse(*this, error->id, error->code, error->message);
        service_.dispatch(*this, std::get<protocol::Request>(std::move(decoded)));
    } catch (const std::exception& e) {
        spdlog::error("connection {}: internal error: {}", connection_->id(), e.what());
        service_.refuse(*this, id, protocol::ErrorCode::Internal, "internal server error");
    }
}

void Session::on_close() {
    std::lock_guard lock(mutex_);
    closed_ = true;
    held_.clear();
    service_.closed(*this);
}

void Session::reply(const protocol::RequestId& id, net::SharedText text) {
    if (authenticated_.load() && !std::holds_alternative<std::monostate>(id))
        for (int copies = guard_.record(id, text); copies > 0; --copies) connection_->send(text);
    connection_->send(std::move(text));
}

}  // namespace belote::sessions
