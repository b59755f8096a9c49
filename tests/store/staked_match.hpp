#pragma once
// The staked match of the settlement tests (settlement_crash_test.cpp on SQLite,
// failover_settlement_test.cpp across two nodes on PostgreSQL): two registered players, ana
// (127.0.0.2) and bea (127.0.0.3), at a competitive Découverte table to 301 with a stake of 100
// each, played through a real belote-server with the first legal action that is not a pass until
// the server stops answering inside the match's settlement.

#include <array>
#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "tests/server/game_client.hpp"

namespace belote::testing {

/// A player of the match: its connection (from its own loopback address), id, session token and
/// the last `v` it saw.
struct StakedSeat {
    std::string name{}, address{}, id{}, token{};
    std::unique_ptr<GameClient> client{};
    std::uint64_t seen = 0;
};
using StakedSeats = std::array<StakedSeat, 2>;

/// ana and bea connect to the server on `port` (replies awaited at most `timeout`), say hello and
/// register. Throws std::runtime_error when a registration is refused.
StakedSeats register_two(unsigned short port, std::chrono::seconds timeout);

/// ana creates the staked table, both sit, ana starts. Returns the table's id (its match is
/// `<table>-1`). Throws std::runtime_error when a request is refused.
std::string start_staked_match(StakedSeats& seats);

/// `s` connects again to `port` with its token and resumes `table` from the last `v` it saw.
/// Throws std::runtime_error when the hello is refused.
void reconnect(StakedSeat& s, unsigned short port, const std::string& table, std::chrono::seconds timeout);

/// The next event of `s` (its `v` remembered).
json next_of(StakedSeat& s);

/// The action a seat's player sent that was never acknowledged: its reply did not come within the
/// client's timeout, or came as storage_unavailable (a node that gave the table up behind a held
/// writer, docs/operations.md "Losing a table").
struct Stalled {
    json action;
    int seat = -1;
    std::string reply;  ///< the reply that came, or "no reply"
};

/// Plays the started match on `table` (each seat on its own connection) until an action is not
/// acknowledged. Throws std::runtime_error when the match ends, an action is refused otherwise,
/// or after 2,000 turns.
Stalled play_until_stalled(StakedSeats& seats, const std::string& table);

/// Reads the events of `s` until match_ended, and returns it.
json match_ended(StakedSeat& s);

}  // namespace belote::testing
