#pragma once
// The card room's side of the server (docs/room.md): the standings a `start` is judged on, and the
// chips a registered player's wallet is given (its starting balance, the daily top-up). Reads the
// store: call it from a session's thread, never from a table's strand.

#include <cstdint>
#include <string>
#include <vector>

#include "platform/room.hpp"
#include "server/players/player_registry.hpp"
#include "server/store/store.hpp"

namespace belote::room {

/// What a wallet is given (Config::starting_chips, Config::topup_floor).
struct WalletPolicy {
    std::int64_t starting_chips = 1000;  ///< once, the first time a registered player signs in
    std::int64_t topup_floor = 100;      ///< once a UTC day, a wallet below it is topped up to it (0: never)
};

/// The standings of the players `ids` (seated at a table of `variant`, its protocol name) at `now_ms`:
/// chips, rating, XP and cool-down (from the abandons of the last 7 days) from the store, registered
/// and address from the players in memory. A player who is not in memory, or whose wallet cannot be
/// read, is left out (the table then refuses the start: "could not be read").
std::vector<platform::Standing> standings_of(store::Store& store, const players::PlayerRegistry& players,
                                             const std::vector<std::string>& ids, const std::string& variant,
                                             std::int64_t now_ms);

/// The transfers a registered player's sign-in at `now_ms` (epoch ms) makes: the starting balance
/// when the wallet has never had an entry (key "start:<id>"), else the top-up to the floor when the
/// wallet is below it (key "topup:<id>:<days since the epoch, UTC>"). Both are idempotent. Throws
/// store::StoreError when the wallet cannot be read.
std::vector<store::Write> wallet_grants(store::Store& store, const std::string& account_id, const WalletPolicy& policy,
                                        std::int64_t now_ms);

}  // namespace belote::room
