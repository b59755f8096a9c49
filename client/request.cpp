#include "client/request.hpp"

#include "client/overloaded.hpp"

namespace belote::client {

using detail::Overloaded;
using ojson = nlohmann::ordered_json;

nlohmann::json id_to_json(const RequestId& id) {
    return std::visit([](const auto& v) { return nlohmann::json(v); }, id);
}

std::optional<RequestId> id_from_json(const nlohmann::json& j) {
    if (j.is_number_integer()) return RequestId{j.get<std::int64_t>()};
    if (j.is_string()) return RequestId{j.get<std::string>()};
    return std::nullopt;
}

namespace {

/// The table options set in `o` (variant and target only when `with_variant_target`).
void put_options(ojson& j, const TableOptions& o, bool with_variant_target) {
    if (with_variant_target) {
        if (o.variant) j["variant"] = *o.variant;
        if (o.target) j["target"] = *o.target;
    }
    if (o.turn_time) j["turn_time"] = *o.turn_time;
    if (o.is_private) j["private"] = *o.is_private;
    if (o.spectators) j["spectators"] = *o.spectators;
    if (o.competitive) j["competitive"] = *o.competitive;
    if (o.stake) j["stake"] = *o.stake;
}

/// "type", "id" and (when not empty) "table", in that order.
ojson head(std::string_view type, const RequestId& id, const std::string& table = {}) {
    ojson j;
    j["type"] = std::string(type);
    std::visit([&](const auto& v) { j["id"] = v; }, id);
    if (!table.empty()) j["table"] = table;
    return j;
}

}  // namespace

std::string_view request_type(const Request& request) {
    return std::visit(Overloaded{[](const Hello&) { return std::string_view("hello"); },
                                 [](const ListTables&) { return std::string_view("list_tables"); },
                                 [](const CreateTable&) { return std::string_view("create_table"); },
                                 [](const Sit&) { return std::string_view("sit"); },
                                 [](const Stand&) { return std::string_view("stand"); },
                                 [](const AddRobot&) { return std::string_view("add_robot"); },
                                 [](const RemoveRobot&) { return std::string_view("remove_robot"); },
                                 [](const Start&) { return std::string_view("start"); },
                                 [](const Act& r) { return action_type(r.action); },
                                 [](const GetRecord&) { return std::string_view("get_record"); },
                                 [](const SetOptions&) { return std::string_view("set_options"); },
                                 [](const RenewInvite&) { return std::string_view("renew_invite"); },
                                 [](const Watch&) { return std::string_view("watch"); },
                                 [](const Chat&) { return std::string_view("chat"); },
                                 [](const ProposeCancel&) { return std::string_view("propose_cancel"); },
                                 [](const VoteCancel&) { return std::string_view("vote_cancel"); }},
                      request);
}

nlohmann::ordered_json request_to_json(const Request& request, const RequestId& id) {
    const std::string_view type = request_type(request);
    return std::visit(Overloaded{[&](const Hello& r) {
                                     ojson j = head(type, id);
                                     j["protocol"] = r.protocol;
                                     j["nickname"] = r.nickname;
                                     if (!r.token.empty()) {
                                         j["token"] = r.token;
                                         if (!r.resume.empty()) j["resume"] = r.resume;
                                     }
                                     return j;
                                 },
                                 [&](const ListTables&) { return head(type, id); },
                                 [&](const CreateTable& r) {
                                     ojson j = head(type, id);
                                     j["variant"] = r.variant;
                                     if (r.target) j["target"] = *r.target;
                                     if (!r.rules.is_null()) j["rules"] = r.rules;
                                     put_options(j, r.options, false);
                                     return j;
                                 },
                                 [&](const Sit& r) {
                                     ojson j = head(type, id, r.table);
                                     j["seat"] = r.seat;
                                     if (!r.invite.empty()) j["invite"] = r.invite;
                                     return j;
                                 },
                                 [&](const AddRobot& r) {
                                     ojson j = head(type, id, r.table);
                                     j["seat"] = r.seat;
                                     return j;
                                 },
                                 [&](const RemoveRobot& r) {
                                     ojson j = head(type, id, r.table);
                                     j["seat"] = r.seat;
                                     return j;
                                 },
                                 [&](const Act& r) {
                                     ojson j = head(type, id, r.table);
                                     const ojson action = action_to_json(r.action);
                                     for (const auto& [key, value] : action.items())
                                         if (key != "type") j[key] = value;
                                     return j;
                                 },
                                 [&](const SetOptions& r) {
                                     ojson j = head(type, id, r.table);
                                     ojson options = ojson::object();
                                     put_options(options, r.options, true);
                                     j["options"] = std::move(options);
                                     return j;
                                 },
                                 [&](const Watch& r) {
                                     ojson j = head(type, id, r.table);
                                     if (!r.invite.empty()) j["invite"] = r.invite;
                                     return j;
                                 },
                                 [&](const Chat& r) {
                                     ojson j = head(type, id, r.table);
                                     j["text"] = r.text;
                                     return j;
                                 },
                                 [&](const VoteCancel& r) {
                                     ojson j = head(type, id, r.table);
                                     j["accept"] = r.accept;
                                     return j;
                                 },
                                 // Only the table: stand, start, get_record, renew_invite, propose_cancel.
                                 [&](const auto& r) { return head(type, id, r.table); }},
                      request);
}

std::string encode(const Request& request, const RequestId& id) { return request_to_json(request, id).dump(); }

}  // namespace belote::client
