# Sourced by scripts/fuzz.sh and scripts/test-sanitize.sh, which share one instrumented build so
# that CI compiles the tree once for both: clang at -O1 -g1 with -DBELOTE_FUZZ=ON (every library
# built with -fsanitize=fuzzer-no-link,address,undefined and -fno-sanitize-recover=undefined), the
# libFuzzer targets and the core tests (BELOTE_TEST_SCOPE, default core: tests/CMakeLists.txt).
# The same arguments from both scripts keep CMake from reconfiguring and rebuilding everything.
#
#   configure_instrumented_build      configures $instrumented_build_dir
#
# INSTRUMENTED_BUILD_DIR (default build-sanitize) is the directory; INSTRUMENTED_CXX and
# INSTRUMENTED_CC (default clang++, clang) the compilers.
instrumented_build_dir="${INSTRUMENTED_BUILD_DIR:-build-sanitize}"
configure_instrumented_build() {
  cmake -S . -B "$instrumented_build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Sanitize \
    -DCMAKE_CXX_FLAGS_SANITIZE="-O1 -g1" -DCMAKE_C_FLAGS_SANITIZE="-O1 -g1" \
    -DCMAKE_CXX_COMPILER="${INSTRUMENTED_CXX:-clang++}" -DCMAKE_C_COMPILER="${INSTRUMENTED_CC:-clang}" \
    -DBELOTE_FUZZ=ON -DBELOTE_TEST_SCOPE="${BELOTE_TEST_SCOPE:-core}" >/dev/null
}
