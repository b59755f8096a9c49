#include "server/ops/data_dir.hpp"

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <system_error>

namespace belote::ops {

std::optional<std::string> prepare_data_dir(const std::string& dir) {
    namespace fs = std::filesystem;
    if (dir.empty()) return "data dir: empty path";
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) return "data dir '" + dir + "': cannot create: " + ec.message();
    if (!fs::is_directory(dir, ec)) return "data dir '" + dir + "': not a directory";
    const fs::path probe = fs::path(dir) / (".write-test-" + std::to_string(::getpid()));
    {
        std::ofstream out(probe);
        if (!out) return "data dir '" + dir + "': not writable by this user";
    }
    fs::remove(probe, ec);
    return std::nullopt;
}

}  // namespace belote::ops
