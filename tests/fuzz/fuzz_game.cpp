// libFuzzer target: the game layer in-process (GameHandler, Lobby, Tables on strands, robots),
// without sockets: fake connections feed frames and collect what the server sends.
//
// Input: frames separated by '\n'. The first byte of a frame picks one of 6 connections (low 3
// bits, modulo 6); bit 7 set closes that connection instead (it reopens at its next frame). The
// rest is either a raw client frame, or a shortcut that builds a well-formed request so the fuzzer
// gets past the lobby quickly:
//   "!h" hello   "!c<b>" create_table   "!s<b>" sit   "!r<b>" add_robot   "!g" start
//   "!p<b>" the b-th legal action of the last `turn` this connection received
//   "!l<b>" list_tables: page_size (b & 63, 0 to 63: out of range too), from the last `next`
//           received (bit 6), variant filter (bit 7), free_seats (b % 6)
//   "!H<b>" history: limit (b & 63, 0 to 63: out of range too), from the last `next` received (bit 6)
//   "!m<b>" get_record by match: a match id from the history replies received, or "<table>-1"
// (<b> is one byte: seat = (b & 7) % 6 - 1, so -1..4 are all tried; the table is one of the ids
// created so far, chosen by b >> 3, or "t1" before any).
// Robots act without delay, on the io_context; matches are to 301. At most 256 frames per input. After each frame
// the io_context is drained.
//
// Checks: nothing crashes (ASan/UBSan), every shortcut request on a connection that stays open
// gets exactly one reply (docs/design.md invariant 5), and every server frame is a JSON object.

#include <spdlog/spdlog.h>
#include <boost/asio/io_context.hpp>
#include <nlohmann/json.hpp>

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "server/config.hpp"
#include "server/sessions/game_service.hpp"
#include "server/store/memory_store.hpp"
#include "server/tables/robot_pool.hpp"

namespace {

using nlohmann::json;

/// A Connection that records frames instead of writing them to a socket.
class FakeConnection final : public belote::net::Connection {
public:
    explicit FakeConnection(std::uint64_t id) : id_(id) {}
    std::uint64_t id() const override { return id_; }
    using belote::net::Connection::send;
    void send(belote::net::SharedText text) override {
        if (!closed_) sent.emplace_back(text.view());
    }
    void close(std::uint16_t, std::string) override { close_requested = true; }
    std::string remote_address() const override { return "fuzz"; }

    std::vector<std::string> sent;
    std::shared_ptr<belote::net::MessageSink> sink;
    bool close_requested = false;
    bool closed_ = false;
    json last_turn;                      ///< last `turn` event with legal actions
    std::map<std::string, int> replies;  ///< shortcut request id -> replies seen
    int shortcuts = 0;

private:
    std::uint64_t id_;
};

std::uint64_t next_id = 1;

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    spdlog::set_level(spdlog::level::off);
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    boost::asio::io_context ioc;
    belote::Config config;
    config.robot_delay_ms = 0;
    config.password_hash_limits = "interactive";
    belote::sessions::ServiceParts parts{
        belote::tables::make_system_clock(ioc), belote::tables::os_random_source(),
        std::make_shared<belote::tables::RobotPool>(ioc, 0, belote::tables::heuristic_robot()),
        std::make_shared<belote::store::MemoryStore>(), ioc.get_executor()};  // passwords hashed on `ioc` (drained)
    auto handler = std::make_shared<belote::sessions::GameService>(ioc, config, parts);
    std::array<std::shared_ptr<FakeConnection>, 6> conns{};
    std::vector<std::string> tables;   // ids from create_table replies
    json next_cursor;                  // the last list_tables reply's `next`
    json history_cursor;               // the last history reply's `next`
    std::vector<std::string> matches;  // match ids from history replies
    auto close = [](FakeConnection& c) {
        c.closed_ = true;
        if (auto sink = std::move(c.sink)) sink->on_close();
    };

