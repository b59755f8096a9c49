#include "protocol/replay_view.hpp"

#include <optional>
#include <variant>

#include "protocol/action_json.hpp"
#include "protocol/bid_json.hpp"
#include "protocol/record.hpp"
#include "protocol/variant_json.hpp"

namespace belote::protocol {
namespace {

using nlohmann::json;

/// Collects what a viewer needs of each deal from the replay's events.
class DealCollector {
public:
    explicit DealCollector(int seats) : seats_(seats) {}

    void operator()(const Event& event, const Match& match) {
        if (const auto* e = std::get_if<DealStarted>(&event)) return start(*e, match);
        if (!current_) return;
        json& deal = *current_;
        if (const auto* e = std::get_if<AuctionCall>(&event)) {
            deal["auction"].push_back(auction_call_json(*e));
        } else if (const auto* e = std::get_if<ContractSettled>(&event)) {
            json contract = {{"taker", e->taker},
                             {"trump", e->contract.kind == ContractKind::SuitTrump ? json(to_string(e->contract.trump))
                                                                                   : json(nullptr)}};
            if (e->bid_value > 0) {  // coinche
                contract["contract"] = denomination_name(e->contract);
                contract["value"] = bid_value_json(e->bid_value);
                contract["contre"] = e->contre_level;
            }
            deal["contract"] = std::move(contract);
            set_hands(e->hands);
        } else if (const auto* e = std::get_if<MeldsShown>(&event)) {
            deal["melds"] = {{"team", e->team}, {"points", e->points}, {"melds", seat_melds_json(e->melds)}};
        } else if (const auto* e = std::get_if<CardPlayed>(&event)) {
            json& tricks = deal["tricks"];
            if (tricks.empty() || tricks.back().contains("winner"))
                tricks.push_back({{"trick", tricks.size() + 1}, {"leader", e->seat}, {"cards", json::array()}});
            tricks.back()["cards"].push_back({{"seat", e->seat},
                                              {"card", card_json(e->card)},
                                              {"belote", e->belote == BeloteCall::Belote     ? json("belote")
                                                         : e->belote == BeloteCall::Rebelote ? json("rebelote")
                                                                                             : json(nullptr)}});
        } else if (const auto* e = std::get_if<TrickWon>(&event)) {
            json& tricks = deal["tricks"];
            if (tricks.empty()) return;
            tricks.back()["trick"] = e->trick_number;
            tricks.back()["winner"] = e->winner;
            tricks.back()["points"] = e->points;
        } else if (std::holds_alternative<DealThrownIn>(event) || std::holds_alternative<DealScored>(event)) {
            done_.push_back(std::move(deal));
            current_.reset();
        }
    }

    /// The deals that ended, in order.
    std::vector<json>& done() { return done_; }
    /// The deal the record stopped in, if any.
    std::optional<json>& current() { return current_; }

private:
    void start(const DealStarted& e, const Match& match) {
        current_ = json{{"deal", e.deal_number},
                        {"dealer", e.dealer},
                        {"turn_up", e.turn_up ? card_json(*e.turn_up) : json(nullptr)},
                        {"hands", json::array()},
                        {"auction", json::array()},
                        {"contract", nullptr},
                        {"melds", nullptr},
                        {"tricks", json::array()}};
        if (match.options().variant == Variant::Decouverte) {
            // No hands: the tableaux, face-down cards included (the match is over: docs/game-record.md).
            for (Seat s = 0; s < seats_; ++s) (*current_)["hands"].push_back(cards_json(match.hand(s)));
        } else {
            set_hands(e.hands);
        }
    }

    void set_hands(const PrivateHands& hands) {
        bool any = false;
        for (Seat s = 0; s < seats_; ++s) any = any || hands[s].has_value();
        if (!any) return;  // découverte: kept from the deal
        json out = json::array();
        for (Seat s = 0; s < seats_; ++s) out.push_back(hands[s] ? cards_json(*hands[s]) : json::array());
        (*current_)["hands"] = std::move(out);
    }

    int seats_;
    std::vector<json> done_;
    std::optional<json> current_;
};

}  // namespace

json replay_view_json(const GameRecord& record) {
    DealCollector collector(seat_count(record.options.variant));
    ReplayResult result = replay(record, std::ref(collector));
    json out = replay_json(record, result);
    json& deals = out["deals"];
    // replay_json lists exactly the deals that were thrown in or scored, in the order they ended.
    for (std::size_t i = 0; i < deals.size() && i < collector.done().size(); ++i) {
        json details = std::move(collector.done()[i]);
        details.erase("deal");
        details.erase("dealer");
        deals[i].update(details);
    }
    if (auto& unfinished = collector.current()) {
        (*unfinished)["unfinished"] = true;
        deals.push_back(std::move(*unfinished));
    }
    return out;
}

}  // namespace belote::protocol
