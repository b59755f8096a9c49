#pragma once
// evolve(): the one function that changes a table (docs/design.md "evolve").

#include <cstdint>
#include <vector>

#include "platform/notices.hpp"
#include "platform/table_events.hpp"
#include "platform/table_state.hpp"

namespace belote::platform {

/// Applies `event` (decided at `now_ms`, epoch ms) to `state` and appends the notices it causes to
/// `out`, each numbered with the next version (state.v counts them). Deterministic: the same events
/// at the same times from the same state give the same state and notices. An ActionTaken carries
/// the engine's events and their consequences (turn deadlines, the end of the match: abandoned
/// seats freed, an open cancel proposal rejected). Throws std::logic_error if the engine refuses an
/// ActionTaken (decide() checks every action first).
void evolve(TableState& state, const TableEvent& event, std::int64_t now_ms, std::vector<Published>& out);

}  // namespace belote::platform
