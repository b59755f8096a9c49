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
        // A decoded request always has an id (an integer or a string).
        if (std::holds_alternative<std::monostate>(request.id)) std::abort();
        (void)belote::protocol::ok_text(request.id);
    }
    return 0;
}
