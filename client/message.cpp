#include "client/message.hpp"

namespace belote::client {

namespace {

const nlohmann::json* field(const nlohmann::json& j, const char* key) {
    const auto it = j.find(key);
    return it == j.end() ? nullptr : &*it;
}

std::optional<int> int_field(const nlohmann::json& j, const char* key) {
    const auto* f = field(j, key);
    if (!f || !f->is_number_integer()) return std::nullopt;
    return f->get<int>();
}

std::string string_field(const nlohmann::json& j, const char* key) {
    const auto* f = field(j, key);
    return f && f->is_string() ? f->get<std::string>() : std::string();
}

/// A snapshot's `view` object, or nullptr.
const nlohmann::json* view_of(const nlohmann::json& j, const std::string& type) {
    if (type != "snapshot") return nullptr;
    const auto* view = field(j, "view");
    return view && view->is_object() ? view : nullptr;
}

}  // namespace

Message Message::parse(std::string_view text) {
    nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded()) throw ProtocolError("server message is not JSON: " + std::string(text.substr(0, 200)));
    return Message(std::move(j));
}

Message::Message(nlohmann::json body) : body_(std::move(body)) {
    if (!body_.is_object()) throw ProtocolError("server message is not an object: " + body_.dump().substr(0, 200));
    const auto* type = field(body_, "type");
    if (!type || !type->is_string())
        throw ProtocolError("server message without a type: " + body_.dump().substr(0, 200));
    type_ = type->get<std::string>();
    kind_ = type_ == "ok" ? MessageKind::ok : type_ == "error" ? MessageKind::error : MessageKind::event;
}

std::optional<RequestId> Message::id() const {
    if (!is_reply()) return std::nullopt;
    const auto* id = field(body_, "id");
    return id ? id_from_json(*id) : std::nullopt;
}

bool Message::replies_to(const RequestId& id) const {
    const auto mine = this->id();
    return mine && *mine == id;
}

std::string Message::error_code() const { return is_error() ? string_field(body_, "code") : std::string(); }

std::string Message::error_message() const { return is_error() ? string_field(body_, "message") : std::string(); }

std::optional<std::string> Message::table() const {
    const auto* t = field(body_, "table");
    if (!t || !t->is_string()) return std::nullopt;
    return t->get<std::string>();
}

std::optional<std::int64_t> Message::v() const {
    const auto* v = field(body_, "v");
    if (!v || !v->is_number_integer()) return std::nullopt;
    return v->get<std::int64_t>();
}

std::optional<int> Message::seat() const {
    if (const auto* view = view_of(body_, type_)) return int_field(*view, "seat");
    return int_field(body_, "seat");
}

bool Message::has_legal() const {
    const nlohmann::json* legal = nullptr;
    if (type_ == "turn") legal = field(body_, "legal");
    if (const auto* view = view_of(body_, type_)) legal = field(*view, "legal");
    return legal && legal->is_array() && !legal->empty();
}

std::vector<Action> Message::legal() const {
    const nlohmann::json* legal = nullptr;
    if (type_ == "turn") legal = field(body_, "legal");
    if (const auto* view = view_of(body_, type_)) legal = field(*view, "legal");
    std::vector<Action> out;
    if (!legal || !legal->is_array()) return out;
    out.reserve(legal->size());
    for (const auto& a : *legal) out.push_back(action_from_json(a));
    return out;
}

std::optional<int> Message::to_act() const {
    if (type_ == "turn") return int_field(body_, "seat");
    if (const auto* view = view_of(body_, type_)) return int_field(*view, "to_act");
    return std::nullopt;
}

std::optional<std::vector<std::string>> Message::hand() const {
    const nlohmann::json* hand = nullptr;
    if (type_ == "deal_started" || type_ == "contract") hand = field(body_, "hand");
    if (const auto* view = view_of(body_, type_)) hand = field(*view, "hand");
    if (!hand || !hand->is_array()) return std::nullopt;
    std::vector<std::string> cards;
    cards.reserve(hand->size());
    for (const auto& c : *hand) {
        if (!c.is_string()) throw ProtocolError("a hand entry is not a card: " + c.dump());
        cards.push_back(c.get<std::string>());
    }
    return cards;
}

}  // namespace belote::client
