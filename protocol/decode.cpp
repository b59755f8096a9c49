#include "protocol/decode.hpp"

#include <limits>

#include "engine/card.hpp"
#include "protocol/bid_json.hpp"
#include "protocol/decode_tables.hpp"
#include "protocol/rules_json.hpp"
#include "protocol/version.hpp"

namespace belote::protocol {
namespace {

using nlohmann::json;

/// Thrown inside the decoder only, caught by decode_request.
struct Failure {
    ErrorCode code;
    std::string message;
};

[[noreturn]] void fail(ErrorCode code, std::string message) { throw Failure{code, std::move(message)}; }

const json& field(const json& msg, const char* name) {
    auto it = msg.find(name);
    if (it == msg.end()) fail(ErrorCode::BadMessage, std::string("missing field '") + name + "'");
    return *it;
}

std::string string_field(const json& msg, const char* name) {
    const json& value = field(msg, name);
    if (!value.is_string()) fail(ErrorCode::BadMessage, std::string("field '") + name + "' must be a string");
    return value.get<std::string>();
}

/// An integer field; `out_of_range` is the code when it does not fit an int.
int int_field(const json& msg, const char* name, ErrorCode out_of_range) {
    const json& value = field(msg, name);
    if (!value.is_number_integer()) fail(ErrorCode::BadMessage, std::string("field '") + name + "' must be an integer");
    bool fits = value.is_number_unsigned()
                    ? value.get<std::uint64_t>() <= static_cast<std::uint64_t>(std::numeric_limits<int>::max())
                    : value.get<std::int64_t>() >= std::numeric_limits<int>::min() &&
                          value.get<std::int64_t>() <= std::numeric_limits<int>::max();
    if (!fits) fail(out_of_range, std::string("field '") + name + "' is out of range");
    return static_cast<int>(value.get<std::int64_t>());
}

Hello decode_hello(const json& msg) {
    Hello hello;
    hello.protocol = int_field(msg, "protocol", ErrorCode::UnsupportedProtocol);
    if (hello.protocol != version)
        fail(ErrorCode::UnsupportedProtocol, "protocol " + std::to_string(hello.protocol) +
                                                 " is not supported (this server speaks " + std::to_string(version) +
                                                 ")");
    hello.nickname = string_field(msg, "nickname");
    if (auto problem = nickname_problem(hello.nickname); !problem.empty()) fail(ErrorCode::BadNickname, problem);
    if (auto it = msg.find("token"); it != msg.end() && !it->is_null()) {
        if (!it->is_string()) fail(ErrorCode::BadMessage, "field 'token' must be a string");
        hello.token = it->get<std::string>();
    }
    hello.resume = decode_resume(msg);
    return hello;
}

CreateTable decode_create_table(const json& msg) {
    CreateTable create;
    std::string variant = string_field(msg, "variant");
    auto parsed = parse_variant(variant);
    if (!parsed)
        fail(ErrorCode::InvalidOptions,
             "unknown variant '" + variant + "' (available: classic, classic_announcements, coinche, decouverte)");
    create.variant = *parsed;
    if (auto it = msg.find("rules"); it != msg.end()) {
        auto rules = rules_from_json(*it, create.variant);
        if (auto* error = std::get_if<RulesError>(&rules)) fail(ErrorCode::InvalidOptions, error->message);
        create.rules = std::get<RuleOptions>(rules);
    }
    if (msg.contains("target")) {
        create.target = int_field(msg, "target", ErrorCode::InvalidOptions);
        if (create.target != 301 && create.target != 501 && create.target != 1000)
            fail(ErrorCode::InvalidOptions, "target must be 301, 501 or 1000");
    }
    create.settings = decode_create_settings(msg);
    return create;
}

Command decode_command(const std::string& type, const json& msg) {
    if (type == "hello") return decode_hello(msg);
    if (type == "list_tables") return ListTables{};
    if (type == "create_table") return decode_create_table(msg);
    if (type == "sit" || type == "add_robot") {
        std::string table = string_field(msg, "table");
        int seat = int_field(msg, "seat", ErrorCode::BadSeat);
        if (type == "sit") return Sit{std::move(table), seat, decode_invite(msg)};
        return AddRobot{std::move(table), seat};
    }
    if (type == "start") return Start{string_field(msg, "table")};
    if (type == "take") return Act{string_field(msg, "table"), Action::take()};
    if (type == "pass") return Act{string_field(msg, "table"), Action::pass()};
    if (type == "name") {
        std::string table = string_field(msg, "table");
        auto suit = parse_suit(string_field(msg, "suit"));
        if (!suit) fail(ErrorCode::BadMessage, "field 'suit' must be one of \"S\", \"H\", \"D\", \"C\"");
        return Act{std::move(table), Action::name_suit(*suit)};
    }
    if (type == "bid" || type == "contre" || type == "surcontre") {
        std::string table = string_field(msg, "table");
        auto action = bid_action_from_json(msg);
        if (auto* problem = std::get_if<std::string>(&action)) fail(ErrorCode::BadMessage, *problem);
        return Act{std::move(table), std::get<Action>(action)};
    }
    if (type == "get_record") return GetRecord{string_field(msg, "table")};
    if (type == "play") {
        std::string table = string_field(msg, "table");
        auto card = parse_card(string_field(msg, "card"));
        if (!card) fail(ErrorCode::BadMessage, "field 'card' must be a card such as \"JS\"");
        return Act{std::move(table), Action::play(*card)};
    }
    if (auto platform = decode_table_platform(type, msg)) return std::move(*platform);
    fail(ErrorCode::UnknownType, "unknown message type '" + type + "'");
}

/// Whether `text` nests arrays/objects deeper than max_json_depth (brackets inside strings do not
/// count). One linear pass; malformed JSON is left to the parser.
bool too_deep(std::string_view text) {
    int depth = 0;
    bool in_string = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (in_string) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > max_json_depth) return true;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return false;
}

// Zero-width and bidirectional controls let a name hide or reorder its text (U+200B–U+200F,
// U+202A–U+202E, U+2060–U+2069, U+FEFF).
bool is_invisible_format_char(std::uint32_t cp) {
    return (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2060 && cp <= 0x2069) ||
           cp == 0xFEFF;
}

bool is_blank(std::uint32_t cp) { return cp == 0x20 || cp == 0xA0 || cp == 0x3000 || (cp >= 0x2000 && cp <= 0x200A); }

}  // namespace

