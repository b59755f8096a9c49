#include "platform/room.hpp"

#include <algorithm>
#include <ctime>
#include <map>

namespace belote::platform {

const char* to_string(Unmoved u) {
    switch (u) {
        case Unmoved::None: return "";
        case Unmoved::Practice: return "practice";
        case Unmoved::SameAddress: return "same_ip";
        case Unmoved::Guest: return "guest";
        case Unmoved::Robot: return "robot";
        case Unmoved::Abandoned: return "abandoned";
        case Unmoved::Cancelled: return "cancelled";
    }
    return "";
}

const char* to_string(Shortfall s) {
    switch (s) {
        case Shortfall::Robot: return "robot";
        case Shortfall::Guest: return "guest";
        case Shortfall::Chips: return "chips";
    }
    return "robot";
}

Unmoved MatchTerms::unmoved(int seat, bool robot_seat, bool robot_match) const {
    if (!competitive) return Unmoved::Practice;
    if (robot_seat) return Unmoved::Robot;
    if (same_address) return Unmoved::SameAddress;
    if (!counts[seat]) return Unmoved::Guest;
    if (robot_match) return Unmoved::Robot;  // XP against robots could be farmed: none
    return Unmoved::None;
}

Unmoved unmoved_of(const MatchTerms& terms, const Lineup& lineup) {
    if (!terms.competitive) return Unmoved::Practice;
    if (terms.same_address) return Unmoved::SameAddress;
    return lineup.has_robot() ? Unmoved::Robot : Unmoved::None;
}

std::optional<Cooldown> cooldown_after(std::vector<std::int64_t> abandons_ms, std::int64_t now_ms) {
    if (abandons_ms.empty()) return std::nullopt;
    std::sort(abandons_ms.begin(), abandons_ms.end());
    const std::int64_t last = abandons_ms.back();
    const auto counted = std::count_if(abandons_ms.begin(), abandons_ms.end(),
                                       [&](std::int64_t t) { return t > last - cooldown_window_ms; });
    constexpr std::int64_t minute = 60'000;
    std::int64_t length = 0;
    if (counted >= 5)
        length = 24 * 60 * minute;
    else if (counted == 4)
        length = 6 * 60 * minute;
    else if (counted == 3)
        length = 60 * minute;
    else if (counted == 2)
        length = 15 * minute;
    if (length == 0 || last + length <= now_ms) return std::nullopt;
    return Cooldown{last + length, static_cast<int>(counted)};
}

std::string utc_minute(std::int64_t ms) {
    const auto t = static_cast<std::time_t>((ms + 59'999) / 60'000 * 60);
    std::tm tm{};
    gmtime_r(&t, &tm);
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%d %H:%M UTC", &tm);
    return text;
}

std::string escrow_of(const std::string& match_id) { return "escrow:" + match_id; }
std::string wallet_of(const std::string& player_id) { return "wallet:" + player_id; }

namespace {

std::string key_of(const Lineup& lineup, int seat, const char* kind) {
    return lineup.match_id + ":" + std::to_string(seat) + ":" + kind;
}

/// The outcome of every seat before any result: the stake out of the wallet, the reason nothing moves.
std::vector<SeatOutcome> outcomes(const Lineup& lineup, const MatchTerms& terms) {
    std::vector<SeatOutcome> out;
    const bool robot_match = lineup.has_robot();
    for (int s = 0; s < lineup.seats; ++s) {
        SeatOutcome o;
        o.seat = s;
        o.player_id = lineup.players[s];
        o.chips = terms.stakes(s) ? -terms.stake : 0;
        o.why = terms.unmoved(s, !lineup.players[s], robot_match);
        out.push_back(o);
    }
    return out;
}

/// Pays `amount` from the escrow to `payees` in equal shares; the chips left over (fewer than the
/// payees) go one each to the lowest seats.
void pay(const Lineup& lineup, std::int64_t amount, const std::vector<int>& payees, Settlement& out) {
    const auto n = static_cast<std::int64_t>(payees.size());
    for (std::size_t i = 0; i < payees.size(); ++i) {
        const int seat = payees[i];
        const std::int64_t share = amount / n + (static_cast<std::int64_t>(i) < amount % n ? 1 : 0);
        if (share == 0) continue;
        out.transfers.push_back(
            {key_of(lineup, seat, "win"), escrow_of(lineup.match_id), wallet_of(*lineup.players[seat]), share});
        out.seats[seat].chips += share;
    }
}

TermsOrRefusal accepted(const MatchTerms& terms) {
    TermsOrRefusal out;
    out.terms = terms;
    return out;
}

TermsOrRefusal refused(std::string why) {
    TermsOrRefusal out;
    out.refusal = std::move(why);
    return out;
}

}  // namespace

TermsOrRefusal match_terms(bool competitive, int stake, const Lineup& lineup, const std::vector<Standing>& standings) {
    MatchTerms terms{competitive, stake, false, {}};
    std::map<std::string, const Standing*> by_id;
    for (const auto& s : standings) by_id[s.player_id] = &s;
    std::map<std::string, int> addresses;
    std::vector<std::string> unread;
    for (int s = 0; s < lineup.seats; ++s) {
        if (!lineup.players[s]) continue;
        auto it = by_id.find(*lineup.players[s]);
        if (it == by_id.end()) {
            unread.push_back(*lineup.players[s]);
            continue;
        }
        terms.counts[s] = it->second->registered;
        terms.ratings[s] = it->second->rating;
        if (!it->second->address.empty() && addresses[it->second->address]++ > 0) terms.same_address = true;
    }
    terms.rated = competitive && !terms.same_address && unread.empty();
    for (int s = 0; s < lineup.seats; ++s) terms.rated = terms.rated && terms.counts[s];
    if (!terms.rated) terms.ratings = {};
    if (!competitive) return accepted(terms);
    if (!unread.empty()) {
        std::string names;
        for (const auto& id : unread) names += (names.empty() ? "" : ", ") + id;
        return refused("the chips of " + names + " could not be read: try again");
    }
    // Someone cooling down after abandoning (they sat before it began, or at a practice table made
    // competitive since): no competitive match, whatever the stake.
    TermsOrRefusal cooling = refused("");
    cooling.reason = TermsRefusal::CoolingDown;
    for (int s = 0; s < lineup.seats; ++s) {
        if (!lineup.players[s]) continue;
        const Standing& who = *by_id.at(*lineup.players[s]);
        if (!who.cooldown) continue;
        cooling.refusal +=
            (cooling.refusal.empty() ? "" : "; ") + who.name + " abandoned " + std::to_string(who.cooldown->abandons) +
            " competitive matches in 7 days: competitive play again from " + utc_minute(who.cooldown->until);
        cooling.until = std::max(cooling.until.value_or(0), who.cooldown->until);
    }
    if (cooling.until) return cooling;
    // Also when two players share an address (nothing will move): the stake check is the same.
    if (stake == 0) return accepted(terms);
    std::vector<std::string> problems;
    for (int s = 0; s < lineup.seats; ++s) {
        if (!lineup.players[s]) {
            problems.push_back("seat " + std::to_string(s) + " is a robot");
            continue;
        }
        const Standing& who = *by_id.at(*lineup.players[s]);
        if (!who.registered)
            problems.push_back(who.name + " is a guest");
        else if (who.chips < stake)
            problems.push_back(who.name + " has " + std::to_string(who.chips));
    }
    if (problems.empty()) return accepted(terms);
    std::string message = "cannot cover the stake of " + std::to_string(stake) + " chips: ";
    for (std::size_t i = 0; i < problems.size(); ++i) message += (i ? ", " : "") + problems[i];
    return refused(message);
}

Settlement stake(const Lineup& lineup, const MatchTerms& terms) {
    Settlement out{{}, outcomes(lineup, terms)};
    for (int s = 0; s < lineup.seats; ++s)
        if (terms.stakes(s))
            out.transfers.push_back(
                {key_of(lineup, s, "stake"), wallet_of(*lineup.players[s]), escrow_of(lineup.match_id), terms.stake});
    return out;
}

Settlement settle(const Lineup& lineup, const MatchTerms& terms, int winner, const std::array<bool, 4>& abandoned) {
    Settlement out{{}, outcomes(lineup, terms)};
    std::int64_t pot = 0;
    std::vector<int> winners, others;
    for (int s = 0; s < lineup.seats; ++s) {
        auto& o = out.seats[s];
        o.won = lineup.side(s) == winner;
        o.abandoned = abandoned[s];
        if (terms.stakes(s)) pot += terms.stake;
        if (o.why != Unmoved::None) continue;
        if (abandoned[s]) {
            o.why = Unmoved::Abandoned;
            continue;
        }
        o.xp = o.won ? (lineup.partnership() ? 20 : 10 * lineup.seats) : 5;
        if (terms.stakes(s)) (o.won ? winners : others).push_back(s);
    }
    const bool anyone_abandoned =
        std::find(abandoned.begin(), abandoned.begin() + lineup.seats, true) != abandoned.begin() + lineup.seats;
    if (terms.rated && !anyone_abandoned) {
        const std::vector<Rating> before(terms.ratings.begin(), terms.ratings.begin() + lineup.seats);
        const auto after = rate_match(before, winner);
        for (int s = 0; s < lineup.seats; ++s) {
            out.seats[s].rating_before = before[s];
            out.seats[s].rating_after = after[s];
        }
    } else {
        // The seats whose chips and XP moved say why their rating did not: a guest at the table
        // (a robot or one address make the whole match move nothing), or an abandon.
        const Unmoved unrated = !terms.rated ? Unmoved::Guest : Unmoved::Abandoned;
        for (auto& o : out.seats)
            if (o.why == Unmoved::None) o.unrated = unrated;
    }
    if (pot == 0) return out;
    const std::int64_t cut = pot * house_cut_percent / 100;
    const auto& payees = winners.empty() ? others : winners;
    const std::int64_t to_house = payees.empty() ? pot : cut;
    if (to_house > 0)
        out.transfers.push_back({lineup.match_id + ":house:cut", escrow_of(lineup.match_id), "house", to_house});
    if (!payees.empty()) pay(lineup, pot - cut, payees, out);
    return out;
}

Settlement refund(const Lineup& lineup, const MatchTerms& terms, const std::array<bool, 4>& abandoned) {
    Settlement out{{}, outcomes(lineup, terms)};
    for (int s = 0; s < lineup.seats; ++s) {
        auto& o = out.seats[s];
        o.abandoned = abandoned[s];
        if (o.why == Unmoved::None) o.why = abandoned[s] ? Unmoved::Abandoned : Unmoved::Cancelled;
        if (!terms.stakes(s)) continue;
        if (abandoned[s]) {
            out.transfers.push_back({key_of(lineup, s, "forfeit"), escrow_of(lineup.match_id), "house", terms.stake});
        } else {
            out.transfers.push_back(
                {key_of(lineup, s, "refund"), escrow_of(lineup.match_id), wallet_of(*lineup.players[s]), terms.stake});
            o.chips = 0;
        }
    }
    return out;
}

std::int64_t xp_for_level(int level) {
    const std::int64_t l = std::max(level, 1);
    return 25 * l * (l - 1);
}

int level_of(std::int64_t xp) {
    int level = 1;
    while (xp_for_level(level + 1) <= xp) ++level;
    return level;
}

}  // namespace belote::platform
