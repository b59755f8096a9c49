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

/// Shortest and longest username, in code points after NFC normalization.
inline constexpr std::size_t min_username_chars = 3;
inline constexpr std::size_t max_username_chars = 20;

/// Whether `cp` may appear in a username (docs/protocol.md "Accounts"): a letter (general
/// category L), a combining mark (Mn, Mc) after the first character, a decimal digit (Nd), or one
/// of `_` `-` `.`.
bool username_allows(std::uint32_t cp, bool first);

/// The username `raw` in NFC, checked: valid UTF-8, min_username_chars..max_username_chars code
/// points after normalization, each allowed by username_allows. `problem` names what is wrong.
CheckedText check_username(std::string_view raw);

/// The key under which a name is unique (usernames, and the registered names a guest's nickname
/// may not take): `raw` NFKC-normalized and case-folded (ICU NFKC_Casefold), then mapped to its
/// UTS #39 confusables skeleton (ICU uspoof_getSkeleton) and folded again, that last step twice, so
/// that the case and look-alikes meet the same key ("ALICE13", "alice13", "Alice13", "аlice13" with
/// a Cyrillic a and "ａlice13" fullwidth are one key; "Il" is "il", not "ll"). The key is for
/// comparison only, never shown. Input that is not valid UTF-8 gives an empty key.
std::string name_key(std::string_view raw);

}  // namespace belote::protocol
