#include "protocol/decode.hpp"

#include <nlohmann/json.hpp>

#include <charconv>
#include <limits>

#include "engine/card.hpp"
#include "protocol/bid_json.hpp"
#include "protocol/chat_phrases.hpp"
#include "protocol/echo.hpp"
#include "protocol/rules_json.hpp"
#include "protocol/table_json.hpp"
#include "protocol/text_rules.hpp"
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

std::string quoted(const char* name) { return std::string("'") + name + "'"; }

/// A message's top-level fields, as read by the flat SAX reader (FlatMessage) or as a JSON tree:
/// the helpers below take either.
template <class Msg>
const auto* find_field(const Msg& msg, const char* name) {
    if constexpr (std::is_same_v<Msg, json>) {
        auto it = msg.find(name);
        return it == msg.end() ? nullptr : &*it;
    } else {
        return msg.find(name);
    }
}

template <class Msg>
const auto& field(const Msg& msg, const char* name) {
    const auto* value = find_field(msg, name);
    if (!value) fail(ErrorCode::BadMessage, "missing field " + quoted(name));
    return *value;
}

template <class Msg>
std::string string_field(const Msg& msg, const char* name) {
    const auto& value = field(msg, name);
    if (!value.is_string()) fail(ErrorCode::BadMessage, "field " + quoted(name) + " must be a string");
    return value.template get<std::string>();
}

/// The integer value of `value` when it lies within lo..hi; `out_of_range` is the code otherwise.
template <class Value>
int int_value(const Value& value, const char* name, long long lo, long long hi, ErrorCode out_of_range,
              const std::string& range_message) {
    if (!value.is_number_integer()) fail(ErrorCode::BadMessage, "field " + quoted(name) + " must be an integer");
    bool fits = value.is_number_unsigned()  // every non-negative integer reads as unsigned
                    ? value.template get<std::uint64_t>() <= static_cast<std::uint64_t>(hi) &&
                          (lo <= 0 || value.template get<std::uint64_t>() >= static_cast<std::uint64_t>(lo))
                    : value.template get<std::int64_t>() >= lo && value.template get<std::int64_t>() <= hi;
    if (!fits) fail(out_of_range, range_message);
    return static_cast<int>(value.template get<std::int64_t>());
}

template <class Msg>
int int_field(const Msg& msg, const char* name, ErrorCode out_of_range) {
    return int_value(field(msg, name), name, std::numeric_limits<int>::min(), std::numeric_limits<int>::max(),
                     out_of_range, "field " + quoted(name) + " is out of range");
}

std::optional<int> optional_int(const json& obj, const char* name, int lo, int hi) {
    auto it = obj.find(name);
    if (it == obj.end()) return std::nullopt;
    return int_value(*it, name, lo, hi, ErrorCode::InvalidOptions,
                     "field " + quoted(name) + " must be within " + std::to_string(lo) + ".." + std::to_string(hi));
}

template <class Msg>
std::optional<bool> optional_bool(const Msg& obj, const char* name) {
    const auto* value = find_field(obj, name);
    if (!value) return std::nullopt;
    if (!value->is_boolean()) fail(ErrorCode::BadMessage, "field " + quoted(name) + " must be a boolean");
    return value->template get<bool>();
}

template <class Msg>
std::optional<std::string> optional_string(const Msg& msg, const char* name) {
    const auto* value = find_field(msg, name);
    if (!value || value->is_null()) return std::nullopt;
    if (!value->is_string()) fail(ErrorCode::BadMessage, "field " + quoted(name) + " must be a string");
    return value->template get<std::string>();
}

/// A seat number: any int (the table checks the range of its own seats).
template <class Msg>
int seat_field(const Msg& msg) {
    return int_field(msg, "seat", ErrorCode::BadSeat);
}

