#!/usr/bin/env bash
# Runs one load scenario of docs/performance.md against a Release build (build-release/):
#
#   scripts/perf.sh throughput   1,000 tables x 4 clients, as fast as they can, after the same
#                                4,000 connections drove belote-echo (the transport baseline)
#   scripts/perf.sh human        2,500 tables (10,000 connections), each table acting 4 times/s
#                                from a random phase (--aligned: all tables at the same instants)
#   scripts/perf.sh capacity     as many idle authenticated connections as the open-file limit allows
#   scripts/perf.sh robots       100 human tables at 4 actions/s, first alone, then next to
#                                1,000 tables of four robots (700 ms thinking delay)
#   scripts/perf.sh nodes        scenario 1 (no echo baseline) on one PostgreSQL store: one node, then two
#                                nodes (tables created on each in turn; half of each node's tables
#                                have their other three clients come through the other node and
#                                follow table_elsewhere), each part on a fresh database, and the
#                                ratio two nodes / one node; first the SQLite single node for
#                                reference (--store postgres leaves it out). PostgreSQL: the one of
#                                BELOTE_TEST_POSTGRES_URL / _DIR, else a throw-away one
#                                (scripts/postgres.sh) stopped at the end
#   scripts/perf.sh cost         CPU instructions and allocations per accepted action (valgrind
#                                callgrind): four clients at one Classic table, after a warm-up
#                                deal; the same per echoed message of belote-echo; --actions N
#                                (default 400), --runs R (default 3)
#
# Options: --scale F multiplies every table/connection count (e.g. 0.25 on a small machine),
# --duration S seconds of measurement (default 20), --store sqlite|memory|both (default both: the
# throughput and human scenarios run with the in-memory store, then with the SQLite journal in a
# fresh data directory, so the cost of durability is a ratio of the same run; the others: sqlite).
# Other arguments go to belote-loadgen.
# The load generator starts belote-server (and belote-echo) itself on 127.0.0.1, raises the
# open-file limit to the hard limit, and stops everything at the end. BUILD_DIR overrides the
# build directory. Exit status 2: the run saw errors.
set -euo pipefail
cd "$(dirname "$0")/.."

scenario="${1:-}"
[ -n "$scenario" ] || { sed -n '2,28p' "$0"; exit 1; }
shift
scale=1
duration=20
actions=400
runs=3
store=both
extra=()
while (($#)); do
  case "$1" in
    --scale) scale="$2"; shift 2 ;;
    --duration) duration="$2"; shift 2 ;;
    --actions) actions="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --store) store="$2"; shift 2 ;;
    *) extra+=("$1"); shift ;;
  esac
done
n() { awk -v a="$1" -v s="$scale" 'BEGIN { v = int(a * s + 0.5); print (v < 1 ? 1 : v) }'; }

build_dir="${BUILD_DIR:-build-release}"
if [ -z "${NO_BUILD:-}" ]; then
  cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build "$build_dir" --target belote-server belote-echo belote-loadgen belote-cost >&2
fi
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
lg=("$build_dir/bench/loadgen/belote-loadgen" --server-bin "$build_dir/server/belote-server"
    --echo-bin "$build_dir/bench/echo/belote-echo" --duration "$duration")
echo "# $(date -u +%FT%TZ) scenario=$scenario scale=$scale, load before: $(cut -d' ' -f1-3 /proc/loadavg)"

data_dir="$(mktemp -d)"
trap 'rm -rf "$data_dir"' EXIT
# with_store S ARGS...: the load generator with its server on store S (a fresh SQLite file each run).
with_store() {
  local s="$1"; shift
  rm -rf "$data_dir"/*
  echo "-- store: $s (load $(cut -d' ' -f1-3 /proc/loadavg))"
  "${lg[@]}" --server-arg="--store=$s" --server-arg="--data-dir=$data_dir" "$@"
}
# both_stores ARGS...: memory then sqlite (or only the one of --store).
both_stores() {
  local rc=0
  case "$store" in
    both) with_store memory "$@" || rc=$?; with_store sqlite "$@" || rc=$? ;;
    *) with_store "$store" "$@" || rc=$? ;;
  esac
  return "$rc"
}
[ "$store" = both ] && single=sqlite || single="$store"
one=("${lg[@]}" --server-arg="--store=$single" --server-arg="--data-dir=$data_dir")

case "$scenario" in
  throughput) both_stores --echo --tables "$(n 1000)" --threads 2 "${extra[@]}" ;;
  human)      both_stores --echo --tables "$(n 2500)" --rate 4 --threads 2 "${extra[@]}" ;;
  capacity)   # CONNECTIONS=n to ask for a number; default: the open-file limit allows
    conns="${CONNECTIONS:-0}"; [ "$conns" -gt 0 ] && conns="$(n "$conns")"
    "${one[@]}" --mode idle --connections "$conns" --threads 2 "${extra[@]}" ;;
  robots)
    rc=0
    "${one[@]}" --tables "$(n 100)" --rate 4 --robot-delay-ms 700 "${extra[@]}" || rc=$?
    echo "-- same, next to $(n 1000) tables of four robots"
    rm -rf "$data_dir"/*
    "${one[@]}" --tables "$(n 100)" --rate 4 --robot-tables "$(n 1000)" --robot-delay-ms 700 "${extra[@]}" || rc=$?
    exit "$rc" ;;
  nodes) source scripts/lib/perf-nodes.sh; perf_nodes "$(n 1000)" "${extra[@]}" ;;
  cost) scripts/perf-cost.sh "$build_dir" "$actions" "$runs" ;;
  *) echo "unknown scenario '$scenario' (throughput, human, capacity, robots, nodes, cost)" >&2; exit 1 ;;
esac
