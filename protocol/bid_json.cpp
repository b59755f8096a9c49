#include "protocol/bid_json.hpp"

namespace belote::protocol {

using nlohmann::json;

std::string denomination_name(const Contract& contract) {
    switch (contract.kind) {
        case ContractKind::NoTrump: return "SA";
        case ContractKind::AllTrump: return "TA";
        case ContractKind::SuitTrump: break;
    }
    return to_string(contract.trump);
}

std::optional<Contract> parse_denomination(std::string_view text) {
    if (text == "SA") return Contract::no_trump();
    if (text == "TA") return Contract::all_trump();
    if (auto suit = parse_suit(text)) return Contract::suit(*suit);
    return std::nullopt;
}

json bid_value_json(int value) { return value == capot_bid_value ? json("capot") : json(value); }

std::variant<Action, std::string> bid_action_from_json(const json& message) {
    if (!message.is_object()) return std::string("the action must be an object");
    auto type = message.find("type");
    if (type == message.end() || !type->is_string()) return std::string("field 'type' must be a string");
    const auto& t = type->get_ref<const std::string&>();
    if (t == "contre") return Action::contre();
    if (t == "surcontre") return Action::surcontre();
    if (t != "bid") return "field 'type' must be \"bid\", \"contre\" or \"surcontre\"";
    auto value = message.find("value");
    if (value == message.end()) return std::string("missing field 'value'");
    int v = 0;
    if (value->is_string() && *value == "capot") {
        v = capot_bid_value;
    } else if (value->is_number_integer() && value->get<std::int64_t>() >= 80 && value->get<std::int64_t>() <= 160 &&
               value->get<std::int64_t>() % 10 == 0) {
        v = static_cast<int>(value->get<std::int64_t>());
    } else {
        return std::string("field 'value' must be 80, 90, ..., 160 or \"capot\"");
    }
    auto suit = message.find("suit");
    if (suit == message.end()) return std::string("missing field 'suit'");
    std::optional<Contract> contract;
    if (suit->is_string()) contract = parse_denomination(suit->get_ref<const std::string&>());
    if (!contract) return std::string("field 'suit' must be one of \"S\", \"H\", \"D\", \"C\", \"SA\", \"TA\"");
    return Action::bid(v, *contract);
}

}  // namespace belote::protocol