/// The optional robot level in field `name` (`level` of add_robot, `robot_fill_level` of the
/// options); nullopt when absent.
template <class Msg>
std::optional<platform::RobotLevel> optional_robot_level(const Msg& msg, const char* name) {
    auto text = optional_string(msg, name);
    if (!text) return std::nullopt;
    auto level = parse_robot_level(*text);
    if (!level)
        fail(ErrorCode::BadMessage,
             "field '" + std::string(name) + "' must be easy, medium, hard or expert, not " + echoed(*text));
    return level;
}

Variant variant_value(const std::string& name) {
    auto parsed = parse_variant(name);
    if (!parsed)
        fail(ErrorCode::InvalidOptions,
             "unknown variant " + echoed(name) +
                 " (available: classic, classic_announcements, coinche, decouverte, three_player)");
    return *parsed;
}

void check_target(const std::optional<int>& target) {
    if (target && *target != 301 && *target != 501 && *target != 1000)
        fail(ErrorCode::InvalidOptions, "target must be 301, 501 or 1000");
}

void check_robot_fill(const std::optional<int>& robot_fill) {
    using platform::max_turn_time_s, platform::min_turn_time_s;
    if (robot_fill && *robot_fill != 0 && (*robot_fill < min_turn_time_s || *robot_fill > max_turn_time_s))
        fail(ErrorCode::InvalidOptions, "robot_fill must be 0 (off) or " + std::to_string(min_turn_time_s) + ".." +
                                            std::to_string(max_turn_time_s) + " seconds");
}

void check_turn_time(const std::optional<int>& turn_time) {
    using platform::max_turn_time_s, platform::min_turn_time_s;
    if (turn_time && *turn_time != 0 && (*turn_time < min_turn_time_s || *turn_time > max_turn_time_s))
        fail(ErrorCode::InvalidOptions, "turn_time must be 0 (off) or " + std::to_string(min_turn_time_s) + ".." +
                                            std::to_string(max_turn_time_s) + " seconds");
}

/// Walks the UTF-8 of `text`, calling `visit(code point)` for each; returns false on invalid UTF-8.
template <class Visit>
bool each_code_point(std::string_view text, Visit&& visit) {
    for (std::size_t i = 0; i < text.size();) {
        auto b = static_cast<unsigned char>(text[i]);
        int extra = b < 0x80 ? 0 : (b & 0xE0) == 0xC0 ? 1 : (b & 0xF0) == 0xE0 ? 2 : (b & 0xF8) == 0xF0 ? 3 : -1;
        if (extra < 0 || i + extra >= text.size() + (extra == 0 ? 1 : 0)) return false;
        std::uint32_t cp = extra == 0 ? b : b & (0x3F >> extra);
        for (int k = 1; k <= extra; ++k) {
            auto c = static_cast<unsigned char>(text[i + k]);
            if ((c & 0xC0) != 0x80) return false;
            cp = (cp << 6) | (c & 0x3F);
        }
        i += 1 + extra;
        if (!visit(cp)) return true;
    }
    return true;
}

bool is_control(std::uint32_t cp) { return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F); }

