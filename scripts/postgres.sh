#!/usr/bin/env bash
# A throw-away PostgreSQL cluster for the tests (docs/operations.md "PostgreSQL"), from Debian's
# `postgresql` package (scripts/install-deps.sh installs it):
#
#   scripts/postgres.sh start        initdb in a new temporary directory, start the server on a free
#                                    loopback port (no Unix socket, trust authentication, fsync off),
#                                    and print, for eval, the variables that find it:
#                                      BELOTE_TEST_POSTGRES_URL=postgresql://postgres@127.0.0.1:PORT/postgres
#                                      BELOTE_TEST_POSTGRES_DIR=the directory
#   scripts/postgres.sh stop DIR     stop that cluster (immediately: it holds nothing of value) and
#                                    delete DIR
#
# initdb refuses to run as root: as root, the cluster belongs to the `postgres` system user that the
# package creates (runuser); otherwise to the user running this. Everything else goes to stderr.
# PG_BIN overrides the directory of initdb and pg_ctl (default: the newest /usr/lib/postgresql/*/bin).
set -euo pipefail

pg_bin="${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}"
if [ ! -x "$pg_bin/initdb" ]; then
  echo "PostgreSQL's initdb not found (scripts/install-deps.sh installs the postgresql package)" >&2
  exit 1
fi

# Runs a command as the cluster's owner.
as_owner() {
  if [ "$(id -u)" -eq 0 ]; then
    runuser -u postgres -- "$@"
  else
    "$@"
  fi
}

source "$(dirname "$0")/lib/free-port.sh"

start() {
  local dir port
  dir="$(mktemp -d "${TMPDIR:-/tmp}/belote-pg.XXXXXX")"
  [ "$(id -u)" -eq 0 ] && chown postgres: "$dir"
  # From here on a failure removes what was made.
  trap 'as_owner "$pg_bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$dir"' ERR
  as_owner "$pg_bin/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C --no-sync >"$dir/initdb.log" 2>&1 \
    || { cat "$dir/initdb.log" >&2; false; }
  # A port taken between free_port and the server's bind: try another.
  for attempt in 1 2 3 4 5; do
    port="$(free_port)"
    if as_owner "$pg_bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 30 \
      -o "-p $port -c listen_addresses=127.0.0.1 -c unix_socket_directories='' -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
      start >&2; then
      echo "export BELOTE_TEST_POSTGRES_URL=postgresql://postgres@127.0.0.1:$port/postgres"
      echo "export BELOTE_TEST_POSTGRES_DIR=$dir"
      return 0
    fi
    echo "PostgreSQL did not start on port $port (attempt $attempt):" >&2
    tail -5 "$dir/server.log" >&2 || true
  done
  false
}

stop() {
  local dir="$1"
  [ -d "$dir/data" ] || { echo "no cluster in $dir" >&2; return 1; }
  as_owner "$pg_bin/pg_ctl" -D "$dir/data" -m immediate -w stop >&2 || true
  rm -rf "$dir"
}

case "${1:-}" in
  start) start ;;
  stop) stop "${2:?scripts/postgres.sh stop DIR}" ;;
  *) sed -n '2,15p' "$0" >&2; exit 2 ;;
esac
