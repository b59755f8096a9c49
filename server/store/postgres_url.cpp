#include "server/store/postgres_url.hpp"

namespace belote::store {

namespace {

constexpr std::string_view hidden = "***";

/// Hides the password of user information ("user:password" -> "user:***").
std::string without_password(std::string_view user_info) {
    const auto colon = user_info.find(':');
    if (colon == std::string_view::npos) return std::string(user_info);
    return std::string(user_info.substr(0, colon + 1)) + std::string(hidden);
}

/// Hides the value of every `password=` parameter of a query ("a=1&password=x").
std::string without_password_parameter(std::string_view query) {
    std::string out;
    while (!query.empty()) {
        const auto amp = query.find('&');
        auto parameter = query.substr(0, amp);
        if (parameter.starts_with("password="))
            out += "password=" + std::string(hidden);
        else
            out += parameter;
        if (amp == std::string_view::npos) break;
        out += '&';
        query.remove_prefix(amp + 1);
    }
    return out;
}

}  // namespace

bool is_postgres_url(std::string_view store) {
    return store.starts_with("postgres://") || store.starts_with("postgresql://");
}

std::string redacted_url(std::string_view url) {
    const auto scheme_end = url.find("://");
    if (scheme_end == std::string_view::npos) return std::string(hidden);
    std::string out(url.substr(0, scheme_end + 3));
    auto rest = url.substr(scheme_end + 3);
    // The user information ends at the last '@': a password holding '@', '/' or '?' stays hidden
    // whole (an '@' further on hides more than needed, never less).
    if (const auto at = rest.rfind('@'); at != std::string_view::npos) {
        out += without_password(rest.substr(0, at));
        rest.remove_prefix(at);
    }
    const auto question = rest.find('?');
    out += rest.substr(0, question);
    if (question != std::string_view::npos) out += "?" + without_password_parameter(rest.substr(question + 1));
    return out;
}

}  // namespace belote::store
