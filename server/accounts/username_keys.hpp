#pragma once
// Usernames stored under an older name key (docs/operations.md "Username keys"): the key once took
// the confusables skeleton before folding the case, which made "ALICE13" and "alice13" two names.
// At start-up every registered account gets the key of today's name_key.

#include <cstddef>

#include "server/store/store.hpp"

namespace belote::accounts {

/// Gives every registered account of `store` the key name_key(username). Accounts are taken oldest
/// first: when two meet on one key, the older keeps it and the later one is renamed "<username>-2"
/// (or -3, ...: the first whose key is free; its display name too), so that it can still log in
/// under a name of its own. Returns the number of accounts changed. Throws store::StoreError when
/// the store cannot be read or written.
std::size_t rekey_usernames(store::Store& store);

}  // namespace belote::accounts
