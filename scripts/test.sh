#!/usr/bin/env bash
# Installs dependencies, builds, and runs every test: GoogleTest via ctest (the PostgreSQL store's
# tests against a throw-away cluster, scripts/postgres.sh), short fuzzing runs, the browser tests,
# and the Docker image test. Prints each step's duration (seconds).
set -euo pipefail
cd "$(dirname "$0")/.."

step() {
  local name="$1" start=$SECONDS
  shift
  echo "== $name"
  "$@"
  echo "== $name: $((SECONDS - start)) s"
}

step install scripts/install-deps.sh
step check-tree scripts/check-tree.sh
step build scripts/build.sh
# A throw-away PostgreSQL cluster for the PostgreSQL store's tests (BELOTE_TEST_POSTGRES_URL),
# stopped and deleted once ctest is done, or when anything fails. A BELOTE_TEST_POSTGRES_URL set
# beforehand is used instead (each test makes and drops a schema and a role of its own there).
postgres_dir=""
start_postgres() {
  local found
  found="$(scripts/postgres.sh start)"
  eval "$found"
  postgres_dir="$BELOTE_TEST_POSTGRES_DIR"
  trap 'scripts/postgres.sh stop "$postgres_dir"' EXIT
}
stop_postgres() {
  [ -n "$postgres_dir" ] || return 0
  scripts/postgres.sh stop "$postgres_dir"
  trap - EXIT
}
[ -n "${BELOTE_TEST_POSTGRES_URL:-}" ] || step postgres start_postgres
step ctest ctest --test-dir "${BUILD_DIR:-build}" --output-on-failure -j "$(nproc)"
stop_postgres
# libFuzzer targets (clang, ASan+UBSan), a short fixed number of runs each from the seed corpus
step fuzz scripts/fuzz.sh
# browser tests (Playwright + Debian's chromium)
step web-tests web-tests/run.sh
# Docker image: build with podman, run, play a match through it, stop with SIGTERM.
# BELOTE_SKIP_IMAGE_TEST=1 skips it.
if [ "${BELOTE_SKIP_IMAGE_TEST:-0}" != 1 ]; then
  step image-test docker/test-image.sh
fi
