#pragma once
// Writes JSON text straight into a string, for the messages sent most often (a card played, a turn,
// a trick won, an ok): building a tree only to dump it cost most of the server's time per action
// (docs/performance.md). Produces the same JSON values as nlohmann_json (tests compare them).

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

namespace belote::protocol {

// Every member is small and called a few dozen times per message: inlined, they cost a few
// instructions each instead of a call (measured: turn messages 2.4k -> see docs/performance.md).
#define BELOTE_JSON_INLINE [[gnu::always_inline]] inline

/// A forward-only JSON writer. Callers keep the structure well formed (a key before each object
/// member); strings are escaped (", \, control characters) and must be valid UTF-8.
class JsonWriter {
public:
    /// Writes into `out` (cleared first; its capacity is reused).
    explicit JsonWriter(std::string& out) : out_(out) { out_.clear(); }

    BELOTE_JSON_INLINE JsonWriter& begin_object() { return open('{'); }
    BELOTE_JSON_INLINE JsonWriter& end_object() { return close('}'); }
    BELOTE_JSON_INLINE JsonWriter& begin_array() { return open('['); }
    BELOTE_JSON_INLINE JsonWriter& end_array() { return close(']'); }

    /// An object member's name (a plain ASCII identifier: not escaped).
    BELOTE_JSON_INLINE JsonWriter& key(std::string_view name) {
        separate();
        out_ += '"';
        out_ += name;
        out_ += "\":";
        comma_ = false;
        return *this;
    }

    BELOTE_JSON_INLINE JsonWriter& value(std::string_view text) {
        separate();
        out_ += '"';
        if (needs_escape(text))
            for (char c : text) escape(c);
        else
            out_.append(text);
        out_ += '"';
        return done();
    }
    BELOTE_JSON_INLINE JsonWriter& value(const char* text) { return value(std::string_view(text)); }
    BELOTE_JSON_INLINE JsonWriter& value(bool b) {
        separate();
        out_ += b ? "true" : "false";
        return done();
    }
    BELOTE_JSON_INLINE JsonWriter& value(std::int64_t n) {
        separate();
        char digits[24];
        auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
        out_.append(digits, end);
        return done();
    }
    BELOTE_JSON_INLINE JsonWriter& value(int n) { return value(static_cast<std::int64_t>(n)); }
    BELOTE_JSON_INLINE JsonWriter& value(std::uint64_t n) {
        separate();
        char digits[24];
        auto end = std::to_chars(digits, digits + sizeof digits, n).ptr;
        out_.append(digits, end);
        return done();
    }
    BELOTE_JSON_INLINE JsonWriter& null() {
        separate();
        out_ += "null";
        return done();
    }

    /// Text already in JSON form (a nested value made elsewhere).
    BELOTE_JSON_INLINE JsonWriter& raw(std::string_view json) {
        separate();
        out_ += json;
        return done();
    }

private:
    BELOTE_JSON_INLINE JsonWriter& open(char c) {
        separate();
        out_ += c;
        comma_ = false;
        return *this;
    }
    BELOTE_JSON_INLINE JsonWriter& close(char c) {
        out_ += c;
        return done();
    }
    BELOTE_JSON_INLINE JsonWriter& done() {
        comma_ = true;
        return *this;
    }
    BELOTE_JSON_INLINE void separate() {
        if (comma_) out_ += ',';
    }
    BELOTE_JSON_INLINE static bool needs_escape(std::string_view text) {
        for (char c : text)
            if (c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20) return true;
        return false;
    }
    void escape(char c) {
        static constexpr char hex[] = "0123456789abcdef";
        switch (c) {
            case '"': out_ += "\\\""; return;
            case '\\': out_ += "\\\\"; return;
            case '\b': out_ += "\\b"; return;
            case '\f': out_ += "\\f"; return;
            case '\n': out_ += "\\n"; return;
            case '\r': out_ += "\\r"; return;
            case '\t': out_ += "\\t"; return;
            default: break;
        }
        if (static_cast<unsigned char>(c) < 0x20) {
            out_ += "\\u00";
            out_ += hex[(c >> 4) & 0xF];
            out_ += hex[c & 0xF];
        } else {
            out_ += c;
        }
    }

    std::string& out_;
    bool comma_ = false;
};

#undef BELOTE_JSON_INLINE

}  // namespace belote::protocol
