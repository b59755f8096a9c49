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
    : service_(service), connection_(std::move(connection)), guard_(burst, rate, now_ms) {}

std::shared_ptr<players::Player> Session::player() const {
    if (player_ && !player_->bound_to(connection_->id())) return nullptr;  // replaced by another connection
    return player_;
}

std::shared_ptr<tables::TableActor> Session::cached_table(const std::string& id) const {
    auto table = table_.lock();
    return table && table->id() == id ? table : nullptr;
}

void Session::on_text(std::string_view text) {
    protocol::RequestId id;
    try {
        if (!guard_.admit(service_.now_ms())) {
            spdlog::warn("connection {}: message rate exceeded, closing", connection_->id());
            connection_->close(protocol::close_code::rate_limited, "rate limit exceeded");
            return;
        }
        auto decoded = protocol::decode_request(text);
        id = std::visit([](const auto& d) { return d.id; }, decoded);
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

void Session::on_close() { service_.closed(*this); }

void Session::reply(const protocol::RequestId& id, net::SharedText text) {
    if (!std::holds_alternative<std::monostate>(id))
        for (int copies = guard_.record(id, text); copies > 0; --copies) connection_->send(text);
    connection_->send(std::move(text));
}

}  // namespace belote::sessions
