#include "tests/store/staked_match.hpp"

#include <stdexcept>

#include "client/sync_client.hpp"

namespace belote::testing {
namespace {

constexpr const char* password = "correct horse battery";

void expect_ok(const json& reply, const std::string& what) {
    if (code(reply) != "ok") throw std::runtime_error(what + " refused: " + reply.dump());
}

/// Reads the events of `s` until the turn of `seat` with its legal actions; nullopt at match end.
std::optional<json> turn_for(StakedSeat& s, int seat) {
    for (;;) {
        json e = next_of(s);
        if (e["type"] == "match_ended") return std::nullopt;
        if (e["type"] == "turn" && e["seat"] == seat && e.contains("legal")) return e["legal"];
    }
}

json first_not_pass(const json& legal) {
    for (const auto& a : legal)
        if (a["type"] != "pass") return a;
    return legal[0];
}

}  // namespace

StakedSeats register_two(unsigned short port, std::chrono::seconds timeout) {
    StakedSeats seats{StakedSeat{"ana", "127.0.0.2"}, StakedSeat{"bea", "127.0.0.3"}};
    for (auto& s : seats) {
        s.client = std::make_unique<GameClient>(port, timeout, s.address);
        s.id = s.client->hello(s.name)["player"]["id"];
        json r = s.client->request({{"type", "register"}, {"username", s.name}, {"password", password}});
        expect_ok(r, "register " + s.name);
        s.token = r["token"];
    }
    return seats;
}

std::string start_staked_match(StakedSeats& seats) {
    json created = seats[0].client->request(
        {{"type", "create_table"}, {"variant", "decouverte"}, {"target", 301}, {"competitive", true}, {"stake", 100}});
    expect_ok(created, "create_table");
    const std::string table = created["table"];
    for (int s = 0; s < 2; ++s)
        expect_ok(seats[s].client->request({{"type", "sit"}, {"table", table}, {"seat", s}}), "sit");
    expect_ok(seats[0].client->request({{"type", "start"}, {"table", table}}), "start");
    return table;
}

void reconnect(StakedSeat& s, unsigned short port, const std::string& table, std::chrono::seconds timeout) {
    s.client = std::make_unique<GameClient>(port, timeout, s.address);
    expect_ok(s.client->request({{"type", "hello"},
                                 {"protocol", 1},
                                 {"nickname", s.name},
                                 {"token", s.token},
                                 {"resume", {{table, s.seen}}}}),
              "hello of " + s.name);
}

json next_of(StakedSeat& s) {
    json e = s.client->next_event();
    if (e.contains("v")) s.seen = e["v"];
    return e;
}

Stalled play_until_stalled(StakedSeats& seats, const std::string& table) {
    for (int turn = 0; turn < 2000; ++turn) {
        json e = next_of(seats[0]);
        if (e["type"] == "match_ended")
            throw std::runtime_error("the match ended although its settlement should stall");
        if (e["type"] != "turn") continue;
        const int seat = e["seat"];
        auto legal = seat == 0 ? std::optional<json>(e["legal"]) : turn_for(seats[1], 1);
        if (!legal) throw std::runtime_error("the match ended although its settlement should stall");
        json action = first_not_pass(*legal);
        action["table"] = table;
        try {
            json reply = seats[seat].client->request(action);
            if (code(reply) == "storage_unavailable") return {action, seat, reply.dump()};
            expect_ok(reply, action.dump());
        } catch (const client::TimeoutError&) {
            return {action, seat, "no reply"};
        }
    }
    throw std::runtime_error("the match did not end in 2000 turns");
}

json match_ended(StakedSeat& s) {
    for (;;)
        if (json e = next_of(s); e["type"] == "match_ended") return e;
}

}  // namespace belote::testing