    auto drain = [&] {
        for (int i = 0; i < 200000 && ioc.poll() > 0; ++i) ioc.restart();
        ioc.restart();
        for (auto& c : conns) {
            if (!c) continue;
            for (const auto& text : c->sent) {
                json m = json::parse(text, nullptr, false);
                if (!m.is_object()) std::abort();  // the server only sends JSON objects
                const auto type = m.value("type", "");
                if ((type == "ok" || type == "error") && m.contains("id") && m["id"].is_string()) {
                    auto it = c->replies.find(m["id"].get<std::string>());
                    if (it != c->replies.end()) ++it->second;
                }
                if (type == "turn" && m.contains("legal")) c->last_turn = m;
                if (type == "ok" && m.contains("matches")) {
                    if (!m["matches"].is_array() || m["matches"].size() > 50) std::abort();  // a page, bounded
                    history_cursor = m["next"];
                    for (const auto& entry : m["matches"])
                        if (matches.size() < 16) matches.push_back(entry.value("match", ""));
                } else if (type == "ok" && m.contains("next")) {
                    if (!m["tables"].is_array() || m["tables"].size() > 50) std::abort();  // a page, bounded
                    next_cursor = m["next"];
                }
                if (type == "ok" && m.contains("table") && m["table"].is_string() && tables.size() < 8)
                    tables.push_back(m["table"]);
            }
            c->sent.clear();
            if (c->close_requested && !c->closed_) close(*c);  // the server closed it (e.g. 4001)
        }
    };

    std::string_view rest(reinterpret_cast<const char*>(data), size);
    int frames = 0;
    while (!rest.empty() && frames++ < 256) {
        const auto nl = rest.find('\n');
        std::string_view frame = rest.substr(0, nl);
        rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);
        if (frame.empty()) continue;
        const auto selector = static_cast<std::uint8_t>(frame[0]);
        frame.remove_prefix(1);
        auto& c = conns[(selector & 7) % conns.size()];
        if (selector & 0x80) {
            if (c && !c->closed_) close(*c);
            c.reset();
            drain();
            continue;
        }
        if (!c || c->closed_) {
            c = std::make_shared<FakeConnection>(next_id++);
            c->sink = handler->on_open(c);
        }
        std::string text;
        if (frame.size() >= 2 && frame[0] == '!') {
            const auto b = frame.size() >= 3 ? static_cast<std::uint8_t>(frame[2]) : 0;
            const std::string rid = "f" + std::to_string(c->shortcuts++);
            const int seat = (b & 7) % 6 - 1;
            const std::string table = tables.empty() ? "t1" : tables[(b >> 3) % tables.size()];
            json m;
            switch (frame[1]) {
                case 'h': m = {{"type", "hello"}, {"protocol", 1}, {"nickname", "n" + std::to_string(b)}}; break;
                case 'c': m = {{"type", "create_table"}, {"variant", "classic"}, {"target", 301}}; break;
                case 's': m = {{"type", "sit"}, {"table", table}, {"seat", seat}}; break;
                case 'r': m = {{"type", "add_robot"}, {"table", table}, {"seat", seat}}; break;
                case 'g': m = {{"type", "start"}, {"table", table}}; break;
                case 'l':
                    m = {{"type", "list_tables"}, {"page_size", b & 63}, {"free_seats", b % 6}};
                    if (b & 64) m["cursor"] = next_cursor;
                    if (b & 128) m["variant"] = "classic";
                    break;
                case 'H':
                    m = {{"type", "history"}, {"limit", b & 63}};
                    if (b & 64) m["cursor"] = history_cursor;
                    break;
                case 'm':
                    m = {{"type", "get_record"},
                         {"match", matches.empty() ? table + "-1" : matches[(b >> 3) % matches.size()]}};
                    break;
                case 'p':
                    if (c->last_turn.is_object() && !c->last_turn["legal"].empty()) {
                        m = c->last_turn["legal"][b % c->last_turn["legal"].size()];
                        m["table"] = c->last_turn["table"];
                    } else {
                        m = {{"type", "pass"}, {"table", table}};
                    }
                    break;
                default: m = {{"type", std::string(1, frame[1])}}; break;
            }
            m["id"] = rid;
            c->replies[rid] = 0;
            // The harness's own frame may carry an arbitrary byte (default case): replace invalid
            // UTF-8 rather than throw; the server's side of such bytes is fuzzed by raw frames.
            text = m.dump(-1, ' ', false, json::error_handler_t::replace);
        } else {
            text.assign(frame);
        }
        if (c->sink) c->sink->on_text(std::move(text));
        drain();
    }
    drain();
    for (auto& c : conns)
        if (c && !c->closed_)
            for (const auto& [rid, n] : c->replies)
                if (n != 1) std::abort();  // not exactly one reply
    for (auto& c : conns)
        if (c && !c->closed_) close(*c);
    drain();
    return 0;
}
