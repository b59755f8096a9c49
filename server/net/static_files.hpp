#pragma once
// Mapping of URL paths to files under the web root. Pure functions, no I/O except
// resolve_static_path's filesystem look-ups.

#include <filesystem>
#include <optional>
#include <string_view>

namespace belote::net {

/// MIME type (with charset for text types) for a file name, from its extension
/// (case-insensitive). Unknown extensions give "application/octet-stream".
std::string_view mime_type(std::string_view file_name);

/// Outcome of mapping a request path to the web root.
struct StaticPath {
    enum class Kind {
        file,       ///< `path` is a regular file under the web root
        directory,  ///< a directory requested without trailing '/': redirect to add it
        not_found,  ///< nothing there (or a hidden file)
        forbidden,  ///< the path tries to leave the web root or is malformed
    };
    Kind kind;
    std::filesystem::path path;  ///< set for Kind::file
};

/// Maps the path part of a request target (no query string) to a file under `web_root`
/// (which must be canonical). "/" and paths ending in '/' map to index.html.
///
/// Refused as `forbidden`: paths not starting with '/', containing "..", ".", backslashes, NUL
/// or '%' (no percent-decoding is done, so encoded traversal cannot slip through), and any path
/// whose canonical form lies outside `web_root` (e.g. through a symlink).
/// Hidden names (starting with '.') are `not_found`.
StaticPath resolve_static_path(const std::filesystem::path& web_root, std::string_view url_path);

}  // namespace belote::net
