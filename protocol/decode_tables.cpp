#include "protocol/decode_tables.hpp"

#include <limits>

namespace belote::protocol {
namespace {

using nlohmann::json;

[[noreturn]] void fail(ErrorCode code, std::string message) { throw DecodeFailure{code, std::move(message)}; }

std::string table_field(const json& msg) {
    auto it = msg.find("table");
    if (it == msg.end()) fail(ErrorCode::BadMessage, "missing field 'table'");
    if (!it->is_string()) fail(ErrorCode::BadMessage, "field 'table' must be a string");
    return it->get<std::string>();
}

std::optional<bool> optional_bool(const json& obj, const char* name) {
    auto it = obj.find(name);
    if (it == obj.end()) return std::nullopt;
    if (!it->is_boolean()) fail(ErrorCode::BadMessage, std::string("field '") + name + "' must be a boolean");
    return it->get<bool>();
}

std::optional<int> optional_int(const json& obj, const char* name, int lo, int hi) {
    auto it = obj.find(name);
    if (it == obj.end()) return std::nullopt;
    if (!it->is_number_integer()) fail(ErrorCode::BadMessage, std::string("field '") + name + "' must be an integer");
    bool fits = it->is_number_unsigned() ? it->get<std::uint64_t>() <= static_cast<std::uint64_t>(hi)
                                         : it->get<std::int64_t>() >= lo && it->get<std::int64_t>() <= hi;
    if (!fits)
        fail(ErrorCode::InvalidOptions,
             std::string("field '") + name + "' must be within " + std::to_string(lo) + ".." + std::to_string(hi));
    return static_cast<int>(it->get<std::int64_t>());
}

int seat_field(const json& msg) {
    auto it = msg.find("seat");
    if (it == msg.end()) fail(ErrorCode::BadMessage, "missing field 'seat'");
    if (!it->is_number_integer()) fail(ErrorCode::BadMessage, "field 'seat' must be an integer");
    if (it->is_number_unsigned() ? it->get<std::uint64_t>() > 1000
                                 : (it->get<std::int64_t>() < -1000 || it->get<std::int64_t>() > 1000))
        fail(ErrorCode::BadSeat, "field 'seat' is out of range");
    return static_cast<int>(it->get<std::int64_t>());
}

/// Turn time, target and stake checks shared by create_table and set_options.
void check_ranges(const std::optional<int>& target, const std::optional<int>& turn_time) {
    if (target && *target != 301 && *target != 501 && *target != 1000)
        fail(ErrorCode::InvalidOptions, "target must be 301, 501 or 1000");
    if (turn_time && *turn_time != 0 && (*turn_time < min_turn_time_s || *turn_time > max_turn_time_s))
        fail(ErrorCode::InvalidOptions, "turn_time must be 0 (off) or " + std::to_string(min_turn_time_s) + ".." +
                                            std::to_string(max_turn_time_s) + " seconds");
}

OptionsPatch decode_patch(const json& msg) {
    auto it = msg.find("options");
    if (it == msg.end()) fail(ErrorCode::BadMessage, "missing field 'options'");
    if (!it->is_object()) fail(ErrorCode::BadMessage, "field 'options' must be an object");
    const json& o = *it;
    OptionsPatch patch;
    if (auto v = o.find("variant"); v != o.end()) {
        if (!v->is_string()) fail(ErrorCode::BadMessage, "field 'variant' must be a string");
        patch.variant = parse_variant(v->get<std::string>());
        if (!patch.variant)
            fail(ErrorCode::InvalidOptions, "unknown variant '" + v->get<std::string>() +
                                                "' (available: classic, classic_announcements, coinche, decouverte)");
    }
    patch.target = optional_int(o, "target", 0, 100000);
    patch.turn_time_s = optional_int(o, "turn_time", 0, 100000);
    check_ranges(patch.target, patch.turn_time_s);
    patch.private_table = optional_bool(o, "private");
    patch.spectators = optional_bool(o, "spectators");
    patch.competitive = optional_bool(o, "competitive");
    patch.stake = optional_int(o, "stake", 0, max_stake);
    return patch;
}

/// Checks chat text: 1..max_chat_chars code points of valid UTF-8 without control characters
/// (a newline or tab included). Returns the problem, or empty.
std::string chat_problem(const std::string& text) {
    std::size_t chars = 0;
    for (std::size_t i = 0; i < text.size();) {
        auto b = static_cast<unsigned char>(text[i]);
        int extra = b < 0x80 ? 0 : (b & 0xE0) == 0xC0 ? 1 : (b & 0xF0) == 0xE0 ? 2 : (b & 0xF8) == 0xF0 ? 3 : -1;
        if (extra < 0 || i + extra >= text.size() + (extra == 0 ? 1 : 0)) return "text is not valid UTF-8";
        std::uint32_t cp = extra == 0 ? b : b & (0x3F >> extra);
        for (int k = 1; k <= extra; ++k) {
            auto c = static_cast<unsigned char>(text[i + k]);
            if ((c & 0xC0) != 0x80) return "text is not valid UTF-8";
            cp = (cp << 6) | (c & 0x3F);
        }
        i += 1 + extra;
        if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F)) return "text must not contain control characters";
        ++chars;
    }
    if (chars == 0) return "text must not be empty";
    if (chars > max_chat_chars) return "text must be at most " + std::to_string(max_chat_chars) + " characters";
    return {};
}

}  // namespace