std::string nickname_problem(std::string_view nickname) {
    std::size_t chars = 0;
    std::size_t visible = 0;
    for (std::size_t i = 0; i < nickname.size();) {
        auto b = static_cast<unsigned char>(nickname[i]);
        std::uint32_t cp;
        int extra;
        if (b < 0x80) {
            cp = b;
            extra = 0;
        } else if ((b & 0xE0) == 0xC0) {
            cp = b & 0x1F;
            extra = 1;
        } else if ((b & 0xF0) == 0xE0) {
            cp = b & 0x0F;
            extra = 2;
        } else if ((b & 0xF8) == 0xF0) {
            cp = b & 0x07;
            extra = 3;
        } else
            return "nickname is not valid UTF-8";
        if (i + extra >= nickname.size()) return "nickname is not valid UTF-8";
        for (int k = 1; k <= extra; ++k) {
            auto c = static_cast<unsigned char>(nickname[i + k]);
            if ((c & 0xC0) != 0x80) return "nickname is not valid UTF-8";
            cp = (cp << 6) | (c & 0x3F);
        }
        i += 1 + extra;
        if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F)) return "nickname must not contain control characters";
        if (is_invisible_format_char(cp)) return "nickname must not contain invisible or direction-changing characters";
        ++chars;
        if (!is_blank(cp)) ++visible;
    }
    if (chars == 0) return "nickname must not be empty";
    if (visible == 0) return "nickname must not be blank";
    if (chars > max_nickname_chars)
        return "nickname must be at most " + std::to_string(max_nickname_chars) + " characters";
    return {};
}

Decoded decode_request(std::string_view text) noexcept {
    json id = nullptr;
    try {
        if (too_deep(text))
            return DecodeError{nullptr, ErrorCode::BadJson,
                               "the message nests arrays/objects deeper than " + std::to_string(max_json_depth)};
        json msg = json::parse(text, nullptr, /*allow_exceptions=*/false);
        if (msg.is_discarded()) return DecodeError{nullptr, ErrorCode::BadJson, "the message is not valid JSON"};
        if (!msg.is_object()) return DecodeError{nullptr, ErrorCode::BadJson, "the message is not a JSON object"};
        auto it = msg.find("id");
        if (it == msg.end()) return DecodeError{nullptr, ErrorCode::BadMessage, "missing field 'id'"};
        if (!it->is_number_integer() && !it->is_string())
            return DecodeError{nullptr, ErrorCode::BadMessage, "field 'id' must be an integer or a string"};
        id = *it;
        std::string type = string_field(msg, "type");
        return Request{id, decode_command(type, msg)};
    } catch (const Failure& f) {
        return DecodeError{id, f.code, f.message};
    } catch (const DecodeFailure& f) {
        return DecodeError{id, f.code, f.message};
    } catch (const std::exception& e) {
        return DecodeError{id, ErrorCode::BadMessage, std::string("malformed message: ") + e.what()};
    } catch (...) {
        return DecodeError{id, ErrorCode::Internal, "could not decode the message"};
    }
}

}  // namespace belote::protocol
