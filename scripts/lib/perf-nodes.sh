# Sourced by scripts/perf.sh for `scripts/perf.sh nodes` (docs/performance.md "Two nodes on one
# PostgreSQL (issue 16)"). Uses perf.sh's lg (the load generator's command), data_dir and store.

# pg_database URL NAME: URL with its database replaced by NAME (postgresql://user@host:port/NAME).
pg_database() { echo "${1%/*}/$2"; }

# pg_owners URL: "owner=count ..." of the tables the nodes own now in the store at URL (a node
# releases its open tables when it stops: this is read while they run).
pg_owners() {
  psql -X -q -A -t -F= "$1" -c "SELECT owner, count(*) FROM tables WHERE owner <> '' GROUP BY owner ORDER BY owner" \
    2>/dev/null | tr '\n' ' '
}

# owned_total READING: the sum of the counts of a pg_owners reading.
owned_total() { tr ' ' '\n' <<<"$1" | awk -F= '{ n += $2 } END { print n + 0 }'; }

# watch_owners URL PID: while process PID runs, reads pg_owners URL every second; prints the
# reading with the most owned tables (not the last: the nodes release theirs one after the other
# when they stop).
watch_owners() {
  local best="" now
  while kill -0 "$2" 2>/dev/null; do
    now="$(pg_owners "$1")"
    (($(owned_total "$now") >= $(owned_total "$best"))) && best="$now"
    sleep 1  # a sampling period, not a synchronisation
  done
  echo "$best"
}

# pg_commits URL: transactions committed so far in the database of URL (pg_stat_database).
pg_commits() {
  psql -X -q -A -t "$1" -c "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()"
}

# actions_per_s FILE: the actions/s of the last result in a load generator's output.
actions_per_s() { awk '$1 == "actions/s" { v = $2 } END { print v + 0 }' "$1"; }

# pg_part NAME NODES TABLES ARGS...: the load generator on a fresh database NAME of the PostgreSQL
# server at $pg_url with NODES nodes, its output kept in $data_dir/NAME.out; the database is dropped
# after (its owners are printed first). Returns the load generator's status.
pg_part() {
  local name="$1" nodes="$2" tables="$3" rc=0 url
  shift 3
  url="$(pg_database "$pg_url" "$name")"
  psql -X -q "$pg_url" -c "SET client_min_messages = warning" -c "DROP DATABASE IF EXISTS $name" -c "CREATE DATABASE $name" >/dev/null
  rm -rf "${data_dir:?}"/nodes
  echo "-- PostgreSQL, $nodes node(s), database $name (load $(cut -d' ' -f1-3 /proc/loadavg))"
  "${lg[@]}" --server-arg="--store=$url" --nodes "$nodes" --node-data-dir "$data_dir/nodes" \
    ${pg_pid:+--pg-pid "$pg_pid"} --tables "$tables" --threads 2 "$@" >"$data_dir/$name.out" &
  local lg_pid=$! commits
  commits="$(pg_commits "$url")"
  watch_owners "$url" "$lg_pid" >"$data_dir/$name.owners"
  wait "$lg_pid" || rc=$?
  commits=$(($(pg_commits "$url") - commits))
  cat "$data_dir/$name.out"
  echo "   tables owned in the store (the reading with the most, while running): $(cat "$data_dir/$name.owners")"
  echo "   PostgreSQL transactions committed in this database (setup and measurement): $commits"
  psql -X -q "$pg_url" -c "DROP DATABASE $name" >/dev/null
  return "$rc"
}

# perf_nodes TABLES ARGS...: the nodes scenario (ARGS go to every load generator run).
perf_nodes() {
  local tables="$1" rc=0 pg_dir="" one two
  shift
  pg_url="${BELOTE_TEST_POSTGRES_URL:-}"
  if [ -n "$pg_url" ]; then
    pg_dir="${BELOTE_TEST_POSTGRES_DIR:-}"
  else
    eval "$(scripts/postgres.sh start)"
    pg_url="$BELOTE_TEST_POSTGRES_URL" pg_dir="$BELOTE_TEST_POSTGRES_DIR"
    trap 'scripts/postgres.sh stop "$pg_dir"; rm -rf "$data_dir"' EXIT
  fi
  pg_pid="$( [ -n "$pg_dir" ] && head -1 "$pg_dir/data/postmaster.pid" 2>/dev/null || true)"
  if [ "$store" != postgres ]; then
    echo "-- reference: SQLite, one node (load $(cut -d' ' -f1-3 /proc/loadavg))"
    rm -rf "${data_dir:?}"/*
    "${lg[@]}" --server-arg=--store=sqlite --server-arg="--data-dir=$data_dir" --tables "$tables" --threads 2 "$@" \
      || rc=$?
  fi
  pg_part "belote_perf_one_$$" 1 "$tables" "$@" || rc=$?
  one="$(actions_per_s "$data_dir/belote_perf_one_$$.out")"
  pg_part "belote_perf_two_$$" 2 "$tables" "$@" || rc=$?
  two="$(actions_per_s "$data_dir/belote_perf_two_$$.out")"
  echo "== two nodes / one node (actions/s): $two / $one = $(awk -v a="$two" -v b="$one" \
    'BEGIN { if (b > 0) printf "%.2f", a / b; else print "n/a" }')"
  echo "# load after: $(cut -d' ' -f1-3 /proc/loadavg)"
  return "$rc"
}
