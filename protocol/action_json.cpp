#include "protocol/action_json.hpp"

#include "protocol/bid_json.hpp"

namespace belote::protocol {

using nlohmann::json;

json card_json(Card card) { return to_string(card); }

json cards_json(CardSet cards) {
    json out = json::array();
    for (Card c : cards) out.push_back(to_string(c));
    return out;
}

json trick_json(const Trick& trick) {
    json cards = json::array();
    for (int i = 0; i < trick.size(); ++i)
        cards.push_back({{"seat", trick.seat(i)}, {"card", to_string(trick.card(i))}});
    return {{"leader", trick.leader()}, {"cards", std::move(cards)}};
}

namespace {

json contract_suit(const Contract& contract) {
    switch (contract.kind) {
        case ContractKind::NoTrump: return "no_trump";
        case ContractKind::AllTrump: return "all_trump";
        case ContractKind::SuitTrump: break;
    }
    return to_string(contract.trump);
}

}  // namespace

json action_json(const Action& action) {
    switch (action.kind) {
        case ActionKind::Pass: return {{"type", "pass"}};
        case ActionKind::Take: return {{"type", "take"}};
        case ActionKind::NameSuit: return {{"type", "name"}, {"suit", contract_suit(action.contract)}};
        case ActionKind::PlayCard: {
            json out = {{"type", "play"}, {"card", to_string(action.card)}};
            if (action.belote != BeloteCall::None)  // manual belote modes only (rules.md §2.5)
                out["belote"] = action.belote == BeloteCall::Belote ? "belote" : "rebelote";
            return out;
        }
        case ActionKind::Declare: return {{"type", "declare"}, {"cards", cards_json(action.cards)}};
        case ActionKind::Bid:
            return {
                {"type", "bid"}, {"value", bid_value_json(action.value)}, {"suit", denomination_name(action.contract)}};
        case ActionKind::Contre: return {{"type", "contre"}};
        case ActionKind::Surcontre: return {{"type", "surcontre"}};
    }
    return {{"type", "pass"}};
}

std::optional<Action> action_from_json(const json& j) {
    if (!j.is_object()) return std::nullopt;
    auto type = j.find("type");
    if (type == j.end() || !type->is_string()) return std::nullopt;
    const auto& t = type->get_ref<const std::string&>();
    if (t == "pass") return Action::pass();
    if (t == "take") return Action::take();
    if (t == "name") {
        auto suit = j.find("suit");
        if (suit == j.end() || !suit->is_string()) return std::nullopt;
        if (auto s = parse_suit(suit->get_ref<const std::string&>())) return Action::name_suit(*s);
        return std::nullopt;
    }
    if (t == "bid" || t == "contre" || t == "surcontre") {
        auto action = bid_action_from_json(j);
        if (auto* a = std::get_if<Action>(&action)) return *a;
        return std::nullopt;
    }
    if (t == "play") {
        auto card = j.find("card");
        if (card == j.end() || !card->is_string()) return std::nullopt;
        auto c = parse_card(card->get_ref<const std::string&>());
        if (!c) return std::nullopt;
        BeloteCall call = BeloteCall::None;
        if (auto words = j.find("belote"); words != j.end() && !words->is_null()) {
            if (*words == "belote")
                call = BeloteCall::Belote;
            else if (*words == "rebelote")
                call = BeloteCall::Rebelote;
            else
                return std::nullopt;
        }
        return Action::play(*c, call);
    }
    if (t == "declare") {
        auto cards = j.find("cards");
        if (cards == j.end() || !cards->is_array() || cards->size() > deck_size) return std::nullopt;
        CardSet set;
        for (const json& text : *cards) {
            auto c = text.is_string() ? parse_card(text.get_ref<const std::string&>()) : std::nullopt;
            if (!c || set.contains(*c)) return std::nullopt;
            set.insert(*c);
        }
        return Action::declare(set);
    }
    return std::nullopt;
}

json actions_json(const std::vector<Action>& actions) {
    json out = json::array();
    for (const Action& a : actions) out.push_back(action_json(a));
    return out;
}

json auction_call_json(const AuctionCall& call) {
    json out = action_json(call.action);
    out["call"] = out["type"];
    out.erase("type");
    out["seat"] = call.seat;
    return out;
}

}  // namespace belote::protocol
