#!/usr/bin/env bash
# Two nodes + PostgreSQL + nginx (docker/compose.nodes.yaml) for real: builds the three images with
# podman, brings the stack up with podman-compose on a free port, checks each node through nginx
# (/node/a/healthz, /node/b/healthz) and the page at /, then a player in headless Chromium
# (web-tests/compose-failover.mjs) plays at a table through nginx; the node that serves it is
# killed (`podman kill`), and the page must be back in the same seat, served by the other node,
# and play on. Takes the stack down (containers, network, volumes) at the end, also on failure.
#
# Needs podman and podman-compose (Debian packages; installed when missing, with
# scripts/podman-setup.sh for the base images), node and chromium (as web-tests/run.sh).
# Env: BELOTE_HTTP_PORT (default: a free port), BELOTE_NET (the stack's /24 prefix, default
# 10.89.48: apart from the default stack's 10.89.47).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
log() { printf 'test-nodes: %s\n' "$*" >&2; }
fail() { log "FAIL: $*"; exit 1; }
start=$(date +%s)

# 1. podman, podman-compose, the Debian base images.
if ! command -v podman >/dev/null || ! podman image exists docker.io/library/debian:bookworm-slim 2>/dev/null \
   || ! podman image exists docker.io/library/debian:bookworm 2>/dev/null; then
  if [ "$(id -u)" -eq 0 ]; then scripts/podman-setup.sh; else sudo scripts/podman-setup.sh; fi
fi
if ! command -v podman-compose >/dev/null; then
  log "installing podman-compose"
  sudo_=""; [ "$(id -u)" -eq 0 ] || sudo_=sudo
  $sudo_ apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y -qq --no-install-recommends podman-compose >/dev/null
fi

# 2. The images compose.nodes.yaml names (the layer and ccache caches make rebuilds quick).
build() { podman build --network host --pull=never --format docker -f "$1" -t "$2" . >&2 || fail "podman build $1 failed"; }
build docker/Dockerfile localhost/belote-server
build docker/postgres.Dockerfile localhost/belote-postgres
build docker/nginx.Dockerfile localhost/belote-nginx
built=$(date +%s)
log "images built in $((built - start)) s"

# 3. The stack, on a free port.
port="${BELOTE_HTTP_PORT:-}"
if [ -z "$port" ]; then
  for _ in $(seq 1 50); do
    candidate=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then port=$candidate; break; fi
  done
fi
[ -n "$port" ] || fail "no free port found"
export BELOTE_HTTP_PORT="$port" BELOTE_NET="${BELOTE_NET:-10.89.48}"
project="belote-nodes-test-$$"
compose() { podman-compose -p "$project" -f docker/compose.nodes.yaml "$@"; }
down() {
  compose down -v -t 5 >/dev/null 2>&1 || true
  podman volume rm -f "${project}_belote-postgres" "${project}_belote-node-a" "${project}_belote-node-b" >/dev/null 2>&1 || true
}
trap down EXIT
compose up -d --no-build >/dev/null 2>&1 || { compose logs >&2 || true; fail "podman-compose up failed"; }
log "stack $project up on port $port"

http_status() { curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port$1" || true; }
for _ in $(seq 1 300); do
  [ "$(http_status /node/a/readyz)" = 200 ] && [ "$(http_status /node/b/readyz)" = 200 ] && break
  sleep 0.2
done
for path in /node/a/readyz /node/b/readyz /healthz /; do
  [ "$(http_status "$path")" = 200 ] || { compose logs >&2 || true; fail "GET $path through nginx is not 200"; }
done
ready=$(date +%s)
log "both nodes ready through nginx $((ready - built)) s after up"

# 4. A table through nginx, its node killed, the page back at the other node.
containers="a=$(podman ps --filter "label=io.podman.compose.project=$project" --filter "label=com.docker.compose.service=node-a" --format '{{.Names}}')"
containers="$containers,b=$(podman ps --filter "label=io.podman.compose.project=$project" --filter "label=com.docker.compose.service=node-b" --format '{{.Names}}')"
[[ "$containers" =~ ^a=.+,b=.+$ ]] || fail "node containers not found: $containers"
(cd web-tests && { [ -d node_modules/playwright-core ] || npm ci --no-audit --no-fund --loglevel=error; })
BELOTE_URL="http://127.0.0.1:$port" BELOTE_NODE_CONTAINERS="$containers" node web-tests/compose-failover.mjs \
  || { compose logs --tail 40 >&2 || true; fail "the failover through nginx failed"; }
done_=$(date +%s)
log "OK: images $((built - start)) s, stack up $((ready - built)) s, failover $((done_ - ready)) s, total $((done_ - start)) s"
