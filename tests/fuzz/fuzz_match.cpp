// libFuzzer target: arbitrary command sequences fed to one table's rules, deterministically.
//
// Input: 8 bytes of match seed, 1 byte of options, then frames separated by '\n'. The first byte
// of a frame is the acting seat (0..3 modulo 4); the rest is a client frame, decoded with
// protocol::decode_request exactly as the server does. A decoded action (take/pass/name/play) is
// applied to an engine Match for that seat; a frame whose text is "!" followed by a digit k applies
// the seat's k-th legal action instead (so the fuzzer reaches the play phase and the end of
// matches quickly). Every event is projected and encoded (for one observer in turn: the four seats
// and a spectator). At most 1024 frames per input.
//
// Checks: nothing crashes or throws; a refused action leaves the match unchanged (same legal
// actions, same version of the view); legal actions are always accepted.

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <variant>

#include "engine/match.hpp"
#include "protocol/decode.hpp"
#include "protocol/event_json.hpp"
#include "protocol/replies.hpp"

namespace {

using namespace belote;

/// Encodes each event for one observer, rotating over the four seats and a spectator by version
/// (all five for every event made an input ~10x slower without finding more).
void encode_all(const std::vector<Event>& events, std::uint64_t& v) {
    for (const Event& event : events) {
        ++v;
        const Observer observer = v % 5 == 4 ? Observer::spectator() : Observer::of_seat(static_cast<Seat>(v % 5));
        (void)protocol::to_text(protocol::event_json(event, observer, "t1", v));
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size < 9) return 0;
    std::uint64_t seed = 0;
    for (int i = 0; i < 8; ++i) seed = (seed << 8) | data[i];
    const std::uint8_t option_byte = data[8];
    MatchOptions options;
    options.variant = Variant::Classic;  // the only variant the protocol accepts
    options.target = option_byte % 3 == 0 ? 301 : option_byte % 3 == 1 ? 501 : 1000;
    if (validate(options)) return 0;
    Match match(options, seed);
    std::uint64_t v = 0;
    encode_all(match.start(static_cast<Seat>((option_byte >> 2) % 4)), v);

    std::string_view rest(reinterpret_cast<const char*>(data + 9), size - 9);
    int frames = 0;
    while (!rest.empty() && frames++ < 1024) {
        const auto nl = rest.find('\n');
        std::string_view frame = rest.substr(0, nl);
        rest = nl == std::string_view::npos ? std::string_view{} : rest.substr(nl + 1);
        if (frame.empty()) continue;
        const Seat seat = static_cast<Seat>(static_cast<std::uint8_t>(frame[0]) % 4);
        frame.remove_prefix(1);

        std::optional<Action> action;
        bool expect_ok = false;
        if (frame.size() == 2 && frame[0] == '!') {
            const auto legal = match.legal_actions(seat);
            if (legal.empty()) continue;
            action = legal[static_cast<std::uint8_t>(frame[1]) % legal.size()];
            expect_ok = true;
        } else {
            const auto decoded = protocol::decode_request(frame);
            if (const auto* request = std::get_if<protocol::Request>(&decoded))
                if (const auto* table = std::get_if<protocol::TableCommand>(&request->command))
                    if (const auto* act = std::get_if<platform::Act>(&table->request)) action = act->action;
        }
        if (!action) continue;

        const auto legal_before = match.legal_actions(seat);
        const auto to_act_before = match.to_act();
        const ApplyResult result = match.apply(seat, *action);
        if (result.ok()) {
            encode_all(result.events, v);
        } else {
            if (expect_ok) std::abort();  // a legal action was refused
            if (match.to_act() != to_act_before || match.legal_actions(seat) != legal_before) std::abort();
            (void)protocol::to_text(protocol::error_reply(1, protocol::ErrorCode::IllegalAction, result.message));
        }
        if (match.finished()) break;
    }
    for (Seat s = 0; s < 4; ++s) (void)match.view(Observer::of_seat(s));
    return 0;
}