/// Checks chat text: 1..max_chat_chars code points of valid UTF-8, each allowed by chat_allows (no
/// control character, a newline or tab included, no bidirectional control, line separator or
/// zero-width space). Returns the problem, or empty.
std::string chat_problem(std::string_view text) {
    std::size_t chars = 0;
    std::string problem;
    bool valid = each_code_point(text, [&](std::uint32_t cp) {
        if (is_control(cp))
            problem = "text must not contain control characters";
        else if (!chat_allows(cp))
            problem = "text must not contain direction-changing, line-separating or zero-width characters";
        ++chars;
        return problem.empty();
    });
    if (!valid) return "text is not valid UTF-8";
    if (!problem.empty()) return problem;
    if (chars == 0) return "text must not be empty";
    if (chars > max_chat_chars) return "text must be at most " + std::to_string(max_chat_chars) + " characters";
    return {};
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

Hello decode_hello(const json& msg) {
    Hello hello;
    hello.protocol = int_field(msg, "protocol", ErrorCode::UnsupportedProtocol);
    if (hello.protocol != version)
        fail(ErrorCode::UnsupportedProtocol, "protocol " + std::to_string(hello.protocol) +
                                                 " is not supported (this server speaks " + std::to_string(version) +
                                                 ")");
    auto nickname = check_nickname(string_field(msg, "nickname"), max_nickname_chars);
    if (!nickname.problem.empty()) fail(ErrorCode::BadNickname, nickname.problem);
    hello.nickname = std::move(nickname.text);  // in NFC
    hello.token = optional_string(msg, "token");
    hello.resume = decode_resume(msg);
    return hello;
}

/// `password`: a string of at most max_password_bytes bytes (bad_message otherwise).
template <class Msg>
std::string password_field(const Msg& msg) {
    std::string password = string_field(msg, "password");
    if (password.size() > max_password_bytes)
        fail(ErrorCode::BadMessage,
             "field 'password' must be at most " + std::to_string(max_password_bytes) + " bytes");
    return password;
}

/// Code points of valid UTF-8 `text` (continuation bytes not counted).
std::size_t code_points(std::string_view text) {
    std::size_t chars = 0;
    for (unsigned char c : text) chars += (c & 0xC0) != 0x80;
    return chars;
}

template <class Msg>
Register decode_register(const Msg& msg) {
    Register r;
    auto username = check_username(string_field(msg, "username"));
    if (!username.problem.empty()) fail(ErrorCode::InvalidUsername, username.problem);
    r.username = std::move(username.text);  // in NFC
    r.password = password_field(msg);
    if (code_points(r.password) < min_password_chars)
        fail(ErrorCode::WeakPassword,
             "password must be at least " + std::to_string(min_password_chars) + " characters");
    return r;
}

Login decode_login(const json& msg) {
    Login login;
    if (msg.contains("protocol")) {
        int protocol = int_field(msg, "protocol", ErrorCode::UnsupportedProtocol);
        if (protocol != version)
            fail(ErrorCode::UnsupportedProtocol, "protocol " + std::to_string(protocol) +
                                                     " is not supported (this server speaks " +
                                                     std::to_string(version) + ")");
    }
    login.username = string_field(msg, "username");
    if (login.username.size() > max_password_bytes)
        fail(ErrorCode::BadMessage,
             "field 'username' must be at most " + std::to_string(max_password_bytes) + " bytes");
    login.password = password_field(msg);
    login.resume = decode_resume(msg);
    return login;
}

platform::TableSettings decode_settings(const json& msg) {
    platform::TableSettings s;
    auto turn_time = optional_int(msg, "turn_time", 0, 100000);
    check_turn_time(turn_time);
    if (turn_time) s.turn_time_s = *turn_time;
    if (auto v = optional_bool(msg, "private")) s.private_table = *v;
    if (auto v = optional_bool(msg, "spectators")) s.spectators = *v;
    if (auto v = optional_bool(msg, "competitive")) s.competitive = *v;
    if (auto v = optional_int(msg, "stake", 0, platform::max_stake)) s.stake = *v;
    auto robot_fill = optional_int(msg, "robot_fill", 0, 100000);
    check_robot_fill(robot_fill);
    if (robot_fill) s.robot_fill_s = *robot_fill;
    if (auto level = optional_robot_level(msg, "robot_fill_level")) s.robot_fill_level = *level;
    return s;
}

CreateTable decode_create_table(const json& msg) {
    CreateTable create;
    create.variant = variant_value(string_field(msg, "variant"));
    if (auto it = msg.find("rules"); it != msg.end()) {
        auto rules = rules_from_json(*it, create.variant);
        if (auto* error = std::get_if<RulesError>(&rules)) fail(ErrorCode::InvalidOptions, error->message);
        create.rules = std::get<RuleOptions>(rules);
    }
    if (msg.contains("target")) {
        create.target = int_field(msg, "target", ErrorCode::InvalidOptions);
        check_target(create.target);
    }
    create.settings = decode_settings(msg);
    return create;
}

platform::OptionsPatch decode_patch(const json& msg) {
    const json& o = field(msg, "options");
    if (!o.is_object()) fail(ErrorCode::BadMessage, "field 'options' must be an object");
    platform::OptionsPatch patch;
    if (auto v = o.find("variant"); v != o.end()) {
        if (!v->is_string()) fail(ErrorCode::BadMessage, "field 'variant' must be a string");
        patch.variant = variant_value(v->get<std::string>());
    }
    patch.target = optional_int(o, "target", 0, 100000);
    patch.turn_time_s = optional_int(o, "turn_time", 0, 100000);
    check_target(patch.target);
    check_turn_time(patch.turn_time_s);
    patch.private_table = optional_bool(o, "private");
    patch.spectators = optional_bool(o, "spectators");
    patch.competitive = optional_bool(o, "competitive");
    patch.stake = optional_int(o, "stake", 0, platform::max_stake);
    patch.robot_fill_s = optional_int(o, "robot_fill", 0, 100000);
    check_robot_fill(patch.robot_fill_s);
    patch.robot_fill_level = optional_robot_level(o, "robot_fill_level");
    if (auto r = o.find("rules"); r != o.end()) {  // docs/rules.md §9, for the variant named with them
        if (!patch.variant) fail(ErrorCode::InvalidOptions, "field 'rules' needs 'variant' in the same options");
        auto rules = rules_from_json(*r, *patch.variant);
        if (auto* error = std::get_if<RulesError>(&rules)) fail(ErrorCode::InvalidOptions, error->message);
        patch.rules = std::get<RuleOptions>(rules);
    }
    return patch;
}

/// `declare` (docs/rules.md §3.2, melds = manual): the announced cards.
platform::Act declare_of(const json& msg) {
    const json& cards = field(msg, "cards");
    if (!cards.is_array() || cards.size() > deck_size)
        fail(ErrorCode::BadMessage, "field 'cards' must be an array of cards");
    CardSet set;
    for (const json& text : cards) {
        auto c = text.is_string() ? parse_card(text.get_ref<const std::string&>()) : std::nullopt;
        if (!c || set.contains(*c))
            fail(ErrorCode::BadMessage, "field 'cards' must list distinct cards such as \"JS\"");
        set.insert(*c);
    }
    return {Action::declare(set)};
}

template <class Msg>
platform::Act act_of(std::string_view type, const Msg& msg) {
    if (type == "take") return {Action::take()};
    if (type == "pass") return {Action::pass()};
    if (type == "name") {
        auto suit = parse_suit(string_field(msg, "suit"));
        if (!suit) fail(ErrorCode::BadMessage, "field 'suit' must be one of \"S\", \"H\", \"D\", \"C\"");
        return {Action::name_suit(*suit)};
    }
    if (type == "play") {
        auto card = parse_card(string_field(msg, "card"));
        if (!card) fail(ErrorCode::BadMessage, "field 'card' must be a card such as \"JS\"");
        BeloteCall words = BeloteCall::None;  // docs/rules.md §2.5, manual belote modes
        if (auto said = optional_string(msg, "belote")) {
            if (*said == "belote")
                words = BeloteCall::Belote;
            else if (*said == "rebelote")
                words = BeloteCall::Rebelote;
            else
                fail(ErrorCode::BadMessage, "field 'belote' must be \"belote\" or \"rebelote\"");
        }
        return {Action::play(*card, words)};
    }
    if constexpr (std::is_same_v<Msg, json>) {
        if (type == "declare") return declare_of(msg);
        auto action = bid_action_from_json(msg);  // bid, contre, surcontre
        if (auto* problem = std::get_if<std::string>(&action)) fail(ErrorCode::BadMessage, *problem);
        return {std::get<Action>(action)};
    } else {
        if (type == "contre") return {Action::contre()};
        return {Action::surcontre()};  // FlatMessage carries no bid nor declare (needs_tree)
    }
}

/// The request of a table message `type`, or nullopt when `type` is not one.
template <class Msg>
std::optional<platform::TableRequest> table_request(std::string_view type, const Msg& msg) {
    using namespace platform;
    if (type == "sit") return Sit{seat_field(msg), optional_string(msg, "invite")};
    if (type == "add_robot")
        return AddRobot{seat_field(msg), optional_robot_level(msg, "level").value_or(platform::RobotLevel::Easy)};
    if (type == "remove_robot") return RemoveRobot{seat_field(msg)};
    if (type == "start") return Start{};
    if (type == "take" || type == "pass" || type == "name" || type == "play" || type == "declare" || type == "bid" ||
        type == "contre" || type == "surcontre")
        return act_of(type, msg);
    if (type == "get_record") return GetRecord{optional_string(msg, "invite")};
    if constexpr (std::is_same_v<Msg, json>)
        if (type == "set_options") return SetOptions{decode_patch(msg)};
    if (type == "stand") return Stand{};
    if (type == "propose_cancel") return ProposeCancel{};
    if (type == "vote_cancel") {
        auto accept = optional_bool(msg, "accept");
        if (!accept) fail(ErrorCode::BadMessage, "missing field 'accept'");
        return VoteCancel{*accept};
    }
    if (type == "watch") return Watch{optional_string(msg, "invite")};
    if (type == "chat") {
        if (find_field(msg, "phrase")) {
            if (find_field(msg, "text")) fail(ErrorCode::BadChat, "a chat message has a text or a phrase, not both");
            std::string key = string_field(msg, "phrase");
            auto said = chat_phrase_text(key);
            if (!said)
                fail(ErrorCode::BadChat,
                     "phrase must be one of well_played, thanks, oops, good_game, smile, heart, star");
            return Chat{std::string(*said), std::move(key)};
        }
        std::string text = string_field(msg, "text");
        if (auto problem = chat_problem(text); !problem.empty()) fail(ErrorCode::BadChat, problem);
        return Chat{std::move(text), std::nullopt};
    }
    if (type == "renew_invite") return RenewInvite{};
    if (type == "ready") {
        auto ready = optional_bool(msg, "ready");
        return Ready{ready.value_or(true)};
    }
    return std::nullopt;
}

bool is_table_type(std::string_view type) {
    static constexpr std::string_view types[] = {
        "sit",   "add_robot",      "remove_robot", "start",  "take",      "declare",      "pass",
        "name",  "play",           "bid",          "contre", "surcontre", "get_record",   "set_options",
        "stand", "propose_cancel", "vote_cancel",  "watch",  "chat",      "renew_invite", "ready"};
    for (std::string_view t : types)
        if (type == t) return true;
    return false;
}

/// `list_tables` with its optional paging and filter fields.
template <class Msg>
ListTables decode_list_tables(const Msg& msg) {
    ListTables list;
    if (const auto* size = find_field(msg, "page_size"); size && !size->is_null())
        list.page_size = int_value(*size, "page_size", 1, max_lobby_page, ErrorCode::BadMessage,
                                   "field 'page_size' must be within 1.." + std::to_string(max_lobby_page));
    if (auto cursor = optional_string(msg, "cursor")) {
        std::uint64_t value = 0;
        const char* end = cursor->data() + cursor->size();
        auto [ptr, ec] = std::from_chars(cursor->data(), end, value);
        if (cursor->empty() || ec != std::errc() || ptr != end)
            fail(ErrorCode::BadMessage, "field 'cursor' must be the 'next' of a list_tables reply");
        list.cursor = value;
    }
    if (auto variant = optional_string(msg, "variant")) list.variant = variant_value(*variant);
    if (const auto* seats = find_field(msg, "free_seats"); seats && !seats->is_null())
        list.free_seats =
            int_value(*seats, "free_seats", 0, 4, ErrorCode::BadMessage, "field 'free_seats' must be within 0..4");
    return list;
}

/// `history` with its optional `cursor` (a previous reply's `next`) and `limit`.
template <class Msg>
History decode_history(const Msg& msg) {
    History history;
    if (const auto* limit = find_field(msg, "limit"); limit && !limit->is_null())
        history.limit = int_value(*limit, "limit", 1, max_history_page, ErrorCode::BadMessage,
                                  "field 'limit' must be within 1.." + std::to_string(max_history_page));
    if (auto cursor = optional_string(msg, "cursor")) {
        std::int64_t value = 0;
        const char* end = cursor->data() + cursor->size();
        auto [ptr, ec] = std::from_chars(cursor->data(), end, value);
        if (cursor->empty() || ec != std::errc() || ptr != end || value <= 0)
            fail(ErrorCode::BadMessage, "field 'cursor' must be the 'next' of a history reply");
        history.cursor = value;
    }
    return history;
}

/// `get_record` naming a `match` (the store's record) rather than a `table`.
template <class Msg>
GetMatchRecord decode_match_record(const Msg& msg) {
    if (const auto* table = find_field(msg, "table"); table && !table->is_null())
        fail(ErrorCode::BadMessage, "get_record takes 'table' or 'match', not both");
    std::string match = string_field(msg, "match");
    if (match.empty() || match.size() > max_match_id_chars)
        fail(ErrorCode::BadMessage,
             "field 'match' must be a match id of 1.." + std::to_string(max_match_id_chars) + " characters");
    return GetMatchRecord{std::move(match)};
}

/// `profile` with `player` (an id) or `username`, or neither.
template <class Msg>
GetProfile decode_profile(const Msg& msg) {
    GetProfile profile;
    profile.player = optional_string(msg, "player");
    profile.username = optional_string(msg, "username");
    if (profile.player && profile.username)
        fail(ErrorCode::BadMessage, "profile takes 'player' or 'username', not both");
    for (const auto* field : {&profile.player, &profile.username})
        if (*field && (field->value().empty() || field->value().size() > max_match_id_chars))
            fail(ErrorCode::BadMessage,
                 "fields 'player' and 'username' must be 1.." + std::to_string(max_match_id_chars) + " characters");
    return profile;
}

/// `leaderboard` with `kind`, `variant` (for "rating"), `period` and `page`.
template <class Msg>
GetLeaderboard decode_leaderboard(const Msg& msg) {
    GetLeaderboard board;
    const auto kind = string_field(msg, "kind");
    if (kind != "xp" && kind != "rating") fail(ErrorCode::BadMessage, "field 'kind' must be \"xp\" or \"rating\"");
    board.rating = kind == "rating";
    if (!board.rating && find_field(msg, "variant"))
        fail(ErrorCode::BadMessage, "an XP leaderboard ranks every variant: 'variant' is for kind \"rating\" only");
    if (auto variant = optional_string(msg, "variant")) {
        board.variant = parse_variant(*variant);
        if (!board.variant) fail(ErrorCode::BadMessage, "unknown variant " + echoed(*variant));
    }
    if (board.rating && !board.variant) fail(ErrorCode::BadMessage, "a rating leaderboard needs a 'variant'");
    // Absent: all time. Present, it names a period (null is not one).
    std::string period = "all";
    if (const auto* value = find_field(msg, "period")) {
        if (!value->is_string()) fail(ErrorCode::BadMessage, "field 'period' must be \"all\" or \"week\"");
        period = value->template get<std::string>();
    }
    if (period != "all" && period != "week") fail(ErrorCode::BadMessage, "field 'period' must be \"all\" or \"week\"");
    board.week = period == "week";
    if (const auto* page = find_field(msg, "page"); page && !page->is_null())
        board.page = int_value(*page, "page", 0, max_leaderboard_page, ErrorCode::BadMessage,
                               "field 'page' must be within 0.." + std::to_string(max_leaderboard_page));
    return board;
}

template <class Msg>
Command decode_command(std::string_view type, const Msg& msg) {
    if constexpr (std::is_same_v<Msg, json>) {
        if (type == "hello") return decode_hello(msg);
        if (type == "create_table") return decode_create_table(msg);
        if (type == "login") return decode_login(msg);
    }
    if (type == "list_tables") return decode_list_tables(msg);
    if (type == "register") return decode_register(msg);
    if (type == "logout") return Logout{};
    if (type == "history") return decode_history(msg);
    if (type == "profile") return decode_profile(msg);
    if (type == "leaderboard") return decode_leaderboard(msg);
    if (type == "get_record")
        if (const auto* match = find_field(msg, "match"); match && !match->is_null()) return decode_match_record(msg);
    if (!is_table_type(type)) fail(ErrorCode::UnknownType, "unknown message type " + echoed(type));
    std::string table = string_field(msg, "table");
    return TableCommand{std::move(table), *table_request(type, msg)};
}

/// One top-level value of a flat message, answering the JSON-tree questions the helpers ask.
class FlatValue {
public:
    enum class Kind : std::uint8_t { Null, Boolean, Integer, Unsigned, Float, String };
    Kind kind = Kind::Null;
    bool boolean = false;
    std::int64_t integer = 0;
    std::uint64_t unsigned_integer = 0;
    std::string text;

    bool is_null() const { return kind == Kind::Null; }
    bool is_boolean() const { return kind == Kind::Boolean; }
    bool is_string() const { return kind == Kind::String; }
    bool is_number_unsigned() const { return kind == Kind::Unsigned; }
    bool is_number_integer() const { return kind == Kind::Integer || kind == Kind::Unsigned; }
    template <class T>
    T get() const {
        if constexpr (std::is_same_v<T, bool>)
            return boolean;
        else if constexpr (std::is_same_v<T, std::string>)
            return text;
        else if constexpr (std::is_same_v<T, std::uint64_t>)
            return kind == Kind::Unsigned ? unsigned_integer : static_cast<std::uint64_t>(integer);
        else
            return kind == Kind::Unsigned ? static_cast<std::int64_t>(unsigned_integer) : integer;
    }
};

/// A JSON object whose members are all scalars (every request a player sends during play),
/// read by nlohmann's SAX parser without building a tree. Anything else (nesting, too many members,
/// a top level that is not an object, a syntax error) makes `read` fail: the caller then decodes
/// the text as a tree, which gives the exact error.
class FlatMessage final : public nlohmann::json_sax<json> {
public:
    static constexpr std::size_t max_members = 12;

    /// Reads `text`; false when it is not a flat object.
    bool read(std::string_view text) { return json::sax_parse(text, this) && object_done_; }

    /// The member named `name` (the last one when a name repeats, as in a JSON tree), or null.
    const FlatValue* find(std::string_view name) const {
        for (std::size_t i = 0; i < count_; ++i)
            if (names_[i] == name) return &values_[i];
        return nullptr;
    }

    bool null() override { return store(FlatValue::Kind::Null); }
    bool boolean(bool b) override {
        if (!store(FlatValue::Kind::Boolean)) return false;
        values_[current_].boolean = b;
        return true;
    }
    bool number_integer(std::int64_t n) override {
        if (!store(FlatValue::Kind::Integer)) return false;
        values_[current_].integer = n;
        return true;
    }
    bool number_unsigned(std::uint64_t n) override {
        if (!store(FlatValue::Kind::Unsigned)) return false;
        values_[current_].unsigned_integer = n;
        return true;
    }
    bool number_float(double, const std::string&) override { return store(FlatValue::Kind::Float); }
    bool string(std::string& text) override {
        if (!store(FlatValue::Kind::String)) return false;
        values_[current_].text.swap(text);
        return true;
    }
    bool binary(json::binary_t&) override { return false; }
    bool start_object(std::size_t) override { return depth_++ == 0; }
    bool key(std::string& name) override {
        for (current_ = 0; current_ < count_ && names_[current_] != name; ++current_) {}
        if (current_ == count_) {
            if (count_ == max_members) return false;
            names_[count_++].swap(name);
        }
        return true;
    }
    bool end_object() override {
        object_done_ = true;
        return true;
    }
    bool start_array(std::size_t) override { return false; }
    bool end_array() override { return false; }
    bool parse_error(std::size_t, const std::string&, const nlohmann::detail::exception&) override { return false; }

private:
    bool store(FlatValue::Kind kind) {
        if (depth_ != 1) return false;  // a top-level scalar
        values_[current_].kind = kind;
        return true;
    }
    std::array<std::string, max_members> names_;
    std::array<FlatValue, max_members> values_;
    std::size_t count_ = 0;
    std::size_t current_ = 0;
    int depth_ = 0;
    bool object_done_ = false;
};

/// The message types whose fields may nest (they are decoded from a tree).
bool needs_tree(std::string_view type) {
    return type == "hello" || type == "login" || type == "create_table" || type == "set_options" || type == "bid" ||
           type == "declare";
}

/// The request id of a message, or a DecodeError (docs/protocol.md: an integer or a string).
template <class Value>
std::optional<RequestId> id_of(const Value* value) {
    if (!value) return std::nullopt;
    if (value->is_string()) {
        auto text = value->template get<std::string>();
        std::size_t chars = 0;  // code points: UTF-8 bytes that do not continue a sequence
        for (unsigned char c : text) chars += (c & 0xC0) != 0x80;
        if (chars > max_request_id_chars) return std::nullopt;
        return RequestId{std::move(text)};
    }
    if (value->is_number_integer() &&
        !(value->is_number_unsigned() &&
          value->template get<std::uint64_t>() > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())))
        return RequestId{value->template get<std::int64_t>()};
    return std::nullopt;
}

