#include "engine/events.hpp"

namespace belote {
namespace {

void hide_others(PrivateHands& hands, const Observer& observer) {
    for (Seat s = 0; s < static_cast<Seat>(hands.size()); ++s)
        if (!observer.sees_seat(s)) hands[s].reset();
}

}  // namespace

Event project(const Event& event, const Observer& observer) {
    Event copy = event;
    if (auto* e = std::get_if<DealStarted>(&copy)) hide_others(e->hands, observer);
    if (auto* e = std::get_if<ContractSettled>(&copy)) hide_others(e->hands, observer);
    if (auto* e = std::get_if<TurnStarted>(&copy); e && !observer.sees_seat(e->seat)) e->legal.reset();
    if (auto* e = std::get_if<MeldsFound>(&copy))
        for (Seat s = 0; s < static_cast<Seat>(e->melds.size()); ++s)
            if (!observer.sees_seat(s)) e->melds[s].reset();
    return copy;
}

}  // namespace belote
