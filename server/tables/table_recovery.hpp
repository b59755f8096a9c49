#pragma once
// Bringing a table back from the store (docs/design.md invariant 8): its creation, then every
// journal event through platform::evolve() — so each action is checked and applied by the engine
// again — with the notices rendered into its history, so a client's `resume` still works.

#include <cstdint>
#include <string>
#include <variant>

#include "platform/table_policy.hpp"
#include "platform/table_state.hpp"
#include "server/store/store.hpp"
#include "server/tables/table_history.hpp"

namespace belote::tables {

/// A table as the journal left it.
struct Recovered {
    platform::TableState state;
    TableHistory history;
    std::uint64_t journal_seq = 0;  ///< the seq of its last journal entry
};

/// Rebuilds `open` under `policy`. An entry that does not decode, is out of order, or that the
/// engine refuses gives an error naming the table and the entry (the table is then left out).
std::variant<Recovered, std::string> recover_table(const store::OpenTable& open, const platform::TablePolicy& policy);

}  // namespace belote::tables