/// Decodes a message once it is known to be a JSON object (`msg`: a tree or a flat message).
template <class Msg>
Decoded decode_object(const Msg& msg) {
    RequestId id;
    try {
        const auto* id_value = find_field(msg, "id");
        if (!id_value) return DecodeError{{}, ErrorCode::BadMessage, "missing field 'id'"};
        auto parsed = id_of(id_value);
        if (!parsed)
            return DecodeError{{},
                               ErrorCode::BadMessage,
                               "field 'id' must be an integer or a string of at most " +
                                   std::to_string(max_request_id_chars) + " characters"};
        id = std::move(*parsed);
        std::string type = string_field(msg, "type");
        return Request{id, decode_command(type, msg)};
    } catch (const Failure& f) {
        return DecodeError{id, f.code, f.message};
    }
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

}  // namespace

std::string nickname_problem(std::string_view nickname) { return check_nickname(nickname, max_nickname_chars).problem; }

Decoded decode_request(std::string_view text) noexcept {
    RequestId id;
    try {
        if (too_deep(text))
            return DecodeError{{},
                               ErrorCode::BadJson,
                               "the message nests arrays/objects deeper than " + std::to_string(max_json_depth)};
        FlatMessage flat;
        if (flat.read(text)) {
            const FlatValue* type = flat.find("type");
            if (!(type && type->is_string() && needs_tree(type->text))) return decode_object(flat);
        }
        json msg = json::parse(text, nullptr, /*allow_exceptions=*/false);
        if (msg.is_discarded()) return DecodeError{{}, ErrorCode::BadJson, "the message is not valid JSON"};
        if (!msg.is_object()) return DecodeError{{}, ErrorCode::BadJson, "the message is not a JSON object"};
        return decode_object(msg);
    } catch (const std::exception& e) {
        return DecodeError{id, ErrorCode::BadMessage, std::string("malformed message: ") + e.what()};
    } catch (...) {
        return DecodeError{id, ErrorCode::Internal, "could not decode the message"};
    }
}

}  // namespace belote::protocol
