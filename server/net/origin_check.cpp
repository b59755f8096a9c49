#include "server/net/origin_check.hpp"

#include <algorithm>
#include <cctype>

namespace belote::net {

namespace {

std::string lower(std::string_view text) {
    std::string out(text);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

/// `authority` without the default port of `scheme` (":80" for http, ":443" for https).
std::string_view without_default_port(std::string_view authority, std::string_view scheme) {
    const std::string_view port = scheme == "https" ? ":443" : ":80";
    if (authority.ends_with(port)) authority.remove_suffix(port.size());
    return authority;
}

}  // namespace

bool origin_allowed(std::string_view origin, std::string_view host, const std::vector<std::string>& allowed) {
    if (origin.empty()) return true;
    const std::string o = lower(origin);
    if (std::find(allowed.begin(), allowed.end(), o) != allowed.end()) return true;
    const auto sep = o.find("://");
    if (sep == std::string::npos || host.empty()) return false;
    const std::string_view scheme = std::string_view(o).substr(0, sep);
    if (scheme != "http" && scheme != "https") return false;
    const std::string h = lower(host);
    return without_default_port(std::string_view(o).substr(sep + 3), scheme) == without_default_port(h, scheme);
}

}  // namespace belote::net
