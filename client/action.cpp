#include "client/action.hpp"

#include "client/overloaded.hpp"

namespace belote::client {

namespace {

using detail::Overloaded;

std::string required_string(const nlohmann::json& j, const char* key) {
    const auto it = j.find(key);
    if (it == j.end() || !it->is_string()) throw ProtocolError(std::string("action without a string '") + key + "'");
    return it->get<std::string>();
}

}  // namespace

std::string_view action_type(const Action& action) {
    return std::visit(Overloaded{[](const Take&) { return std::string_view("take"); },
                                 [](const Pass&) { return std::string_view("pass"); },
                                 [](const Name&) { return std::string_view("name"); },
                                 [](const Play&) { return std::string_view("play"); },
                                 [](const Bid&) { return std::string_view("bid"); },
                                 [](const Contre&) { return std::string_view("contre"); },
                                 [](const Surcontre&) { return std::string_view("surcontre"); }},
                      action);
}

Action action_from_json(const nlohmann::json& j) {
    if (!j.is_object()) throw ProtocolError("an action is not an object: " + j.dump());
    const std::string type = required_string(j, "type");
    if (type == "take") return Take{};
    if (type == "pass") return Pass{};
    if (type == "contre") return Contre{};
    if (type == "surcontre") return Surcontre{};
    if (type == "name") return Name{required_string(j, "suit")};
    if (type == "play") return Play{required_string(j, "card")};
    if (type == "bid") {
        Bid bid;
        bid.suit = required_string(j, "suit");
        const auto value = j.find("value");
        if (value != j.end() && value->is_number_integer()) {
            bid.value = value->get<int>();
        } else if (value != j.end() && value->is_string() && value->get<std::string>() == "capot") {
            bid.capot = true;
        } else {
            throw ProtocolError("bid without a value: " + j.dump());
        }
        return bid;
    }
    throw ProtocolError("unknown action type '" + type + "'");
}

nlohmann::ordered_json action_to_json(const Action& action) {
    nlohmann::ordered_json j;
    j["type"] = std::string(action_type(action));
    std::visit(Overloaded{[](const Take&) {}, [](const Pass&) {}, [](const Contre&) {}, [](const Surcontre&) {},
                          [&](const Name& a) { j["suit"] = a.suit; }, [&](const Play& a) { j["card"] = a.card; },
                          [&](const Bid& a) {
                              if (a.capot)
                                  j["value"] = "capot";
                              else
                                  j["value"] = a.value;
                              j["suit"] = a.suit;
                          }},
               action);
    return j;
}

}  // namespace belote::client
