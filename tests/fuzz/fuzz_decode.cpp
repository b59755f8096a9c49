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
#include "protocol/replies.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto decoded = belote::protocol::decode_request(text);
    if (const auto* error = std::get_if<belote::protocol::DecodeError>(&decoded)) {
        // The id of an error is null, an integer or a string (docs/protocol.md).
        if (!error->id.is_null() && !error->id.is_number_integer() && !error->id.is_string()) std::abort();
        const auto reply =
            belote::protocol::to_text(belote::protocol::error_reply(error->id, error->code, error->message));
        if (reply.empty()) std::abort();
    } else {
        const auto& request = std::get<belote::protocol::Request>(decoded);
        if (!request.id.is_number_integer() && !request.id.is_string()) std::abort();
        (void)belote::protocol::to_text(belote::protocol::ok_reply(request.id));
    }
    return 0;
}
