// belote_client's connections against the real game server (in-process, robots without delay):
// the synchronous client's requests, replies, kept events, timeouts and close codes; the tracker
// over a whole match; the asynchronous client's reply handlers, events and close.

#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>

#include <algorithm>

#include "client/async_client.hpp"
#include "client/sync_client.hpp"
#include "client/table_tracker.hpp"
#include "tests/server/game_client.hpp"

namespace belote::client {
namespace connection_test {

using testing::GameServer;
using namespace std::chrono_literals;

std::string create_table(SyncClient& c) {
    Message r = c.request(CreateTable{.variant = "classic", .target = 301});
    EXPECT_TRUE(r.is_ok()) << r.body();
    return r.body().value("table", "");
}

TEST(ClientSyncTest, RequestsGetTheirRepliesAndEventsAreKeptInOrder) {
    GameServer server;
    SyncClient c("127.0.0.1", server.port());
    Message hello = c.hello("Ana");
    ASSERT_TRUE(hello.is_ok()) << hello.body();
    EXPECT_EQ(hello.body()["player"]["nickname"], "Ana");
    const std::string table = create_table(c);

    // An error reply is a reply like any other.
    Message refused = c.request(Sit{.table = "t999999", .seat = 0});
    EXPECT_TRUE(refused.is_error());
    EXPECT_EQ(refused.error_code(), "no_such_table");

    ASSERT_TRUE(c.request(Sit{.table = table, .seat = 0}).is_ok());
    // The snapshot follows the reply; the add_robot replies find it (and seat_changed events) on the way.
    for (int seat = 1; seat < 4; ++seat) ASSERT_TRUE(c.request(AddRobot{.table = table, .seat = seat}).is_ok());
    ASSERT_FALSE(c.pending().empty());
    EXPECT_EQ(c.pending().front().type(), "snapshot");
    EXPECT_EQ(c.pending().front().seat(), 0);
    std::optional<std::int64_t> last;
    while (!c.pending().empty()) {
        Message m = c.next();
        EXPECT_TRUE(m.is_event()) << m.body();
        if (last) {
            EXPECT_EQ(m.v(), *last + 1) << m.body();
        }
        last = m.v();
    }
    EXPECT_EQ(c.next_event_of("seat_changed").seat(), 3);  // the last add_robot's event may come after its reply
}

TEST(ClientSyncTest, JsonRequestsKeepTheirIdAndMalformedOnesGetTheirError) {
    GameServer server;
    SyncClient c("127.0.0.1", server.port());
    Message r = c.request_json({{"type", "hello"}, {"id", "mine"}, {"protocol", 1}, {"nickname", "Bo"}});
    EXPECT_TRUE(r.is_ok());
    EXPECT_EQ(r.id(), RequestId{std::string("mine")});
    Message bad = c.request_json({{"type", "sit"}, {"table", "t1"}});  // no seat
    EXPECT_EQ(bad.error_code(), "bad_message");
    c.send_text("{not json");
    Message unreadable = c.next();
    EXPECT_EQ(unreadable.error_code(), "bad_json");
    EXPECT_EQ(unreadable.id(), std::nullopt);
}

TEST(ClientSyncTest, ATimeoutThrowsAndBreaksTheClient) {
    GameServer server;
    SyncClient c("127.0.0.1", server.port());
    ASSERT_TRUE(c.hello("Cy").is_ok());
    // Nothing more will come: the read gives up after its timeout, and the client stays broken.
    c.set_timeout(300ms);
    const auto before = std::chrono::steady_clock::now();
    EXPECT_THROW(c.next(), TimeoutError);
    EXPECT_GE(std::chrono::steady_clock::now() - before, 300ms);
    EXPECT_THROW(c.hello("Cy"), TimeoutError);
}

TEST(ClientSyncTest, TheDeadlineBoundsEveryWait) {
    GameServer server;
    SyncClient c("127.0.0.1", server.port(), 60s);
    ASSERT_TRUE(c.hello("Cy").is_ok());
    c.set_deadline(std::chrono::steady_clock::now() + 300ms);
    const auto before = std::chrono::steady_clock::now();
    EXPECT_THROW(c.next(), TimeoutError);
    EXPECT_LT(std::chrono::steady_clock::now() - before, 30s);  // the deadline, not the 60 s timeout
}

TEST(ClientSyncTest, TheServersCloseCodeIsReported) {
    // A second hello with the same token replaces the first connection: the server closes it with
    // 4001. (An oversized frame would also close, but the server may reset the connection while
    // the client is still writing it.)
    GameServer server;
    SyncClient c("127.0.0.1", server.port());
    auto hello = c.hello("Di");
    ASSERT_TRUE(hello.is_ok());
    const std::string token = hello.body()["token"];
    SyncClient d("127.0.0.1", server.port());
    ASSERT_TRUE(d.hello("Di", token).is_ok());
    EXPECT_EQ(c.read_until_closed(), 4001);

    SyncClient e("127.0.0.1", server.port());
    ASSERT_TRUE(e.hello("Di", token).is_ok());
    try {
        d.next();
        ADD_FAILURE() << "no close";
    } catch (const ClosedError& error) {
        EXPECT_EQ(error.code, 4001);
    }
}

TEST(ClientSyncTest, NoServerIsATransportError) {
    unsigned short port = 0;
    {
        GameServer server;
        port = server.port();
    }
    EXPECT_THROW(SyncClient("127.0.0.1", port, 2s), TransportError);
}

TEST(ClientTrackerTest, FollowsAWholeMatchAgainstRobots) {
    GameServer server;
    SyncClient c("127.0.0.1", server.port());
    ASSERT_TRUE(c.hello("Fa").is_ok());
    const std::string table = create_table(c);
    ASSERT_TRUE(c.request(Sit{.table = table, .seat = 0}).is_ok());
    for (int seat = 1; seat < 4; ++seat) ASSERT_TRUE(c.request(AddRobot{.table = table, .seat = seat}).is_ok());
    ASSERT_TRUE(c.request(Start{.table = table}).is_ok());

    TableTracker t(table);
    int my_actions = 0, turns_to_me = 0;
    while (!t.match_over()) {
        Message m = c.next();
        ASSERT_FALSE(m.is_error()) << m.body();
        const auto outcome = t.apply(m);
        if (m.is_reply()) {
            EXPECT_EQ(outcome, TableTracker::Outcome::not_for_me);
            continue;
        }
        ASSERT_EQ(outcome, TableTracker::Outcome::applied) << m.body();
        EXPECT_EQ(t.v(), m.v());
        if (m.type() == "turn") {
            EXPECT_EQ(t.to_act(), m.seat());
        }
        // My turn exactly when a turn with my legal actions arrived.
        EXPECT_EQ(t.my_turn(), m.type() == "turn" && m.seat() == 0) << m.body();
        if (!t.my_turn()) continue;
        ++turns_to_me;
        EXPECT_EQ(t.legal(), m.legal());
        // Every card I may play is in the hand the tracker kept.
        for (const auto& a : t.legal())
            if (const auto* play = std::get_if<Play>(&a)) {
                EXPECT_NE(std::find(t.hand().begin(), t.hand().end(), play->card), t.hand().end()) << play->card;
            }
        c.send(Act{table, t.legal().back()});
        ++my_actions;
    }
    EXPECT_EQ(t.gaps(), 0);
    EXPECT_GT(t.deals_scored(), 0);
    EXPECT_TRUE(t.winner() == 0 || t.winner() == 1);
    EXPECT_EQ(turns_to_me, my_actions);
    EXPECT_GT(my_actions, 8);
}

TEST(ClientAsyncTest, RepliesGoToTheirHandlersAndEventsToTheMessageHandler) {
    GameServer server;
    boost::asio::io_context ioc;
    auto c = AsyncClient::create(ioc.get_executor());
    std::vector<std::string> log;  // what happened, in order
    int frames = 0;
    std::string table;
    c->on_frame([&](std::string_view) { ++frames; });
    c->on_message([&](const Message& m) {
        log.push_back("event " + m.type());
        if (m.type() == "snapshot") c->close();
    });
    c->on_closed([&](const CloseInfo& info) { log.push_back(info.by_us ? "closed by us" : "closed by the server"); });
    c->connect({boost::asio::ip::make_address("127.0.0.1"), server.port()}, "127.0.0.1", 5s,
               [&](boost::system::error_code ec) {
                   ASSERT_FALSE(ec) << ec.message();
                   c->request(Hello{.nickname = "Gi"}, [&](const Message& r) {
                       log.push_back("hello " + r.type());
                       c->request(CreateTable{}, [&](const Message& r) {
                           log.push_back("create " + r.type());
                           table = r.body().value("table", "");
                           c->request(Sit{.table = "t999999", .seat = 0},
                                      [&](const Message& r) { log.push_back("sit " + r.error_code()); });
                           c->request(Sit{.table = table, .seat = 0},
                                      [&](const Message& r) { log.push_back("sit " + r.type()); });
                       });
                   });
               });
    ioc.run_for(20s);  // returns when the connection is closed and nothing is left to do
    EXPECT_EQ(log, (std::vector<std::string>{"hello ok", "create ok", "sit no_such_table", "sit ok", "event snapshot",
                                             "closed by us"}));
    EXPECT_EQ(frames, 5);
    EXPECT_EQ(c->awaiting_replies(), 0u);
    EXPECT_FALSE(c->is_open());
}

TEST(ClientAsyncTest, AFailedConnectionIsReported) {
    unsigned short port = 0;
    {
        GameServer server;
        port = server.port();
    }
    boost::asio::io_context ioc;
    auto c = AsyncClient::create(ioc.get_executor());
    bool failed = false;
    c->connect({boost::asio::ip::make_address("127.0.0.1"), port}, "127.0.0.1", 5s,
               [&](boost::system::error_code ec) { failed = static_cast<bool>(ec); });
    ioc.run_for(10s);
    EXPECT_TRUE(failed);
    EXPECT_FALSE(c->is_open());
}

}  // namespace connection_test
}  // namespace belote::client
