#pragma once
// Committing to a store from a test and waiting for the outcome (the store tests, the room tests,
// the accounts' restart test).

#include <optional>
#include <vector>

#include "server/store/store.hpp"

namespace belote::store {

/// Commits `writes` to `store` and blocks until its completion runs; returns the commit's error,
/// or nullopt when it was stored.
std::optional<CommitError> commit_and_wait(Store& store, std::vector<Write> writes);

}  // namespace belote::store
