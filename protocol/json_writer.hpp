#pragma once
// Writes JSON text straight into a string, for the messages sent most often (a card played, a turn,
// a trick won, an ok): building a tree only to dump it cost most of the server's time per action
// (docs/performance.md). Produces the same JSON values as nlohmann_json (tests compare them).

#include <charconv>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace belote::protocol {

// Every member is small and called a few dozen times per message: inlined, each costs a few
// instructions instead of a call.
#define BELOTE_JSON_INLINE [[gnu::always_inline]] inline

/// A forward-only JSON writer. Callers keep the structure well formed (a key before each object
/// member); strings are escaped (", \, control characters) and must be valid UTF-8. Characters go
/// to a small buffer first and into the output string in blocks; the text is complete once the
/// writer is flushed or destroyed.
class JsonWriter {
public:
    /// Writes into `out` (cleared first; its capacity is reused).
    explicit JsonWriter(std::string& out) : out_(out) { out_.clear(); }
    ~JsonWriter() { flush(); }
    JsonWriter(const JsonWriter&) = delete;
    JsonWriter& operator=(const JsonWriter&) = delete;

    BELOTE_JSON_INLINE JsonWriter& begin_object() { return open('{'); }
    BELOTE_JSON_INLINE JsonWriter& end_object() { return close('}'); }
    BELOTE_JSON_INLINE JsonWriter& begin_array() { return open('['); }
    BELOTE_JSON_INLINE JsonWriter& end_array() { return close(']'); }

    /// An object member's name (a plain ASCII identifier: not escaped).
    BELOTE_JSON_INLINE JsonWriter& key(std::string_view name) {
        separate();
        put('"');
        put(name);
        put('"');
        put(':');
        comma_ = false;
        return *this;
    }

    BELOTE_JSON_INLINE JsonWriter& value(std::string_view text) {
        separate();
        put('"');
        if (needs_escape(text))
            for (char c : text) escape(c);
        else
            put(text);
        put('"');
        return done();
    }
    BELOTE_JSON_INLINE JsonWriter& value(const char* text) { return value(std::string_view(text)); }
    BELOTE_JSON_INLINE JsonWriter& value(bool b) {
        separate();
        put(b ? std::string_view("true") : std::string_view("false"));
        return done();
    }
    BELOTE_JSON_INLINE JsonWriter& value(std::int64_t n) { return number(n); }
    BELOTE_JSON_INLINE JsonWriter& value(int n) { return number(static_cast<std::int64_t>(n)); }
    BELOTE_JSON_INLINE JsonWriter& value(std::uint64_t n) { return number(n); }
    BELOTE_JSON_INLINE JsonWriter& null() {
        separate();
        put(std::string_view("null"));
        return done();
    }

    /// Members already in JSON form, starting with their comma (`,"a":1,"b":`): the next value
    /// completes the last one.
    BELOTE_JSON_INLINE JsonWriter& raw_member(std::string_view members) {
        put(members);
        comma_ = false;
        return *this;
    }

    /// Text already in JSON form (a nested value made elsewhere).
    BELOTE_JSON_INLINE JsonWriter& raw(std::string_view json) {
        separate();
        put(json);
        return done();
    }

    /// Moves what is buffered into the output string.
    void flush() {
        out_.append(buffer_, used_);
        used_ = 0;
    }

private:
    template <class Number>
    BELOTE_JSON_INLINE JsonWriter& number(Number n) {
        separate();
        if (capacity - used_ < 24) flush();
        used_ = static_cast<std::size_t>(std::to_chars(buffer_ + used_, buffer_ + capacity, n).ptr - buffer_);
        return done();
    }
    BELOTE_JSON_INLINE JsonWriter& open(char c) {
        separate();
        put(c);
        comma_ = false;
        return *this;
    }
    BELOTE_JSON_INLINE JsonWriter& close(char c) {
        put(c);
        return done();
    }
    BELOTE_JSON_INLINE JsonWriter& done() {
        comma_ = true;
        return *this;
    }
    BELOTE_JSON_INLINE void separate() {
        if (comma_) put(',');
    }
    BELOTE_JSON_INLINE void put(char c) {
        if (used_ == capacity) flush();
        buffer_[used_++] = c;
    }
    BELOTE_JSON_INLINE void put(std::string_view text) {
        if (text.size() > capacity - used_) {
            flush();
            if (text.size() > capacity) {
                out_.append(text);
                return;
            }
        }
        std::memcpy(buffer_ + used_, text.data(), text.size());
        used_ += text.size();
    }
    BELOTE_JSON_INLINE static bool needs_escape(std::string_view text) {
        for (char c : text)
            if (c == '"' || c == '\\' || static_cast<unsigned char>(c) < 0x20) return true;
        return false;
    }
    void escape(char c) {
        static constexpr char hex[] = "0123456789abcdef";
        switch (c) {
            case '"': put(std::string_view("\\\"")); return;
            case '\\': put(std::string_view("\\\\")); return;
            case '\b': put(std::string_view("\\b")); return;
            case '\f': put(std::string_view("\\f")); return;
            case '\n': put(std::string_view("\\n")); return;
            case '\r': put(std::string_view("\\r")); return;
            case '\t': put(std::string_view("\\t")); return;
            default: break;
        }
        if (static_cast<unsigned char>(c) < 0x20) {
            const char code[6] = {'\\', 'u', '0', '0', hex[(c >> 4) & 0xF], hex[c & 0xF]};
            put(std::string_view(code, 6));
        } else {
            put(c);
        }
    }

    static constexpr std::size_t capacity = 512;
    std::string& out_;
    char buffer_[capacity];
    std::size_t used_ = 0;
    bool comma_ = false;
};

#undef BELOTE_JSON_INLINE

}  // namespace belote::protocol
