#pragma once
// The durable form of a table (docs/operations.md "The store"): how it was created and each event
// that changed it, as JSON. The store keeps these texts; a restart decodes them and evolves the
// table again through the engine (docs/design.md invariant 8), so nothing else is trusted.

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>

#include "engine/options.hpp"
#include "engine/record.hpp"
#include "platform/table_events.hpp"
#include "platform/table_settings.hpp"

namespace belote::protocol {

/// What TableState::create takes besides the id and the policy.
struct TableCreation {
    MatchOptions options;
    platform::TableSettings settings;
    std::string invite;
};

/// {"variant","target","rules":{…§9…},"turn_time","private","spectators","competitive","stake","invite"}.
std::string creation_text(const TableCreation& creation);
/// Reads creation_text; the error names what is wrong. Never throws.
std::variant<TableCreation, std::string> creation_from_text(std::string_view text);

/// A finished match's record as the store keeps it (docs/game-record.md).
std::string stored_record(const GameRecord& record);

/// One event as {"event":"<name>", …its fields…} (names are the platform type names in snake case).
std::string journal_text(const platform::TableEvent& event);
/// Reads journal_text; the error names what is wrong. Never throws.
std::variant<platform::TableEvent, std::string> journal_event_from_text(std::string_view text);

}  // namespace belote::protocol
