#include "protocol/action_writer.hpp"

#include <string>

#include "protocol/bid_json.hpp"

namespace belote::protocol {

void write_card(JsonWriter& w, Card card) { w.value(to_string(card)); }

void write_cards(JsonWriter& w, CardSet cards) {
    w.begin_array();
    for (Card c : cards) write_card(w, c);
    w.end_array();
}

void write_action_members(JsonWriter& w, const Action& a, std::string_view kind_key) {
    w.key(kind_key);
    switch (a.kind) {
        case ActionKind::Pass: w.value("pass"); break;
        case ActionKind::Take: w.value("take"); break;
        case ActionKind::NameSuit:
            w.value("name").key("suit");
            if (a.contract.kind == ContractKind::NoTrump)
                w.value("no_trump");
            else if (a.contract.kind == ContractKind::AllTrump)
                w.value("all_trump");
            else
                w.value(to_string(a.contract.trump));
            break;
        case ActionKind::PlayCard:
            w.value("play").key("card");
            write_card(w, a.card);
            if (a.belote != BeloteCall::None)
                w.key("belote").value(a.belote == BeloteCall::Belote ? "belote" : "rebelote");
            break;
        case ActionKind::Declare:
            w.value("declare").key("cards");
            write_cards(w, a.cards);
            break;
        case ActionKind::Bid:
            w.value("bid").key("value");
            if (a.value == capot_bid_value)
                w.value("capot");
            else
                w.value(a.value);
            w.key("suit").value(denomination_name(a.contract));
            break;
        case ActionKind::Contre: w.value("contre"); break;
        case ActionKind::Surcontre: w.value("surcontre"); break;
    }
}

void write_action(JsonWriter& w, const Action& a) {
    if (a.kind == ActionKind::PlayCard && a.belote == BeloteCall::None) {  // most of a legal list
        char text[] = R"({"type":"play","card":"??"})";
        const std::string card = to_string(a.card);
        text[23] = card[0];
        text[24] = card[1];
        w.raw(std::string_view(text, sizeof text - 1));
        return;
    }
    w.begin_object();
    write_action_members(w, a, "type");
    w.end_object();
}

}  // namespace belote::protocol
