#include "protocol/echo.hpp"

namespace belote::protocol {

std::string echoed(std::string_view text) {
    std::size_t end = 0;
    for (std::size_t characters = 0; end < text.size(); ++characters) {
        if (characters == echo_limit) return "'" + std::string(text.substr(0, end)) + "…'";
        ++end;
        while (end < text.size() && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80)
            ++end;  // continuation bytes
    }
    return "'" + std::string(text) + "'";
}

}  // namespace belote::protocol
