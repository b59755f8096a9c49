#!/usr/bin/env bash
# Builds the libFuzzer targets of tests/fuzz in the instrumented build that scripts/test-sanitize.sh
# also uses (clang, -fsanitize=fuzzer-no-link,address,undefined: scripts/lib/instrumented-build.sh)
# and runs each one from its seed corpus (tests/fuzz/corpus/<target minus "fuzz_">).
#
#   scripts/fuzz.sh                       every target, a fixed number of inputs (what scripts/test.sh
#                                         does): fuzz_decode 20000, fuzz_match 3000, fuzz_game 1000
#                                         (the last two play whole matches per input: ~75 and ~20
#                                         inputs/s under ASan at -O1 on this 2-core machine)
#   scripts/fuzz.sh --runs 100000         every target, 100000 runs each
#   scripts/fuzz.sh --time 600 fuzz_game  one target for 10 minutes
#
# New inputs go to a scratch corpus under the build dir (the checked-in seeds are not modified);
# a crash leaves crash-* files in the current directory and makes this script fail.
# INSTRUMENTED_BUILD_DIR (default build-sanitize) is the build directory.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/instrumented-build.sh

runs=""
time_limit=""
targets=()
while (($#)); do
  case "$1" in
    --runs) runs="$2"; shift 2 ;;
    --time) time_limit="$2"; shift 2 ;;
    -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
    *) targets+=("$1"); shift ;;
  esac
done
((${#targets[@]})) || targets=(fuzz_decode fuzz_match fuzz_game)

build_dir="$instrumented_build_dir"
configure_instrumented_build
cmake --build "$build_dir" --target "${targets[@]}"

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
for t in "${targets[@]}"; do
  seeds="tests/fuzz/corpus/${t#fuzz_}"
  work="$build_dir/corpus/${t#fuzz_}"
  mkdir -p "$work"
  declare -A default_runs=([fuzz_decode]=20000 [fuzz_match]=3000 [fuzz_game]=1000)
  limit=(-runs="${runs:-${default_runs[$t]:-20000}}")
  [ -n "$time_limit" ] && limit=(-max_total_time="$time_limit")
  echo "== $t ${limit[*]}"
  log="$build_dir/$t.log"
  rc=0
  "$build_dir/tests/fuzz/$t" "${limit[@]}" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 "$work" "$seeds" >"$log" 2>&1 || rc=$?
  grep -E "^(#[0-9]+ +(INITED|DONE)|stat::number_of_executed_units|stat::peak_rss|SUMMARY|Done)" "$log" || true
  if [ "$rc" -ne 0 ]; then
    tail -60 "$log"
    echo "$t FAILED (exit $rc; full log $log, reproducer in crash-*/leak-*/timeout-*)"
    exit 1
  fi
done
