#pragma once
// The data directory (Config::data_dir): created at start-up and checked to be writable.

#include <optional>
#include <string>

namespace belote::ops {

/// Creates `dir` (and its parents) if missing and checks that files can be created in it.
/// Returns nullopt on success, otherwise a message naming the directory and the problem.
/// Nothing is stored there yet (docs/operations.md): this makes a misconfigured volume fail at
/// start-up instead of later.
std::optional<std::string> prepare_data_dir(const std::string& dir);

}  // namespace belote::ops
