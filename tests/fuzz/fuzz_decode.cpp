// libFuzzer target: protocol::decode_request on arbitrary bytes.
//
// Checks: decode_request never throws or crashes (ASan/UBSan watch memory and UB), its result is
// either a Request or a DecodeError, and the reply the server would send for a DecodeError can
// always be serialised (protocol::to_text never throws).

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <variant>

#include "protocol/decode.hpp"
#include "protocol/messages.hpp"
#include "protocol/replies.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto decoded = belote::protocol::decode_request(text);
    if (const auto* error = std::get_if<belote::protocol::DecodeError>(&decoded)) {
        // Every error can be written, and reads back as JSON with the same id.
        const auto reply = belote::protocol::error_text(error->id, error->code, error->message);
        const auto back = nlohmann::json::parse(reply, nullptr, false);
        if (!back.is_object() || back["id"] != belote::protocol::id_json(error->id)) std::abort();
    } else {
        const auto& request = std::get<belote::protocol::Request>(decoded);
        // A decoded request always has an id (an integer, or a string of at most 64 characters).
        if (std::holds_alternative<std::monostate>(request.id)) std::abort();
        if (const auto* s = std::get_if<std::string>(&request.id); s && s->size() > 4 * 64) std::abort();
        (void)belote::protocol::ok_text(request.id);
        // A lobby request is within its bounds, and its reply's cursor reads back as one.
        if (const auto* list = std::get_if<belote::protocol::ListTables>(&request.command)) {
            if (list->page_size < 1 || list->page_size > belote::protocol::max_lobby_page) std::abort();
            if (list->free_seats < 0 || list->free_seats > 4) std::abort();
            const auto reply = nlohmann::json::parse(belote::protocol::tables_text(request.id, {}, list->cursor));
            const auto again = belote::protocol::decode_request(
                nlohmann::json{{"type", "list_tables"}, {"id", 1}, {"cursor", reply["next"]}}.dump());
            const auto* back = std::get_if<belote::protocol::Request>(&again);
            if (!back || std::get<belote::protocol::ListTables>(back->command).cursor != list->cursor) std::abort();
        }
    }
    return 0;
}
