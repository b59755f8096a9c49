#include "client/table_tracker.hpp"

#include <algorithm>

namespace belote::client {

TableTracker::TableTracker(std::string table) : table_(std::move(table)) {}

TableTracker::Outcome TableTracker::apply(const Message& message) {
    if (!message.is_event()) return Outcome::not_for_me;
    const auto table = message.table();
    if (!table) return Outcome::not_for_me;
    if (table_.empty()) table_ = *table;
    if (*table != table_) return Outcome::not_for_me;
    const auto v = message.v();
    if (!v) return Outcome::unversioned;

    Outcome outcome = Outcome::applied;
    if (message.type() == "snapshot") {
        // A snapshot is the whole view at its v (which is that of the event it follows).
    } else if (v_ && *v <= *v_) {
        return Outcome::stale;
    } else if (v_ && *v != *v_ + 1) {
        ++gaps_;
        outcome = Outcome::gap;
    }
    v_ = *v;
    on_event(message);
    return outcome;
}

void TableTracker::on_event(const Message& m) {
    const std::string& type = m.type();
    if (type == "snapshot") {
        seat_ = m.seat();
        to_act_ = m.to_act();
        const auto view = m.body().find("view");
        const bool has_view = view != m.body().end() && view->is_object();
        phase_ = has_view ? view->value("phase", std::string()) : std::string();
        deal_ = has_view ? view->value("deal", 0) : 0;
        match_over_ = phase_ == "finished";
        legal_ = m.legal();
        hand_ = m.hand().value_or(std::vector<std::string>{});
        return;
    }
    if (type == "turn") {
        to_act_ = m.to_act();
        phase_ = m.body().value("phase", std::string());
        legal_ = to_act_ && to_act_ == seat_ ? m.legal() : std::vector<Action>{};
        return;
    }
    // Every other event of the match's progress ends the decision the last turn asked for (the
    // next one comes with its own turn); presence, chat, options... leave it as it is.
    static const char* const progress[] = {"auction_call", "card_played",     "deal_started",   "deal_thrown_in",
                                           "contract",     "trick_won",       "deal_scored",    "match_started",
                                           "match_ended",  "match_cancelled", "tableaux_dealt", "auto_move"};
    if (std::find(std::begin(progress), std::end(progress), type) == std::end(progress)) return;
    to_act_.reset();
    legal_.clear();
    if (auto hand = m.hand()) hand_ = std::move(*hand);
    if (type == "deal_started") {
        deal_ = m.body().value("deal", deal_);
    } else if (type == "card_played" && seat_ && m.seat() == seat_) {
        const std::string card = m.body().value("card", std::string());
        hand_.erase(std::remove(hand_.begin(), hand_.end(), card), hand_.end());
    } else if (type == "deal_scored") {
        ++deals_scored_;
    } else if (type == "match_started") {
        match_over_ = false;
        winner_.reset();
    } else if (type == "match_ended" || type == "match_cancelled") {
        match_over_ = true;
        const auto w = m.body().find("winner");
        if (w != m.body().end() && w->is_number_integer()) winner_ = w->get<int>();
    }
}

}  // namespace belote::client
