#include "protocol/legal_query.hpp"

#include "engine/legal.hpp"
#include "protocol/action_json.hpp"
#include "protocol/bid_json.hpp"
#include "protocol/rules_json.hpp"

namespace belote::protocol {

using nlohmann::json;

std::variant<json, std::string> legal_query(const json& q) {
    try {
        if (!q.is_object()) return std::string("the position must be a JSON object");
        auto variant_it = q.find("variant");
        auto variant = variant_it != q.end() && variant_it->is_string() ? parse_variant(variant_it->get<std::string>())
                                                                        : std::nullopt;
        if (!variant)
            return std::string(
                "field 'variant' must be classic, classic_announcements, coinche, decouverte or three_player");
        auto rules = rules_from_json(q.contains("rules") ? q["rules"] : json(nullptr), *variant);
        if (auto* error = std::get_if<RulesError>(&rules)) return "rules: " + error->message;

        auto contract_it = q.find("contract");
        std::optional<Contract> contract;
        if (contract_it != q.end() && contract_it->is_string())
            contract = parse_denomination(contract_it->get<std::string>());
        if (!contract) return std::string("field 'contract' must be one of \"S\", \"H\", \"D\", \"C\", \"SA\", \"TA\"");
        if (contract->kind != ContractKind::SuitTrump && *variant != Variant::Coinche)
            return std::string("field 'contract': SA and TA are played only in coinche");

        const int players = seat_count(*variant);
        CardSet used;
        auto read_card = [&](const json& v, const std::string& where) -> Card {
            auto card = v.is_string() ? parse_card(v.get<std::string>()) : std::nullopt;
            if (!card) throw std::runtime_error(where + " must be a card such as \"JS\"");
            if (used.contains(*card)) throw std::runtime_error(where + ": " + to_string(*card) + " appears twice");
            used.insert(*card);
            return *card;
        };

        auto hand_it = q.find("hand");
        if (hand_it == q.end() || !hand_it->is_array() || hand_it->empty() || hand_it->size() > 16)
            return std::string("field 'hand' must be a non-empty array of cards");
        CardSet hand;
        for (std::size_t i = 0; i < hand_it->size(); ++i)
            hand.insert(read_card((*hand_it)[i], "hand[" + std::to_string(i) + "]"));

        Trick trick;
        auto trick_it = q.find("trick");
        if (trick_it != q.end() && !trick_it->is_null()) {
            if (!trick_it->is_array() || trick_it->size() >= static_cast<std::size_t>(players))
                return "field 'trick' must be an array of at most " + std::to_string(players - 1) + " played cards";
            for (std::size_t i = 0; i < trick_it->size(); ++i) {
                const json& entry = (*trick_it)[i];
                std::string where = "trick[" + std::to_string(i) + "]";
                if (!entry.is_object() || !entry.contains("seat") || !entry["seat"].is_number_integer() ||
                    entry["seat"].get<std::int64_t>() < 0 || entry["seat"].get<std::int64_t>() >= players)
                    return where + ".seat must be a seat from 0 to " + std::to_string(players - 1);
                Seat seat = entry["seat"].get<int>();
                if (i == 0)
                    trick = Trick(seat, players);
                else if (seat != trick.next_seat())
                    return where + ".seat must be " + std::to_string(trick.next_seat()) + " (play order)";
                trick.add(read_card(entry.contains("card") ? entry["card"] : json(nullptr), where + ".card"));
            }
        }
        if (auto seat_it = q.find("seat"); seat_it != q.end() && !seat_it->is_null()) {
            if (!seat_it->is_number_integer() || seat_it->get<std::int64_t>() < 0 ||
                seat_it->get<std::int64_t>() >= players)
                return "field 'seat' must be a seat from 0 to " + std::to_string(players - 1);
            if (!trick.empty() && seat_it->get<int>() != trick.next_seat())
                return "field 'seat': after this trick seat " + std::to_string(trick.next_seat()) + " plays";
        }
        CardSet legal = legal_cards(hand, trick, *contract, std::get<RuleOptions>(rules).play, players == 4);
        return json{{"legal", cards_json(legal)}};
    } catch (const std::exception& e) {
        return std::string(e.what());
    }
}

}  // namespace belote::protocol
