#!/usr/bin/env bash
# Builds the unit and table-core tests and the end-to-end test (BELOTE_TEST_SCOPE=core, see
# tests/CMakeLists.txt) with AddressSanitizer + UndefinedBehaviorSanitizer in build-sanitize/, the
# instrumented build scripts/fuzz.sh has already compiled the libraries in
# (scripts/lib/instrumented-build.sh: clang, -O1), and runs them with ctest. Any ASan/UBSan report
# fails the test that triggered it (UBSan is built with -fno-sanitize-recover). Called by .ci/run
# after scripts/test.sh. INSTRUMENTED_BUILD_DIR overrides the build directory; BELOTE_TEST_SCOPE=all
# runs everything (in a build directory of its own: a change of scope reconfigures).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/instrumented-build.sh

build_dir="$instrumented_build_dir"
configure_instrumented_build
cmake --build "$build_dir" --target belote_tests belote_ai_tests belote-server belote

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
# Sanitized code runs 2-5x slower: give each test more time than the normal build's 120 s.
# -LE ai_heavy: the robots at full strength (tests/ai/CMakeLists.txt) are left to the normal build.
ctest --test-dir "$build_dir" --output-on-failure -j "$(nproc)" --timeout 600 -LE ai_heavy
