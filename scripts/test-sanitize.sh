#!/usr/bin/env bash
# Builds the unit and table-core tests and the end-to-end test (BELOTE_TEST_SCOPE=core, see
# tests/CMakeLists.txt) with AddressSanitizer + UndefinedBehaviorSanitizer (-DBELOTE_SANITIZE=ON,
# -O1) in build-sanitize/ and runs them with ctest. Any ASan/UBSan report fails the test that
# triggered it (UBSan is built with -fno-sanitize-recover). Called by .ci/run after
# scripts/test.sh. BUILD_DIR overrides the build directory; BELOTE_TEST_SCOPE=all runs everything.
set -euo pipefail
cd "$(dirname "$0")/.."

build_dir="${BUILD_DIR:-build-sanitize}"
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Sanitize -DCMAKE_CXX_FLAGS_SANITIZE="-O1 -g1" \
  -DBELOTE_SANITIZE=ON -DBELOTE_TEST_SCOPE="${BELOTE_TEST_SCOPE:-core}" >/dev/null
cmake --build "$build_dir" --target belote_tests belote_ai_tests belote-server belote

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
# Sanitized code runs 2-5x slower: give each test more time than the normal build's 120 s.
# -LE ai_heavy: the robots at full strength (tests/ai/CMakeLists.txt) are left to the normal build.
ctest --test-dir "$build_dir" --output-on-failure -j "$(nproc)" --timeout 600 -LE ai_heavy
