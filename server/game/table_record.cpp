// Table: the `get_record` request (docs/game-record.md, docs/protocol.md "get_record").
#include "server/game/table.hpp"

#include "protocol/replies.hpp"

namespace belote::game {

Table::Outcome Table::get_record(const std::shared_ptr<net::Connection>& reply_to, const nlohmann::json& id) {
    if (match_.phase() == Phase::NotStarted)
        return Refusal{protocol::ErrorCode::NotStarted, "the match has not started"};
    if (!match_.finished())
        return Refusal{protocol::ErrorCode::MatchRunning, "the record is available once the match is over"};
    auto record = protocol::record_json(protocol::make_record(match_, actions_));
    reply_to->send(protocol::to_text(protocol::ok_reply(id, {{"record", std::move(record)}})));
    return std::nullopt;
}

}  // namespace belote::game
