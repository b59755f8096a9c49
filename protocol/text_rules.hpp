#pragma once
// Which characters a nickname and a chat message may hold (docs/protocol.md "Text"), decided by
// Unicode general category with ICU, so that no name or message can hide, reorder or fake text.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace belote::protocol {

/// A text checked against its rules: the text to keep (a nickname in NFC) or the problem.
struct CheckedText {
    std::string text;     ///< what to use when `problem` is empty
    std::string problem;  ///< empty when the text is accepted
};

/// Whether `cp` may appear in a nickname: not of general category Cc, Cf, Zl, Zp, Co or Cn, not a
/// Hangul filler (U+115F, U+1160, U+3164, U+FFA0) nor U+034F (combining grapheme joiner).
bool nickname_allows(std::uint32_t cp);

/// Whether `cp` may appear in a chat message: not a control (Cc), a bidirectional control
/// (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, U+061C), a line or paragraph separator (U+2028,
/// U+2029) or a zero-width space (U+200B, U+2060, U+FEFF).
bool chat_allows(std::uint32_t cp);

/// The nickname `raw` in Unicode normalization form C, checked: valid UTF-8, 1..`max_chars` code
/// points after normalization, every one allowed by nickname_allows, not only spaces.
CheckedText check_nickname(std::string_view raw, std::size_t max_chars);

}  // namespace belote::protocol