std::optional<Command> decode_table_platform(const std::string& type, const json& msg) {
    if (type == "set_options") return SetOptions{table_field(msg), decode_patch(msg)};
    if (type == "remove_robot") {
        std::string table = table_field(msg);
        return RemoveRobot{std::move(table), seat_field(msg)};
    }
    if (type == "stand") return Stand{table_field(msg)};
    if (type == "propose_cancel") return ProposeCancel{table_field(msg)};
    if (type == "vote_cancel") {
        std::string table = table_field(msg);
        auto accept = optional_bool(msg, "accept");
        if (!accept) fail(ErrorCode::BadMessage, "missing field 'accept'");
        return VoteCancel{std::move(table), *accept};
    }
    if (type == "watch") {
        std::string table = table_field(msg);
        return Watch{std::move(table), decode_invite(msg)};
    }
    if (type == "chat") {
        std::string table = table_field(msg);
        auto it = msg.find("text");
        if (it == msg.end()) fail(ErrorCode::BadMessage, "missing field 'text'");
        if (!it->is_string()) fail(ErrorCode::BadMessage, "field 'text' must be a string");
        std::string text = it->get<std::string>();
        if (auto problem = chat_problem(text); !problem.empty()) fail(ErrorCode::BadChat, problem);
        return Chat{std::move(table), std::move(text)};
    }
    if (type == "renew_invite") return RenewInvite{table_field(msg)};
    return std::nullopt;
}

std::map<std::string, std::uint64_t> decode_resume(const json& msg) {
    std::map<std::string, std::uint64_t> out;
    auto it = msg.find("resume");
    if (it == msg.end() || it->is_null()) return out;
    if (!it->is_object()) fail(ErrorCode::BadMessage, "field 'resume' must be an object");
    if (it->size() > 64) fail(ErrorCode::BadMessage, "field 'resume' has too many tables");
    for (const auto& [table, v] : it->items()) {
        if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<std::int64_t>() >= 0))
            fail(ErrorCode::BadMessage, "field 'resume' values must be non-negative integers");
        out[table] = v.get<std::uint64_t>();
    }
    return out;
}

std::optional<std::string> decode_invite(const json& msg) {
    auto it = msg.find("invite");
    if (it == msg.end() || it->is_null()) return std::nullopt;
    if (!it->is_string()) fail(ErrorCode::BadMessage, "field 'invite' must be a string");
    return it->get<std::string>();
}

TableSettings decode_create_settings(const json& msg) {
    TableSettings s;
    auto turn_time = optional_int(msg, "turn_time", 0, 100000);
    check_ranges(std::nullopt, turn_time);
    if (turn_time) s.turn_time_s = *turn_time;
    if (auto v = optional_bool(msg, "private")) s.private_table = *v;
    if (auto v = optional_bool(msg, "spectators")) s.spectators = *v;
    if (auto v = optional_bool(msg, "competitive")) s.competitive = *v;
    if (auto v = optional_int(msg, "stake", 0, max_stake)) s.stake = *v;
    return s;
}

}  // namespace belote::protocol
