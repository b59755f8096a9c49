#include "protocol/text_rules.hpp"

#include <unicode/normalizer2.h>
#include <unicode/uchar.h>
#include <unicode/unistr.h>
#include <unicode/uspoof.h>
#include <unicode/utf8.h>

#include <memory>

namespace belote::protocol {
namespace {

bool valid_utf8(std::string_view raw) {
    for (std::int32_t i = 0; i < static_cast<std::int32_t>(raw.size());) {
        UChar32 cp = 0;
        U8_NEXT(raw.data(), i, static_cast<std::int32_t>(raw.size()), cp);
        if (cp < 0) return false;
    }
    return true;
}

icu::UnicodeString from_utf8(std::string_view raw) {
    return icu::UnicodeString::fromUTF8(icu::StringPiece(raw.data(), static_cast<std::int32_t>(raw.size())));
}

/// `text` in NFC; false when ICU fails.
bool to_nfc(const icu::UnicodeString& text, icu::UnicodeString& out) {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfc = icu::Normalizer2::getNFCInstance(status);
    if (U_FAILURE(status)) return false;
    out = nfc->normalize(text, status);
    return U_SUCCESS(status);
}

/// One spoof checker for the process (uspoof_getSkeleton is thread-safe on a checker no one
/// modifies).
const USpoofChecker* spoof_checker() {
    static const std::unique_ptr<USpoofChecker, decltype(&uspoof_close)> checker = [] {
        UErrorCode status = U_ZERO_ERROR;
        return std::unique_ptr<USpoofChecker, decltype(&uspoof_close)>(uspoof_open(&status), &uspoof_close);
    }();
    return checker.get();
}

/// text = NFKC_Casefold(text) (NFKC and case folding); false when ICU fails.
bool fold(icu::UnicodeString& text) {
    UErrorCode status = U_ZERO_ERROR;
    const icu::Normalizer2* nfkc_casefold = icu::Normalizer2::getNFKCCasefoldInstance(status);
    if (U_FAILURE(status)) return false;
    text = nfkc_casefold->normalize(text, status);
    return U_SUCCESS(status);
}

/// text = NFKC_Casefold(skeleton(text)) (UTS #39 confusables skeleton; a prototype may be a capital,
/// as O for the digit 0); false when ICU fails.
bool skeleton_and_fold(icu::UnicodeString& text) {
    if (!spoof_checker()) return false;
    UErrorCode status = U_ZERO_ERROR;
    icu::UnicodeString skeleton;
    uspoof_getSkeletonUnicodeString(spoof_checker(), 0, text, skeleton, &status);
    if (U_FAILURE(status)) return false;
    text = std::move(skeleton);
    return fold(text);
}

}  // namespace

bool nickname_allows(std::uint32_t cp) {
    if (cp == 0x115F || cp == 0x1160 || cp == 0x3164 || cp == 0xFFA0 || cp == 0x034F) return false;
    switch (u_charType(static_cast<UChar32>(cp))) {
        case U_CONTROL_CHAR:             // Cc
        case U_FORMAT_CHAR:              // Cf: bidi marks and embeddings, zero-width characters
        case U_LINE_SEPARATOR:           // Zl
        case U_PARAGRAPH_SEPARATOR:      // Zp
        case U_PRIVATE_USE_CHAR:         // Co
        case U_UNASSIGNED:               // Cn
        case U_SURROGATE: return false;  // Cs (never in valid UTF-8)
        default: return true;
    }
}

bool chat_allows(std::uint32_t cp) {
    if (u_charType(static_cast<UChar32>(cp)) == U_CONTROL_CHAR) return false;
    if ((cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0x200E || cp == 0x200F ||
        cp == 0x061C)
        return false;                                                // bidirectional controls
    if (cp == 0x2028 || cp == 0x2029) return false;                  // line and paragraph separators
    if (cp == 0x200B || cp == 0x2060 || cp == 0xFEFF) return false;  // zero-width spaces
    return true;
}

CheckedText check_nickname(std::string_view raw, std::size_t max_chars) {
    CheckedText out;
    // Valid UTF-8 first: ICU would turn a bad sequence into U+FFFD silently.
    if (!valid_utf8(raw)) {
        out.problem = "nickname is not valid UTF-8";
        return out;
    }
    icu::UnicodeString normalized;
    if (!to_nfc(from_utf8(raw), normalized)) {
        out.problem = "nickname could not be normalized";
        return out;
    }
    std::size_t chars = 0, visible = 0;
    for (std::int32_t i = 0; i < normalized.length(); i = normalized.moveIndex32(i, 1)) {
        const UChar32 cp = normalized.char32At(i);
        if (u_charType(cp) == U_CONTROL_CHAR) {
            out.problem = "nickname must not contain control characters";
            return out;
        }
        if (!nickname_allows(static_cast<std::uint32_t>(cp))) {
            out.problem =
                "nickname must not contain invisible, direction-changing, unassigned or private-use characters";
            return out;
        }
        ++chars;
        if (!u_isUWhiteSpace(cp)) ++visible;
    }
    if (chars == 0)
        out.problem = "nickname must not be empty";
    else if (visible == 0)
        out.problem = "nickname must not be blank";
    else if (chars > max_chars)
        out.problem = "nickname must be at most " + std::to_string(max_chars) + " characters";
    else
        normalized.toUTF8String(out.text);
    return out;
}

bool username_allows(std::uint32_t cp, bool first) {
    if (cp == '_' || cp == '-' || cp == '.') return true;
    const auto mask = U_GET_GC_MASK(static_cast<UChar32>(cp));
    if (mask & (U_GC_L_MASK | U_GC_ND_MASK)) return true;  // letters, decimal digits
    return !first && (mask & (U_GC_MN_MASK | U_GC_MC_MASK));
}

CheckedText check_username(std::string_view raw) {
    CheckedText out;
    icu::UnicodeString normalized;
    if (!valid_utf8(raw)) {
        out.problem = "username is not valid UTF-8";
        return out;
    }
    if (!to_nfc(from_utf8(raw), normalized)) {
        out.problem = "username could not be normalized";
        return out;
    }
    std::size_t chars = 0;
    for (std::int32_t i = 0; i < normalized.length(); i = normalized.moveIndex32(i, 1), ++chars) {
        if (!username_allows(static_cast<std::uint32_t>(normalized.char32At(i)), chars == 0)) {
            out.problem = "username may hold only letters, digits, '_', '-' and '.'";
            return out;
        }
    }
    if (chars < min_username_chars || chars > max_username_chars)
        out.problem = "username must be " + std::to_string(min_username_chars) + " to " +
                      std::to_string(max_username_chars) + " characters";
    else
        normalized.toUTF8String(out.text);
    return out;
}

std::string name_key(std::string_view raw) {
    if (!valid_utf8(raw)) return {};
    // NFKC and case folding first, then the skeleton: the skeleton maps a capital I to l but a small
    // i to itself, so taken before the case was folded it made "ALICE13" and "alice13" two keys.
    // Twice, so that a key's key is itself.
    icu::UnicodeString text = from_utf8(raw);
    if (!fold(text) || !skeleton_and_fold(text) || !skeleton_and_fold(text)) return {};
    std::string out;
    text.toUTF8String(out);
    return out;
}

}  // namespace belote::protocol
