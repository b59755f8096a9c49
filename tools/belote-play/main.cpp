// belote-play: connects to a belote-server, creates a table, sits in seat 0, puts robots in seats
// 1-3, starts, and plays the first legal action whenever it is seat 0's turn until match_ended.
// Exit status 0 when the match ended normally; 1 on any error, refused request, close or timeout.
// With --wait-close CODE it then stays connected until the server closes the WebSocket, and
// succeeds only if the close code is CODE (e.g. 1012 while the server shuts down).
//
//   belote-play --host 127.0.0.1 --port 8080 [--target 1000] [--timeout-s 300] [--wait-close 1012]

#include <CLI/CLI.hpp>

#include <chrono>
#include <iostream>
#include <stdexcept>
#include <string>

#include "client/sync_client.hpp"
#include "client/table_tracker.hpp"

namespace {

namespace client = belote::client;
using Clock = std::chrono::steady_clock;

/// Sends `request` and returns its ok reply; throws on an error reply.
client::Message ok(client::SyncClient& c, const client::Request& request) {
    client::Message reply = c.request(request);
    if (!reply.is_ok())
        throw std::runtime_error("request " + std::string(client::request_type(request)) +
                                 " refused: " + reply.body().dump());
    return reply;
}

}  // namespace

int main(int argc, char** argv) {
    std::string host = "127.0.0.1";
    unsigned short port = 8080;
    int target = 1000;
    unsigned timeout_s = 300;
    bool quiet = false;
    int wait_close = 0;
    CLI::App app{"belote-play: play one match (seat 0, first legal action) against three robots on a belote-server",
                 "belote-play"};
    app.add_option("--host", host, "Server host")->capture_default_str();
    app.add_option("-p,--port", port, "Server port")->envname("BELOTE_PORT")->capture_default_str();
    app.add_option("--target", target, "Match target (301, 501 or 1000)")->capture_default_str();
    app.add_option("--timeout-s", timeout_s, "Give up after this many seconds")->capture_default_str();
    app.add_flag("-q,--quiet", quiet, "Print only the result line");
    app.add_option("--wait-close", wait_close,
                   "After match_ended, stay connected until the server closes; succeed only with this close code");
    CLI11_PARSE(app, argc, argv);

    const auto started = Clock::now();
    const auto deadline = started + std::chrono::seconds(timeout_s);
    try {
        client::SyncClient c(host, port, std::chrono::seconds(timeout_s));
        c.set_deadline(deadline);
        ok(c, client::Hello{.nickname = "belote-play"});
        const std::string table = ok(c, client::CreateTable{.variant = "classic", .target = target}).body().at("table");
        ok(c, client::Sit{.table = table, .seat = 0});
        for (int seat = 1; seat <= 3; ++seat) ok(c, client::AddRobot{.table = table, .seat = seat});
        ok(c, client::Start{.table = table});
        if (!quiet) std::cout << "table " << table << " started" << std::endl;

        client::TableTracker tracker(table);
        long actions = 0, messages = 0;
        for (;;) {
            client::Message m = c.next();
            ++messages;
            if (m.is_error()) throw std::runtime_error("refused: " + m.body().dump());
            tracker.apply(m);
            if (m.type() == "deal_scored") {
                if (!quiet)
                    std::cout << "deal " << m.body().value("deal", 0) << " scored, totals "
                              << m.body().value("totals", nlohmann::json()).dump() << std::endl;
            } else if (m.type() == "turn" && m.seat() == 0) {
                if (!tracker.my_turn()) throw std::runtime_error("turn without legal actions: " + m.body().dump());
                c.send(client::Act{table, tracker.legal().front()});  // its ok reply arrives like the events
                ++actions;
            } else if (m.type() == "match_ended") {
                const auto secs = std::chrono::duration<double>(Clock::now() - started).count();
                std::cout << "match_ended: table " << table << ", winner team "
                          << m.body().value("winner", nlohmann::json()) << ", totals "
                          << m.body().value("totals", nlohmann::json()).dump() << ", " << tracker.deals_scored()
                          << " deals, " << actions << " actions, " << messages << " messages, " << secs << " s"
                          << std::endl;
                if (tracker.gaps()) throw std::runtime_error(std::to_string(tracker.gaps()) + " gaps in the versions");
                if (wait_close == 0) return 0;
                const int code = c.read_until_closed();
                std::cout << "closed by the server with code " << code << std::endl;
                return code == wait_close ? 0 : 1;
            }
        }
    } catch (const std::exception& e) {
        std::cerr << "belote-play: " << e.what() << std::endl;
        return 1;
    }
}
