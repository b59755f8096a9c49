#pragma once
// Follows the events of one table as one recipient receives them: the version `v` (each event is
// +1, docs/protocol.md "Versioned events"), whose turn it is, the recipient's legal actions and
// hand, the deal and the match's end. What the bots of the tests, belote-play and the load
// generator all need to decide when to act.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "client/action.hpp"
#include "client/message.hpp"

namespace belote::client {

/// The state of one table seen by one recipient (a seat or a spectator).
class TableTracker {
public:
    /// What apply() did with a message.
    enum class Outcome {
        applied,      ///< the next event (v = previous + 1), or a snapshot (which sets v)
        gap,          ///< an event after a jump in v (events were missed); applied all the same
        stale,        ///< an event with v at or below the last one (a replay overlap): ignored
        not_for_me,   ///< a reply, or an event of another table: ignored
        unversioned,  ///< an event of this table without `v`: ignored
    };

    /// Follows `table` (any table until set_table() or the first event when empty).
    explicit TableTracker(std::string table = {});

    /// Updates the state from one message received by the recipient.
    Outcome apply(const Message& message);

    /// The table followed (empty until known).
    const std::string& table() const { return table_; }
    /// Follows `table` from now on (e.g. the id of a create_table reply).
    void set_table(std::string table) { table_ = std::move(table); }

    /// The recipient's seat: from its snapshot, or set_seat() (std::nullopt: a spectator, or unknown).
    std::optional<int> seat() const { return seat_; }
    /// Sets the recipient's seat (e.g. after a sit reply, before the snapshot).
    void set_seat(std::optional<int> seat) { seat_ = seat; }

    /// The last version applied (std::nullopt before the first event).
    std::optional<std::int64_t> v() const { return v_; }
    /// Events that arrived after a jump in v.
    int gaps() const { return gaps_; }

    /// The seat to act now (the last `turn`), std::nullopt when nobody is to act.
    std::optional<int> to_act() const { return to_act_; }
    /// The phase of the last `turn` ("auction" or "play"), or of the snapshot.
    const std::string& phase() const { return phase_; }
    /// True when the recipient's seat is to act and its legal actions are known.
    bool my_turn() const { return seat_ && to_act_ == seat_ && !legal_.empty(); }
    /// The recipient's legal actions while it is to act; empty otherwise.
    const std::vector<Action>& legal() const { return legal_; }
    /// The recipient's cards as the server last sent them, less the cards it played since.
    const std::vector<std::string>& hand() const { return hand_; }

    /// The deal number (deal_started), 0 before the first.
    int deal() const { return deal_; }
    /// Deals scored since the tracker was created.
    int deals_scored() const { return deals_scored_; }
    /// True after match_ended or match_cancelled, until the next match_started.
    bool match_over() const { return match_over_; }
    /// The winning team of the last match_ended.
    std::optional<int> winner() const { return winner_; }

private:
    void on_event(const Message& message);

    std::string table_;
    std::optional<int> seat_;
    std::optional<std::int64_t> v_;
    int gaps_ = 0;
    std::optional<int> to_act_;
    std::string phase_;
    std::vector<Action> legal_;
    std::vector<std::string> hand_;
    int deal_ = 0;
    int deals_scored_ = 0;
    bool match_over_ = false;
    std::optional<int> winner_;
};

}  // namespace belote::client
