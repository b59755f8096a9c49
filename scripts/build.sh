#!/usr/bin/env bash
# Configures (CMake + Ninja, RelWithDebInfo) into build/ and builds everything.
# Extra arguments go to the configure step, e.g. scripts/build.sh -DBELOTE_TEST_SCOPE=core
# BUILD_DIR overrides the build directory; BUILD_TARGET builds one target only (default: all).
set -euo pipefail
cd "$(dirname "$0")/.."

build_dir="${BUILD_DIR:-build}"
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "$@"
cmake --build "$build_dir" ${BUILD_TARGET:+--target "$BUILD_TARGET"}
