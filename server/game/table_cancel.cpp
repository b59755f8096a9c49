// Friendly cancel: one proposal at a time, every seated human must accept before the deadline;
// robots do not vote (RULES.md §8.1).

#include <spdlog/spdlog.h>

#include "server/game/table.hpp"
#include "server/ops/metrics.hpp"

namespace belote::game {

using protocol::ErrorCode;

Table::Outcome Table::propose_cancel(const std::shared_ptr<Player>& player, const std::function<void()>& reply_ok) {
    auto seat = seat_of(*player);
    if (!seat) return Refusal{ErrorCode::NotSeated, "only a seated player may propose to cancel"};
    if (match_.phase() == Phase::NotStarted) return Refusal{ErrorCode::NotStarted, "the match has not started"};
    if (!match_running()) return Refusal{ErrorCode::MatchOver, "the match is over"};
    if (cancel_) return Refusal{ErrorCode::CancelPending, "a cancel proposal is already open"};
    SeatState& st = seats_[*seat];
    if (st.cancel_proposals >= policy_.cancel_proposals_per_match)
        return Refusal{ErrorCode::CancelLimit, "at most " + std::to_string(policy_.cancel_proposals_per_match) +
                                                   " cancel proposals per player and match"};
    ++st.cancel_proposals;
    CancelProposal proposal;
    proposal.by = *seat;
    proposal.deadline = clock_->now_ms() + policy_.cancel_window.count();
    proposal.number = ++cancel_counter_;
    std::vector<int> voters;
    for (Seat s = 0; s < match_.seats(); ++s)
        if (seats_[s].human) {
            proposal.votes[s] = std::nullopt;
            voters.push_back(s);
        }
    proposal.votes[*seat] = true;
    proposal.timer = schedule(policy_.cancel_window, [this, number = proposal.number] { cancel_timed_out(number); });
    cancel_ = std::move(proposal);
    spdlog::info("table {}: seat {} proposes to cancel the match", id_, *seat);
    reply_ok();
    publish_public(protocol::cancel_proposed_event(*seat, cancel_->deadline, voters));
    settle_cancel();
    return std::nullopt;
}

Table::Outcome Table::vote_cancel(const std::shared_ptr<Player>& player, bool accept,
                                  const std::function<void()>& reply_ok) {
    auto seat = seat_of(*player);
    if (!seat) return Refusal{ErrorCode::NotSeated, "only a seated player votes"};
    if (!cancel_) return Refusal{ErrorCode::NoCancelProposal, "no cancel proposal is open"};
    auto it = cancel_->votes.find(*seat);
    if (it == cancel_->votes.end()) return Refusal{ErrorCode::NotSeated, "your seat does not vote on this proposal"};
    if (it->second) return Refusal{ErrorCode::AlreadyVoted, "you already voted"};
    it->second = accept;
    reply_ok();
    publish_public(protocol::cancel_vote_event(*seat, accept));
    if (!accept)
        reject_cancel("refused");
    else
        settle_cancel();
    return std::nullopt;
}

void Table::settle_cancel() {
    if (!cancel_) return;
    for (const auto& [s, vote] : cancel_->votes)
        if (!vote || !*vote) return;
    cancel_->timer.cancel();
    cancel_.reset();
    cancelled_ = true;
    ops::metrics().match_cancelled();
    spdlog::info("table {}: match cancelled by agreement", id_);
    publish_public(protocol::match_cancelled_event());
    end_of_match_cleanup();
    refresh_info();
}

void Table::reject_cancel(std::string_view reason) {
    if (!cancel_) return;
    cancel_->timer.cancel();
    cancel_.reset();
    spdlog::info("table {}: cancel proposal rejected ({})", id_, reason);
    publish_public(protocol::cancel_rejected_event(reason));
}

void Table::cancel_timed_out(std::uint64_t number) {
    if (cancel_ && cancel_->number == number) reject_cancel("timeout");
}

}  // namespace belote::game
