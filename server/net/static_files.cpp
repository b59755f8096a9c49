#include "server/net/static_files.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>
#include <system_error>
#include <utility>

namespace belote::net {

namespace {

bool iequals(std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

/// True if `inner` is `outer` or lies below it (both canonical).
bool is_within(const std::filesystem::path& outer, const std::filesystem::path& inner) {
    auto [o, i] = std::mismatch(outer.begin(), outer.end(), inner.begin(), inner.end());
    return o == outer.end();
}

}  // namespace

std::string_view mime_type(std::string_view file_name) {
    static constexpr std::array<std::pair<std::string_view, std::string_view>, 17> types{{
        {".html", "text/html; charset=utf-8"},
        {".htm", "text/html; charset=utf-8"},
        {".js", "text/javascript; charset=utf-8"},
        {".mjs", "text/javascript; charset=utf-8"},
        {".css", "text/css; charset=utf-8"},
        {".json", "application/json"},
        {".map", "application/json"},
        {".txt", "text/plain; charset=utf-8"},
        {".svg", "image/svg+xml"},
        {".png", "image/png"},
        {".jpg", "image/jpeg"},
        {".jpeg", "image/jpeg"},
        {".gif", "image/gif"},
        {".webp", "image/webp"},
        {".ico", "image/x-icon"},
        {".woff2", "font/woff2"},
        {".webmanifest", "application/manifest+json"},
    }};
    const auto dot = file_name.rfind('.');
    if (dot == std::string_view::npos) return "application/octet-stream";
    const auto ext = file_name.substr(dot);
    for (const auto& [e, type] : types) {
        if (iequals(e, ext)) return type;
    }
    return "application/octet-stream";
}

StaticPath resolve_static_path(const std::filesystem::path& web_root, std::string_view url_path) {
    using Kind = StaticPath::Kind;
    if (url_path.empty() || url_path.front() != '/') return {Kind::forbidden, {}};
    if (url_path.find_first_of(std::string_view("\\%\0", 3)) != std::string_view::npos) {
        return {Kind::forbidden, {}};
    }

    std::filesystem::path relative;
    std::string_view rest = url_path.substr(1);
    while (!rest.empty()) {
        const auto slash = rest.find('/');
        const auto segment = rest.substr(0, slash);
        rest = slash == std::string_view::npos ? std::string_view{} : rest.substr(slash + 1);
        if (segment.empty()) continue;  // "//"
        if (segment == "." || segment == "..") return {Kind::forbidden, {}};
        if (segment.front() == '.') return {Kind::not_found, {}};
        relative /= std::string(segment);
    }
    const bool wants_directory = url_path.back() == '/';
    if (wants_directory) relative /= "index.html";

    std::error_code ec;
    const auto canonical = std::filesystem::canonical(web_root / relative, ec);
    if (ec) return {Kind::not_found, {}};
    if (!is_within(web_root, canonical)) return {Kind::forbidden, {}};

    const auto status = std::filesystem::status(canonical, ec);
    if (ec) return {Kind::not_found, {}};
    if (std::filesystem::is_directory(status)) {
        return wants_directory ? StaticPath{Kind::not_found, {}} : StaticPath{Kind::directory, {}};
    }
    if (!std::filesystem::is_regular_file(status)) return {Kind::not_found, {}};
    return {Kind::file, canonical};
}

}  // namespace belote::net
