#pragma once
// Engine events -> the JSON each recipient receives (docs/protocol.md "Events").

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string_view>

#include "engine/events.hpp"

namespace belote::protocol {

/// The message `observer` receives for `event` on table `table` at version `v`.
///
/// The one path from engine events to the wire: the event is first passed through
/// belote::project(event, observer), so another seat's hand or legal actions can never be
/// encoded (docs/design.md invariant 2). Fields marked *own* in docs/protocol.md (`hand`, `legal`) are
/// present only in the copy for the seat they belong to. Never throws except std::bad_alloc.
nlohmann::json event_json(const Event& event, const Observer& observer, std::string_view table, std::uint64_t v);

}  // namespace belote::protocol
