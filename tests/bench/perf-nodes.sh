#!/usr/bin/env bash
# ctest belote_perf_nodes: `scripts/perf.sh nodes` at a tiny scale (4 tables, 3 s per part, matches
# to 301) against the test PostgreSQL, on the binaries of BUILD_DIR ($1). Passes when the run saw
# no error (the load generator also counts as errors a node that created no table or acknowledged
# no action, and no table_elsewhere followed) and the store of the two-node part says that both
# nodes owned tables. Skipped (77) without BELOTE_TEST_POSTGRES_URL.
set -euo pipefail
[ -n "${BELOTE_TEST_POSTGRES_URL:-}" ] || { echo "BELOTE_TEST_POSTGRES_URL is not set: skipped"; exit 77; }
build_dir="$(cd "${1:?build directory}" && pwd)"
out="$(mktemp)"
trap 'rm -f "$out"' EXIT
rc=0
NO_BUILD=1 BUILD_DIR="$build_dir" "$(dirname "$0")/../../scripts/perf.sh" nodes --store postgres --scale 0.004 \
  --duration 3 --target 301 --setup-timeout 20 >"$out" 2>&1 || rc=$?
cat "$out"
[ "$rc" -eq 0 ] || { echo "FAILED: perf.sh nodes exited with $rc"; exit 1; }
# The owners line after the two-node part: "tables owned in the store (the reading with the most, ...): n1=3 n2=2 "
owners="$(grep "tables owned in the store" "$out" | tail -1)"
for node in n1 n2; do
  count="$(sed -n "s/.* $node=\([0-9]*\).*/\1/p" <<<"$owners")"
  [ "${count:-0}" -gt 0 ] || { echo "FAILED: node $node owned no table ($owners)"; exit 1; }
done
grep -q '^== two nodes / one node' "$out" || { echo "FAILED: no ratio printed"; exit 1; }
echo "PASSED"
