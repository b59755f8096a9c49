#include "protocol/record.hpp"

#include "protocol/action_json.hpp"
#include "protocol/rules_json.hpp"
#include "protocol/score_json.hpp"

namespace belote::protocol {

using nlohmann::json;

json record_json(const GameRecord& record) {
    json deals = json::array();
    for (const DealRecord& d : record.deals) {
        json deck = json::array();
        for (Card c : d.deck) deck.push_back(to_string(c));
        deals.push_back({{"dealer", d.dealer}, {"deck", std::move(deck)}});
    }
    json actions = json::array();
    for (const RecordedAction& a : record.actions) {
        json entry = {{"seat", a.seat}};
        entry.update(action_json(a.action));
        actions.push_back(std::move(entry));
    }
    json out = {{"format", record_format},
                {"variant", to_string(record.options.variant)},
                {"target", record.options.target},
                {"rules", rules_json(record.options)}};
    if (record.seed) out["seed"] = std::to_string(*record.seed);
    out["deals"] = std::move(deals);
    out["actions"] = std::move(actions);
    if (record.cancelled) out["cancelled"] = true;
    return out;
}

namespace {

struct Bad {
    std::string message;
};

int small_int(const json& v, const std::string& where, int min, int max) {
    if (!v.is_number_integer() || v.get<std::int64_t>() < min || v.get<std::int64_t>() > max)
        throw Bad{where + " must be an integer from " + std::to_string(min) + " to " + std::to_string(max)};
    return static_cast<int>(v.get<std::int64_t>());
}

const json& member(const json& obj, const char* name, const std::string& where) {
    auto it = obj.find(name);
    if (it == obj.end()) throw Bad{"missing field '" + where + name + "'"};
    return *it;
}

}  // namespace

std::variant<GameRecord, std::string> record_from_json(const json& j) {
    try {
        if (!j.is_object()) throw Bad{"a record must be a JSON object"};
        if (member(j, "format", "") != record_format) throw Bad{"format must be " + std::to_string(record_format)};
        GameRecord record;
        const json& variant = member(j, "variant", "");
        auto parsed = variant.is_string() ? parse_variant(variant.get<std::string>()) : std::nullopt;
        if (!parsed) throw Bad{"variant must be classic, classic_announcements, coinche, decouverte or three_player"};
        record.options.variant = *parsed;
        if (j.contains("target")) record.options.target = small_int(j["target"], "target", 1, 100000);
        auto rules = rules_from_json(j.contains("rules") ? j["rules"] : json(nullptr), *parsed);
        if (auto* error = std::get_if<RulesError>(&rules)) throw Bad{"rules: " + error->message};
        record.options.rules = std::get<RuleOptions>(rules);
        if (auto problem = validate(record.options)) throw Bad{*problem};
        if (auto it = j.find("seed"); it != j.end() && it->is_string()) {
            try {
                record.seed = std::stoull(it->get<std::string>());
            } catch (...) {
                throw Bad{"seed must be a decimal string"};
            }
        }
        const int seats = seat_count(*parsed);
        const json& deals = member(j, "deals", "");
        if (!deals.is_array() || deals.empty()) throw Bad{"deals must be a non-empty array"};
        for (std::size_t i = 0; i < deals.size(); ++i) {
            std::string where = "deals[" + std::to_string(i) + "].";
            if (!deals[i].is_object()) throw Bad{"deals[" + std::to_string(i) + "] must be an object"};
            DealRecord deal;
            deal.dealer = small_int(member(deals[i], "dealer", where), where + "dealer", 0, seats - 1);
            const json& deck = member(deals[i], "deck", where);
            if (!deck.is_array() || deck.size() != deck_size) throw Bad{where + "deck must be an array of 32 cards"};
            CardSet seen;
            for (std::size_t k = 0; k < deck_size; ++k) {
                auto card = deck[k].is_string() ? parse_card(deck[k].get<std::string>()) : std::nullopt;
                if (!card) throw Bad{where + "deck[" + std::to_string(k) + "] is not a card"};
                if (seen.contains(*card)) throw Bad{where + "deck holds " + to_string(*card) + " twice"};
                seen.insert(*card);
                deal.deck[k] = *card;
            }
            record.deals.push_back(deal);
        }
        const json& actions = member(j, "actions", "");
        if (!actions.is_array()) throw Bad{"actions must be an array"};
        for (std::size_t i = 0; i < actions.size(); ++i) {
            std::string where = "actions[" + std::to_string(i) + "]";
            RecordedAction a;
            if (!actions[i].is_object()) throw Bad{where + " must be an object"};
            a.seat = small_int(member(actions[i], "seat", where + "."), where + ".seat", 0, seats - 1);
            auto action = action_from_json(actions[i]);
            if (!action) throw Bad{where + " is not a valid action"};
            a.action = *action;
            record.actions.push_back(a);
        }
        if (auto it = j.find("cancelled"); it != j.end()) {
            if (!it->is_boolean()) throw Bad{"cancelled must be true or false"};
            record.cancelled = it->get<bool>();
        }
        return record;
    } catch (const Bad& bad) {
        return bad.message;
    } catch (const std::exception& e) {
        return std::string("malformed record: ") + e.what();
    }
}

json replay_json(const GameRecord& record, const ReplayResult& result) {
    json deals = json::array();
    for (const ReplayedDeal& d : result.deals) {
        if (d.thrown_in)
            deals.push_back({{"deal", d.deal}, {"dealer", d.dealer}, {"thrown_in", true}});
        else
            deals.push_back(
                {{"deal", d.deal}, {"dealer", d.dealer}, {"score", deal_score_json(*d.score)}, {"totals", d.totals}});
    }
    json out = {{"variant", to_string(record.options.variant)},
                {"target", record.options.target},
                {"deals", deals},
                {"totals", result.totals},
                {"finished", result.finished},
                {"winner", result.winner ? json(*result.winner) : json(nullptr)}};
    if (record.cancelled) out["cancelled"] = true;
    if (result.failure)
        out["error"] = {{"index", result.failure->index ? json(*result.failure->index) : json(nullptr)},
                        {"seat", result.failure->seat ? json(*result.failure->seat) : json(nullptr)},
                        {"reason", result.failure->reason}};
    return out;
}

}  // namespace belote::protocol
