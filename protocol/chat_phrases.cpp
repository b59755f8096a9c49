#include "protocol/chat_phrases.hpp"

#include <array>
#include <utility>

namespace belote::protocol {

namespace {
constexpr std::array<std::pair<std::string_view, std::string_view>, 7> phrases{{
    {"well_played", "Well played!"},
    {"thanks", "Thanks"},
    {"oops", "Oops"},
    {"good_game", "Good game"},
    {"smile", "\u263A"},  // the emotes: a smiling face, a heart, a star
    {"heart", "\u2665"},
    {"star", "\u2605"},
}};
}  // namespace

std::optional<std::string_view> chat_phrase_text(std::string_view key) {
    for (const auto& [k, text] : phrases)
        if (k == key) return text;
    return std::nullopt;
}

}  // namespace belote::protocol
