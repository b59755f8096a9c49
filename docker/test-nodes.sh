#!/usr/bin/env bash
# Two nodes + PostgreSQL + nginx (docker/compose.nodes.yaml) for real: builds the three images with
# podman, starts the stack with `podman-compose up -d` on a free port as a project of its own
# (containers, network and volumes apart from the default stack's), checks each node through nginx
# (/node/a/readyz, /node/b/readyz) and the page at /, then a player in headless Chromium
# (web-tests/compose-failover.mjs) plays at a table through nginx; the node that serves it is
# killed (`podman kill`), and the page must be back in the same seat, served by the other node,
# and play on. Takes the stack down (`podman-compose down -v` and the network) at the end, also on
# failure.
#
# Needs podman and podman-compose (installed when missing by scripts/podman-setup.sh, with the base
# images), node and chromium (as web-tests/run.sh).
# Env: BELOTE_HTTP_PORT (default: a free port), BELOTE_NET (the stack's /24 prefix where the compose
# tool honours ipam, default 10.89.48: apart from the default stack's 10.89.47),
# BELOTE_SKIP_BUILD=1 (use the images as they are).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
log() { printf 'test-nodes: %s\n' "$*" >&2; }
fail() { log "FAIL: $*"; exit 1; }
start=$(date +%s)

# 1. podman, podman-compose and the Debian base images.
if ! command -v podman >/dev/null || ! command -v podman-compose >/dev/null \
   || ! podman image exists docker.io/library/debian:bookworm-slim 2>/dev/null \
   || ! podman image exists docker.io/library/debian:bookworm 2>/dev/null; then
  if [ "$(id -u)" -eq 0 ]; then scripts/podman-setup.sh; else sudo scripts/podman-setup.sh; fi
fi

# 2. The images compose.nodes.yaml names (the layer and ccache caches make rebuilds quick), built
#    here rather than by podman-compose: --network host and --pull=never (no registry) are needed.
build() { podman build --network host --pull=never --format docker -f "$1" -t "$2" . >&2 || fail "podman build $1 failed"; }
if [ "${BELOTE_SKIP_BUILD:-0}" != 1 ]; then
  build docker/Dockerfile localhost/belote-server
  build docker/postgres.Dockerfile localhost/belote-postgres
  build docker/nginx.Dockerfile localhost/belote-nginx
fi
built=$(date +%s)
log "images built in $((built - start)) s"

# 3. The stack, on a free port, as project $project: podman-compose names its containers, network
#    and volumes after it. Every service starts at once (podman-compose 1.0.3 only orders them by
#    depends_on); a node that finds no PostgreSQL yet exits and podman starts it again
#    (restart: unless-stopped).
source scripts/lib/free-port.sh
port="${BELOTE_HTTP_PORT:-$(free_port)}" || fail "no free port found"
export BELOTE_HTTP_PORT="$port" BELOTE_NET="${BELOTE_NET:-10.89.48}"
project="belote-nodes-test-$$"
compose() { podman-compose -p "$project" -f docker/compose.nodes.yaml "$@"; }
# The container of a service, found by the labels podman-compose gives it.
container() {
  podman ps -a --filter "label=io.podman.compose.project=$project" --filter "label=com.docker.compose.service=$1" \
    --format '{{.Names}}'
}
services=(postgres node-a node-b nginx)
logs() {
  for s in "${services[@]}"; do
    echo "--- $s" >&2
    podman logs --tail "${1:-30}" "$(container "$s")" >&2 2>&1 || true
  done
}
down() {
  compose down -v >/dev/null 2>&1 || true
  # podman-compose 1.0.3 leaves the network it made.
  podman network rm -f "${project}_default" >/dev/null 2>&1 || true
}
trap down EXIT
compose up -d --no-build >/dev/null || { logs; fail "podman-compose up failed"; }
up=$(date +%s)
log "stack $project up on port $port ($((up - built)) s)"

http_status() { curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port$1" || true; }
# Debian 12's aardvark-dns (1.4) drops lookups while it reloads, as each container joins or leaves
# the network (each restart of a node that was too early for PostgreSQL does both): a node then waits
# 5 s per lost lookup, or fails it and is restarted. Seen: a node ready 30-40 s late (once over 45 s).
until_s=$((SECONDS + 120))
while [ $SECONDS -lt $until_s ]; do
  [ "$(http_status /node/a/readyz)" = 200 ] && [ "$(http_status /node/b/readyz)" = 200 ] && break
  sleep 0.2
done
for path in /node/a/readyz /node/b/readyz /healthz /; do
  [ "$(http_status "$path")" = 200 ] || { logs; fail "GET $path through nginx is not 200"; }
done
ready=$(date +%s)
restarts() { for s in "${services[@]}"; do printf '%s %s, ' "$s" "$(podman inspect --format '{{.RestartCount}}' "$(container "$s")")"; done; }
log "both nodes ready through nginx $((ready - up)) s after up; restarts: $(restarts)"

# 4. A table through nginx, its node killed, the page back at the other node.
containers="a=$(container node-a),b=$(container node-b)"
(cd web-tests && { [ -d node_modules/playwright-core ] || npm ci --no-audit --no-fund --loglevel=error; })
BELOTE_URL="http://127.0.0.1:$port" BELOTE_NODE_CONTAINERS="$containers" node web-tests/compose-failover.mjs \
  || { logs 40; fail "the failover through nginx failed"; }
done_=$(date +%s)
log "OK: images $((built - start)) s, stack up $((ready - built)) s, failover $((done_ - ready)) s, total $((done_ - start)) s"
