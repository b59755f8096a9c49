#include "engine/record.hpp"

namespace belote {

GameRecord make_record(const Match& match, std::vector<RecordedAction> actions) {
    GameRecord record;
    record.options = match.options();
    record.seed = match.seed();
    record.deals = match.deal_records();
    record.actions = std::move(actions);
    return record;
}

ReplayResult replay(const GameRecord& record, const ReplayObserver& observe) {
    ReplayResult result;
    Match match(record.options, record.seed.value_or(0));
    result.totals = SideValues::zeros(match.sides());
    for (const DealRecord& d : record.deals) match.preset_deck(d.deck);

    std::size_t dealt = 0;  // deals seen so far
    // Consumes events: collects deal results; checks each new deal against the record.
    auto absorb = [&](const std::vector<Event>& events) -> bool {
        for (const Event& e : events) {
            if (const auto* started = std::get_if<DealStarted>(&e)) {
                if (dealt >= record.deals.size()) {
                    result.failure = ReplayResult::Failure{
                        std::nullopt, std::nullopt, "the record holds no deck for deal " + std::to_string(dealt + 1)};
                    return false;
                }
                if (started->dealer != record.deals[dealt].dealer) {
                    result.failure = ReplayResult::Failure{
                        std::nullopt, std::nullopt,
                        "deal " + std::to_string(dealt + 1) + " is dealt by seat " + std::to_string(started->dealer) +
                            ", not by seat " + std::to_string(record.deals[dealt].dealer) + " as recorded"};
                    return false;
                }
                ++dealt;
            } else if (std::get_if<DealThrownIn>(&e)) {
                result.deals.push_back({static_cast<int>(dealt),
                                        record.deals[dealt - 1].dealer,
                                        true,
                                        {},
                                        SideValues::zeros(match.sides())});
            } else if (const auto* scored = std::get_if<DealScored>(&e)) {
                result.deals.push_back(
                    {scored->deal_number, record.deals[dealt - 1].dealer, false, scored->score, scored->totals});
                result.totals = scored->totals;
            }
            if (observe) observe(e, match);
        }
        return true;
    };

    // The deck queue must not run dry: a deal beyond the record would be shuffled from the seed.
    if (!absorb(match.start(record.deals.front().dealer))) return result;
    for (std::size_t i = 0; i < record.actions.size(); ++i) {
        const RecordedAction& a = record.actions[i];
        ApplyResult applied = match.apply(a.seat, a.action);
        if (!applied.ok()) {
            result.failure = ReplayResult::Failure{i, a.seat, applied.message};
            break;
        }
        if (!absorb(applied.events)) {
            result.failure->index = i;
            result.failure->seat = a.seat;
            break;
        }
    }
    result.finished = match.finished();
    result.winner = match.winner();
    return result;
}

}  // namespace belote
