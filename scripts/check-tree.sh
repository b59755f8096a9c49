#!/usr/bin/env bash
# Checks of the tree itself, run first by scripts/test.sh:
#   - every tracked C++ file is formatted by clang-format with the repository's .clang-format
#     (`clang-format -i FILE` fixes one);
#   - no tracked file refers to anything outside the repository (a path above it, a developer's
#     machine);
#   - nothing under server/ includes nlohmann_json (all JSON lives in protocol/; the build refuses it
#     too, this names the file).
set -euo pipefail
cd "$(dirname "$0")/.."
mapfile -t files < <(git ls-files '*.cpp' '*.hpp')
clang-format --dry-run --Werror "${files[@]}"
echo "clang-format: ${#files[@]} files formatted"

outside='\.\./shared|/work/|/home/|RULES\.md|DESIGN\.md'
if git grep -n -I -E "$outside" -- . ':!scripts/check-tree.sh'; then
  echo "the lines above refer to something outside the repository" >&2
  exit 1
fi
if git grep -n -E '#include <nlohmann' -- server; then
  echo "server/ must not include nlohmann_json: JSON belongs in protocol/" >&2
  exit 1
fi
echo "tree: no reference outside the repository, no JSON under server/"
