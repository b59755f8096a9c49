#!/usr/bin/env bash
# The `cost` scenario of scripts/perf.sh (run `scripts/perf.sh cost`, which builds first):
# CPU instructions and allocations per accepted action, counted by valgrind's callgrind.
#
# belote-server (--threads 1) runs under callgrind; belote-cost sits four protocol clients at one
# Classic table and plays in lock step (the seat to act takes the turn-up when it may, else plays
# its first legal action). After one warm-up deal it zeroes the counters (callgrind_control -z),
# plays exactly N accepted actions, and dumps them (callgrind_control -d). The same for
# belote-echo: four clients, 10 echoes each as warm-up, zero, N echoes (one message sent and read
# back at a time), dump. Only user-space instructions are counted (callgrind's Ir), not the kernel.
#
# Allocations are counted from the same dump: the calls to malloc, calloc, realloc, memalign,
# aligned_alloc and posix_memalign (glibc's, which every operator new calls: operator new is not
# counted again, it is shown on its own), and the calls to free.
#
#   scripts/perf-cost.sh BUILD_DIR ACTIONS RUNS     (COST_THREADS overrides --threads 1)
set -euo pipefail
cd "$(dirname "$0")/.."

build_dir="$1"
actions="$2"
runs="$3"
threads="${COST_THREADS:-1}"
for tool in valgrind callgrind_control; do
  command -v "$tool" >/dev/null || { echo "$tool not found: scripts/install-deps.sh installs valgrind" >&2; exit 1; }
done

work="$(mktemp -d)"
child=""
cleanup() {
  if [ -n "$child" ]; then kill -KILL "$child" 2>/dev/null || true; wait "$child" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

source scripts/lib/free-port.sh

# Sums a callgrind dump: prints "instructions allocations operator_new frees".
sum_dump() {
  awk '
    /^summary:/ { ir = $2 }
    /^cfn=/ { callee = substr($0, 5) }
    /^calls=/ { split($0, a, /[= ]/); calls[callee] += a[2] }
    END {
      alloc = calls["malloc"] + calls["calloc"] + calls["realloc"] + calls["memalign"] + calls["aligned_alloc"] + calls["posix_memalign"]
      news = 0
      for (f in calls) if (f ~ /^operator new/) news += calls[f]
      printf "%d %d %d %d\n", ir, alloc, news, calls["free"]
    }' "$1"
}

# measure NAME [belote-cost options] -- SERVER COMMAND...: runs the server under callgrind, the
# workload against it, and writes the window's sums (sum_dump) followed by belote-cost's summary
# to $work/NAME.result.
measure() {
  local name="$1" cost_args=()
  shift
  while [ "$1" != "--" ]; do cost_args+=("$1"); shift; done
  shift
  local port pid
  port="$(free_port)"
  valgrind --tool=callgrind --compress-strings=no --callgrind-out-file="$work/$name.%p" \
    "$@" --address 127.0.0.1 --port "$port" --threads "$threads" >"$work/$name.log" 2>&1 &
  child=$!
  pid=$child
  for _ in $(seq 1200); do  # valgrind starts slowly: up to 120 s
    (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break
    kill -0 "$pid" 2>/dev/null || { cat "$work/$name.log" >&2; echo "$name did not start" >&2; return 1; }
    sleep 0.1
  done
  "$build_dir/bench/cost/belote-cost" --port "$port" --actions "$actions" "${cost_args[@]}" \
    --on-start "callgrind_control -z $pid >/dev/null 2>&1" --on-end "callgrind_control -d $pid >/dev/null 2>&1" \
    >"$work/$name.out"
  kill -TERM "$pid"
  wait "$pid" || true
  child=""
  local dump="$work/$name.$pid.1"
  [ -s "$dump" ] || { cat "$work/$name.log" >&2; echo "no callgrind dump $dump" >&2; return 1; }
  echo "$(sum_dump "$dump") $(cat "$work/$name.out")" >"$work/$name.result"
}

echo "# $(date -u +%FT%TZ) cost: $actions accepted actions per run, $runs run(s), build $build_dir" \
  "($(grep -m1 '^CMAKE_BUILD_TYPE' "$build_dir/CMakeCache.txt" | cut -d= -f2)), --threads $threads," \
  "commit $(git rev-parse --short HEAD 2>/dev/null || echo '?'), load before: $(cut -d' ' -f1-3 /proc/loadavg)"
# STORE=memory measures without the SQLite journal (default sqlite: each run on a fresh data directory).
server_cmd=("$build_dir/server/belote-server" --log-level warn --data-dir "$work/data" --robot-delay-ms 0
            --store "${STORE:-sqlite}")
echo_cmd=("$build_dir/bench/echo/belote-echo")
printf '%-14s %4s %16s %13s %13s %11s %10s\n' "" run "instructions" "allocations" "operator new" "frees" "frames in"
s_ir=0 s_alloc=0 e_ir=0 e_alloc=0
for r in $(seq "$runs"); do
  rm -rf "$work/data"
  measure server --warmup 1 -- "${server_cmd[@]}"
  read -r ir alloc news frees _ n _ frames _ deals _ matches <"$work/server.result"
  awk -v r="$r" -v n="$n" -v ir="$ir" -v a="$alloc" -v w="$news" -v f="$frees" -v fr="$frames" \
    'BEGIN { printf "%-14s %4d %16.0f %13.1f %13.1f %11.1f %10.2f  per accepted action\n", "belote-server", r, ir/n, a/n, w/n, f/n, fr/n }'
  echo "               ($n actions: $deals deals scored, $matches match(es) ended in the window)"
  s_ir=$((s_ir + ir / n)) s_alloc=$(awk -v s="$s_alloc" -v a="$alloc" -v n="$n" 'BEGIN { print s + a / n }')
done
for r in $(seq "$runs"); do
  measure echo --echo --warmup 10 -- "${echo_cmd[@]}"
  read -r ir alloc news frees _ n <"$work/echo.result"
  awk -v r="$r" -v n="$n" -v ir="$ir" -v a="$alloc" -v w="$news" -v f="$frees" \
    'BEGIN { printf "%-14s %4d %16.0f %13.1f %13.1f %11.1f %10.2f  per echoed message\n", "belote-echo", r, ir/n, a/n, w/n, f/n, 1 }'
  e_ir=$((e_ir + ir / n)) e_alloc=$(awk -v s="$e_alloc" -v a="$alloc" -v n="$n" 'BEGIN { print s + a / n }')
done
awk -v si="$s_ir" -v sa="$s_alloc" -v ei="$e_ir" -v ea="$e_alloc" -v runs="$runs" 'BEGIN {
  printf "mean: belote-server %.0f instructions and %.1f allocations per accepted action; belote-echo %.0f and %.1f per echoed message\n", si/runs, sa/runs, ei/runs, ea/runs
  printf "ratio server/echo: %.1f x the instructions, %.1f x the allocations\n", si/ei, (ea > 0 ? sa/ea : 0)
}'
echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
