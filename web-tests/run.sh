#!/usr/bin/env bash
# Browser end-to-end tests of web/: starts build/server/belote-server on a free port, runs the
# node:test suite in tests/ with playwright-core driving Debian's chromium, stops the server.
# Usage: web-tests/run.sh [test files relative to web-tests/, default: tests/]
# Env: BELOTE_SERVER_BIN (server binary; default build/server/belote-server),
#      CHROMIUM_PATH (default /usr/bin/chromium). Exit status: the tests'.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
BIN="${BELOTE_SERVER_BIN:-$ROOT/build/server/belote-server}"

if [[ ! -x "$BIN" ]]; then
  echo "web-tests: server binary not found at $BIN (run scripts/build.sh first)" >&2
  exit 1
fi
if [[ ! -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ]]; then
  echo "web-tests: chromium not found at ${CHROMIUM_PATH:-/usr/bin/chromium} (apt-get install chromium)" >&2
  exit 1
fi

cd "$HERE"
if [[ -f package-lock.json ]]; then
  npm ci --no-audit --no-fund --loglevel=error
else
  npm install --no-audit --no-fund --loglevel=error
fi

PORT="$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')"
LOG="$(mktemp -t belote-web-tests.XXXXXX.log)"
# A fresh store each run: tables kept from an earlier run would fill the lobby's first page.
DATA="$(mktemp -d -t belote-web-tests-data.XXXXXX)"
"$BIN" --address 127.0.0.1 --port "$PORT" --web-dir "$ROOT/web" --data-dir "$DATA" --robot-delay-ms 0 --trusted-proxy 127.0.0.1 >"$LOG" 2>&1 &
SERVER_PID=$!
cleanup() {
  kill "$SERVER_PID" 2>/dev/null || true
  wait "$SERVER_PID" 2>/dev/null || true
  rm -rf "$DATA"
}
trap cleanup EXIT

for _ in $(seq 1 100); do
  if curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$SERVER_PID" 2>/dev/null; then
    echo "web-tests: the server exited early; its log:" >&2
    cat "$LOG" >&2
    exit 1
  fi
  sleep 0.1
done
if ! curl -fsS "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1; then
  echo "web-tests: the server did not answer /healthz; its log:" >&2
  cat "$LOG" >&2
  exit 1
fi

status=0
TESTS=("$@")
[[ ${#TESTS[@]} -gt 0 ]] || TESTS=(tests/)
BELOTE_URL="http://127.0.0.1:$PORT" BELOTE_SERVER_BIN="$BIN" node --test --test-concurrency=1 --test-timeout=180000 "${TESTS[@]}" || status=$?
if [[ $status -ne 0 ]]; then
  echo "web-tests: server log (last 60 lines):" >&2
  tail -n 60 "$LOG" >&2
fi
rm -f "$LOG"
exit "$status"
