// Abusive and broken clients against the real server (in-process, real sockets on 127.0.0.1):
// each case gets a clear error reply or a documented close code, the server does not crash, and
// a match at another table goes on normally meanwhile (a "bystander" plays it to the end).

#include <gtest/gtest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/write.hpp>

#include <algorithm>
#include <chrono>
#include <future>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "protocol/decode.hpp"
#include "server/ops/metrics.hpp"
#include "tests/server/game_client.hpp"

namespace belote::testing {
namespace abuse_test {

namespace asio = boost::asio;

std::string code_of(const json& reply) { return reply.value("type", "") == "error" ? reply.value("code", "") : "<ok>"; }

/// A table of its own: one client in seat 0, robots elsewhere, started. Returns the table id.
std::string start_robot_table(GameClient& c, int target = 301) {
    json r = c.request({{"type", "create_table"}, {"variant", "classic"}, {"target", target}});
    EXPECT_EQ(r["type"], "ok") << r;
    const std::string t = r.value("table", "");
    EXPECT_EQ(code_of(c.request({{"type", "sit"}, {"table", t}, {"seat", 0}})), "<ok>");
    for (int s = 1; s < 4; ++s)
        EXPECT_EQ(code_of(c.request({{"type", "add_robot"}, {"table", t}, {"seat", s}})), "<ok>");
    EXPECT_EQ(code_of(c.request({{"type", "start"}, {"table", t}})), "<ok>");
    return t;
}

/// Plays seat 0 of a robot table (first legal action each turn) to the end of the match.
/// Returns the largest request round trip, in milliseconds; throws on any refusal or timeout.
double play_to_end(GameClient& c, const std::string& table) {
    double worst = 0;
    for (;;) {
        json e = c.next_event();
        if (e["type"] == "match_ended") return worst;
        if (e["type"] == "turn" && e["seat"] == 0 && e.contains("legal")) {
            json action = e["legal"][0];
            action["table"] = table;
            const auto t0 = std::chrono::steady_clock::now();
            json r = c.request(action);
            worst = std::max(worst,
                             std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
            if (r["type"] != "ok") throw std::runtime_error("bystander action refused: " + r.dump());
        }
    }
}

/// A match at another table, played in the background while a test abuses the server.
class Bystander {
public:
    explicit Bystander(unsigned short port) : client_(port, 30s) {
        client_.hello("Bystander");
        table_ = start_robot_table(client_);
        done_ = std::async(std::launch::async, [this] { return play_to_end(client_, table_); });
    }
    /// Waits for the match to end; returns the worst request round trip (ms).
    double finish() { return done_.get(); }

private:
    GameClient client_;
    std::string table_;
    std::future<double> done_;
};

TEST(AbuseTest, ClientThatStopsReadingIsClosedWith4008AndOthersAreNotSlowed) {
    Config config = GameServer::test_config();
    // The default queue bound (256): a smaller one would also cut off the bystander, whose robots
    // (no delay) send a deal's events in one burst.
    config.max_tables_per_player = 100;  // the helper fills the lobby so that replies are large
    config.max_tables_per_address = 0;   // (its tables all come from 127.0.0.1)
    config.msg_burst = 10'000;           // the slow client must hit the queue bound, not the rate limit
    GameServer server(config);
    GameClient helper(server.port());
    helper.hello("Helper");
    for (int i = 0; i < 50; ++i)  // so each list_tables reply is ~17 KB
        ASSERT_EQ(code_of(helper.request({{"type", "create_table"}, {"variant", "classic"}})), "<ok>");

    GameClient slow(server.port(), 30s);
    slow.hello("Slow");
    // Its receive buffer stays small whatever the host's net.ipv4.tcp_rmem lets it grow to (32 MB here).
    slow.typed().limit_receive_buffer(64 * 1024);
    Bystander bystander(server.port());
    // ~50 MB of replies requested, none read until the server has given up on the connection: the
    // kernel buffers fill, then the server's queue. (Reading at once could drain the replies as fast
    // as they come; reading later than the server's close timeout would find the connection gone.)
    for (int i = 0; i < 3000; ++i) slow.send({{"type", "list_tables"}, {"id", i}});
    const auto deadline = std::chrono::steady_clock::now() + 20s;
    while (ops::metrics().send_queue_overflows() == 0 && std::chrono::steady_clock::now() < deadline)
        std::this_thread::sleep_for(10ms);  // polls a condition, bounded by the deadline
    EXPECT_EQ(ops::metrics().send_queue_overflows(), 1);
    EXPECT_EQ(slow.read_until_closed(), 4008);

    EXPECT_LT(bystander.finish(), 2000.0) << "a request of the other table took too long";
    GameClient after(server.port());
    EXPECT_EQ(after.hello("After")["type"], "ok");
}

TEST(AbuseTest, OversizedFrameIsClosedWith1009) {
    Config config = GameServer::test_config();
    GameServer server(config);
    Bystander bystander(server.port());
    GameClient c(server.port());
    c.hello("Big");
    c.send_text(std::string(config.max_frame_bytes + 1, ' '));
    EXPECT_EQ(c.read_until_closed(), 1009);
    EXPECT_LT(bystander.finish(), 2000.0);
}

TEST(AbuseTest, InvalidUtf8FrameIsClosedWith1007ByTheTransport) {
    // Beast validates text frames: invalid UTF-8 fails the read and the server side closes with 1007
    // ("invalid frame payload data"); the game layer never sees the frame.
    GameServer server;
    Bystander bystander(server.port());
    GameClient c(server.port());
    c.hello("Utf");
    c.send_text("{\"type\":\"hello\",\"id\":1,\"nickname\":\"\xff\xfe\"}");
    EXPECT_EQ(c.read_until_closed(), 1007);

    // A lone surrogate escaped inside valid UTF-8 text reaches the decoder: bad_json, connection open.
    GameClient d(server.port());
    json r = d.request(json::parse(R"({"type":"list_tables","id":5})"));  // sanity
    EXPECT_EQ(code_of(r), "not_authenticated");
    d.send_text(R"({"type":"hello","id":6,"protocol":1,"nickname":"\udc00"})");
    json e = d.next();
    EXPECT_EQ(code_of(e), "bad_json") << e;
    EXPECT_EQ(d.hello("Still here")["type"], "ok");
    EXPECT_LT(bystander.finish(), 2000.0);
}

TEST(AbuseTest, DeeplyNestedJsonIsRefusedWithBadJson) {
    GameServer server;
    Bystander bystander(server.port());
    GameClient c(server.port());
    c.hello("Deep");
    for (const std::string& text : {std::string(60000, '['),                            // unterminated
                                    std::string(30000, '[') + std::string(30000, ']'),  // valid JSON
                                    [] {
                                        std::string s;
                                        for (int i = 0; i < 40; ++i) s += "{\"a\":";
                                        s += "1";
                                        for (int i = 0; i < 40; ++i) s += "}";
                                        return s;
                                    }()}) {
        c.send_text(text);
        json r = c.next();
        EXPECT_EQ(code_of(r), "bad_json") << r;
        EXPECT_TRUE(r["id"].is_null());
        EXPECT_NE(r.value("message", "").find(std::to_string(protocol::max_json_depth)), std::string::npos) << r;
    }
    // Depth within the limit, with brackets inside strings that must not count, is decoded.
    json ok = c.request(json::parse(R"({"type":"list_tables","x":[[[[["[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["]]]]]})"));
    EXPECT_EQ(ok["type"], "ok") << ok;
    EXPECT_LT(bystander.finish(), 2000.0);
}

TEST(AbuseTest, WrongTypesAndUnknownTypesGetErrorsAndTheConnectionStays) {
    GameServer server;
    Bystander bystander(server.port());
    GameClient c(server.port());
    EXPECT_EQ(code_of(c.request({{"type", "hello"}, {"protocol", 1}, {"nickname", 5}})), "bad_message");
    EXPECT_EQ(code_of(c.request({{"type", 7}})), "bad_message");
    c.hello("Types");
    EXPECT_EQ(code_of(c.request({{"type", "sit"}, {"table", 1}, {"seat", 0}})), "bad_message");
    EXPECT_EQ(code_of(c.request({{"type", "sit"}, {"table", "t1"}, {"seat", "0"}})), "bad_message");
    EXPECT_EQ(code_of(c.request({{"type", "play"}, {"table", "t1"}, {"card", 12}})), "bad_message");
    EXPECT_EQ(code_of(c.request({{"type", "name"}, {"table", "t1"}, {"suit", true}})), "bad_message");
    EXPECT_EQ(code_of(c.request({{"type", "create_table"}, {"variant", "classic"}, {"target", "501"}})), "bad_message");
    json r = c.request({{"type", "launch_missiles"}, {"id", "x-1"}});
    EXPECT_EQ(code_of(r), "unknown_type");
    EXPECT_EQ(r["id"], "x-1");
    EXPECT_EQ(c.request({{"type", "list_tables"}})["type"], "ok");
    EXPECT_LT(bystander.finish(), 2000.0);
}

TEST(AbuseTest, ActionsOutOfTurnOrForAnotherTableAreRefusedAndChangeNothing) {
    Config config = GameServer::test_config();
    config.robot_delay_ms = 60000;  // robots never act during the test: the seat to act is known
    GameServer server(config);
    GameClient a(server.port()), b(server.port());
    a.hello("A");
    b.hello("B");
    const std::string t = start_robot_table(a);
    json turn = a.next_event_of("turn");
    if (turn["seat"] == 0) {  // A is eldest: pass, then it is a (sleeping) robot's turn
        ASSERT_EQ(code_of(a.request({{"type", "pass"}, {"table", t}})), "<ok>");
        turn = a.next_event_of("turn");
        ASSERT_EQ(turn["seat"], 1);
    }
    EXPECT_EQ(code_of(a.request({{"type", "pass"}, {"table", t}})), "not_your_turn");
    EXPECT_EQ(code_of(a.request({{"type", "take"}, {"table", t}})), "not_your_turn");
    EXPECT_EQ(code_of(b.request({{"type", "pass"}, {"table", t}})), "not_seated");
    EXPECT_EQ(code_of(b.request({{"type", "sit"}, {"table", t}, {"seat", 1}})), "already_started");
    const std::string other = start_robot_table(b);
    EXPECT_EQ(code_of(b.request({{"type", "pass"}, {"table", t}})), "not_seated");  // seated elsewhere
    EXPECT_EQ(code_of(a.request({{"type", "pass"}, {"table", other}})), "not_seated");
    EXPECT_EQ(code_of(a.request({{"type", "pass"}, {"table", "t999"}})), "no_such_table");
    // Nothing happened at the table: no event was sent to A for the refused requests.
    for (const auto& m : a.pending()) EXPECT_NE(m.type(), "auction_call") << m.body();
}

TEST(AbuseTest, AThousandConnectionsDroppedMidHandshakeLeaveTheServerServing) {
    GameServer server;
    Bystander bystander(server.port());
    asio::io_context ioc;
    const asio::ip::tcp::endpoint endpoint(asio::ip::make_address("127.0.0.1"), server.port());
    const std::string upgrade =
        "GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n";
    for (int round = 0; round < 4; ++round) {
        std::vector<asio::ip::tcp::socket> sockets;
        for (int i = 0; i < 250; ++i) {
            sockets.emplace_back(ioc);
            sockets.back().connect(endpoint);
            boost::system::error_code ec;
            switch (i % 4) {
                case 0: break;  // nothing sent
                case 1:
                    asio::write(sockets.back(), asio::buffer(upgrade.substr(0, 20)), ec);
                    break;                                                              // half a request line
                case 2: asio::write(sockets.back(), asio::buffer(upgrade), ec); break;  // headers never finished
                case 3: asio::write(sockets.back(), asio::buffer(upgrade + "\r\n"), ec); break;  // upgrade, then gone
            }
        }
        for (auto& s : sockets) {
            boost::system::error_code ec;
            if (round % 2) s.set_option(asio::socket_base::linger(true, 0), ec);  // RST instead of FIN
            s.close(ec);
        }
    }
    // The server counts a dropped connection against the address until it reads its end: until
    // then a newcomer may be refused with 4003. It must be let in again within seconds.
    std::unique_ptr<GameClient> c;
    for (const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10); !c;) {
        try {
            auto attempt = std::make_unique<GameClient>(server.port());
            EXPECT_EQ(attempt->hello("After the storm")["type"], "ok");
            c = std::move(attempt);
        } catch (const std::exception&) {  // refused with 4003: the address is still over its limit
            if (std::chrono::steady_clock::now() > deadline) throw;
        }
    }
    EXPECT_EQ(c->request({{"type", "list_tables"}})["type"], "ok");
    EXPECT_LT(bystander.finish(), 2000.0);
}

TEST(AbuseTest, MessageFloodIsClosedWith4029) {
    GameServer server;
    Bystander bystander(server.port());
    GameClient c(server.port(), 30s);
    c.hello("Flood");
    for (int i = 0; i < 5000; ++i) c.send({{"type", "list_tables"}, {"id", i}});
    EXPECT_EQ(c.read_until_closed(), 4029);
    EXPECT_LT(bystander.finish(), 2000.0);
}

TEST(AbuseTest, ReplayedRequestIdGetsTheSameReplyAndIsAppliedOnce) {
    GameServer server;
    std::vector<std::unique_ptr<GameClient>> c;
    for (int i = 0; i < 4; ++i) {
        c.push_back(std::make_unique<GameClient>(server.port()));
        c[i]->hello("R" + std::to_string(i));
    }
    json r = c[0]->request({{"type", "create_table"}, {"variant", "classic"}});
    const std::string t = r.value("table", "");
    for (int i = 0; i < 4; ++i) ASSERT_EQ(code_of(c[i]->request({{"type", "sit"}, {"table", t}, {"seat", i}})), "<ok>");
    ASSERT_EQ(code_of(c[0]->request({{"type", "start"}, {"table", t}})), "<ok>");
    const int eldest = c[0]->next_event_of("turn")["seat"].get<int>();
    GameClient& actor = *c[eldest];
    json first = actor.request({{"type", "pass"}, {"table", t}, {"id", 77}});
    json second = actor.request({{"type", "pass"}, {"table", t}, {"id", 77}});
    EXPECT_EQ(first, second);
    // Applied once: the next seat is to act, and the eldest's pass was announced once.
    json next_turn = c[0]->next_event_of("turn");
    EXPECT_EQ(next_turn["seat"], (eldest + 1) % 4);
    EXPECT_EQ(code_of(c[(eldest + 1) % 4]->request({{"type", "pass"}, {"table", t}})), "<ok>");
    int calls = 0;
    for (const auto& m : actor.pending()) calls += m.type() == "auction_call" && m.seat() == eldest;
    EXPECT_LE(calls, 1);
}

}  // namespace abuse_test
}  // namespace belote::testing
