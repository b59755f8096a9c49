#!/usr/bin/env bash
# Two nodes + PostgreSQL + nginx (docker/compose.nodes.yaml) for real: builds the three images with
# podman, starts the stack's containers with `podman run` on a free port (see 3. for why not
# podman-compose), checks each node through nginx
# (/node/a/healthz, /node/b/healthz) and the page at /, then a player in headless Chromium
# (web-tests/compose-failover.mjs) plays at a table through nginx; the node that serves it is
# killed (`podman kill`), and the page must be back in the same seat, served by the other node,
# and play on. Takes the stack down (containers, network, volumes) at the end, also on failure.
#
# Needs podman (installed when missing by scripts/podman-setup.sh, with the base images), node and
# chromium (as web-tests/run.sh).
# Env: BELOTE_HTTP_PORT (default: a free port), BELOTE_NET (the stack's /24 prefix, default
# 10.89.48: apart from the default stack's 10.89.47), BELOTE_SERVER_IMAGE (the server's image,
# default localhost/belote-server), BELOTE_SKIP_BUILD=1 (use the images as they are).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
log() { printf 'test-nodes: %s\n' "$*" >&2; }
fail() { log "FAIL: $*"; exit 1; }
start=$(date +%s)

# 1. podman and the Debian base images.
if ! command -v podman >/dev/null || ! podman image exists docker.io/library/debian:bookworm-slim 2>/dev/null \
   || ! podman image exists docker.io/library/debian:bookworm 2>/dev/null; then
  if [ "$(id -u)" -eq 0 ]; then scripts/podman-setup.sh; else sudo scripts/podman-setup.sh; fi
fi

# 2. The images compose.nodes.yaml names (the layer and ccache caches make rebuilds quick).
build() { podman build --network host --pull=never --format docker -f "$1" -t "$2" . >&2 || fail "podman build $1 failed"; }
server_image="${BELOTE_SERVER_IMAGE:-localhost/belote-server}"
if [ "${BELOTE_SKIP_BUILD:-0}" != 1 ]; then
  build docker/Dockerfile "$server_image"
  build docker/postgres.Dockerfile localhost/belote-postgres
  build docker/nginx.Dockerfile localhost/belote-nginx
fi
built=$(date +%s)
log "images built in $((built - start)) s"

# 3. The stack, on a free port. Debian 12's podman-compose (1.0.3) cannot give a container a fixed
#    address (networks: {belote: {ipv4_address}}, which the nodes' --trusted-proxy needs), so the
#    containers of docker/compose.nodes.yaml are started here with plain `podman run`, with the same
#    images, environment, network, addresses and aliases.
source scripts/lib/free-port.sh
port="${BELOTE_HTTP_PORT:-$(free_port)}" || fail "no free port found"
net_prefix="${BELOTE_NET:-10.89.48}"
project="belote-nodes-test-$$"
names=("$project-nginx" "$project-node-a" "$project-node-b" "$project-postgres")
down() {
  podman rm -f -t 0 "${names[@]}" >/dev/null 2>&1 || true
  podman volume rm -f "$project-postgres" "$project-node-a" "$project-node-b" >/dev/null 2>&1 || true
  podman network rm -f "$project" >/dev/null 2>&1 || true
}
trap down EXIT
logs() { for n in "${names[@]}"; do echo "--- $n" >&2; podman logs --tail "${1:-30}" "$n" >&2 2>&1 || true; done; }
podman network create --subnet "$net_prefix.0/24" "$project" >/dev/null || fail "podman network create failed"
# run SERVICE HOST-NUMBER ARGS...: a container of the stack, named and aliased as compose would.
run() {
  local service="$1" host="$2"
  shift 2
  podman run -d --name "$project-$service" --network "$project" --network-alias "$service" --ip "$net_prefix.$host" "$@" \
    >/dev/null || { logs; fail "podman run $service failed"; }
}
run postgres 10 -e POSTGRES_PASSWORD=belote -e POSTGRES_DB=belote -v "$project-postgres:/var/lib/postgresql/data" \
  localhost/belote-postgres
for _ in $(seq 1 150); do
  podman exec "$project-postgres" /usr/lib/postgresql/15/bin/pg_isready -h 127.0.0.1 -q 2>/dev/null && break
  sleep 0.2
done
podman exec "$project-postgres" /usr/lib/postgresql/15/bin/pg_isready -h 127.0.0.1 -q || { logs; fail "PostgreSQL did not start"; }
# PostgreSQL by its address: a node whose store cannot be reached at start-up exits, and here
# aardvark-dns (podman's DNS, Debian 12) once took 25 s to fail the lookup of `postgres` while the
# other containers joined the network.
node_env=(-e BELOTE_STORE="postgres://postgres:belote@$net_prefix.10:5432/belote" -e BELOTE_TRUSTED_PROXY="$net_prefix.2"
  -e BELOTE_LOG_FORMAT=json -e BELOTE_SHUTDOWN_DEADLINE_S=10)
run node-a 11 "${node_env[@]}" -e BELOTE_NODE_ID=a -e BELOTE_ADVERTISE_URL=/node/a/ws -v "$project-node-a:/var/lib/belote" \
  "$server_image"
run node-b 12 "${node_env[@]}" -e BELOTE_NODE_ID=b -e BELOTE_ADVERTISE_URL=/node/b/ws -v "$project-node-b:/var/lib/belote" \
  "$server_image"
# nginx looks the nodes' names up when it starts: they exist by now.
run nginx 2 -p "127.0.0.1:$port:8080" localhost/belote-nginx
log "stack $project up on port $port"

http_status() { curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port$1" || true; }
until_s=$((SECONDS + 60))
while [ $SECONDS -lt $until_s ]; do
  [ "$(http_status /node/a/readyz)" = 200 ] && [ "$(http_status /node/b/readyz)" = 200 ] && break
  sleep 0.2
done
for path in /node/a/readyz /node/b/readyz /healthz /; do
  [ "$(http_status "$path")" = 200 ] || { logs; fail "GET $path through nginx is not 200"; }
done
ready=$(date +%s)
log "both nodes ready through nginx $((ready - built)) s after up"

# 4. A table through nginx, its node killed, the page back at the other node.
containers="a=$project-node-a,b=$project-node-b"
(cd web-tests && { [ -d node_modules/playwright-core ] || npm ci --no-audit --no-fund --loglevel=error; })
BELOTE_URL="http://127.0.0.1:$port" BELOTE_NODE_CONTAINERS="$containers" node web-tests/compose-failover.mjs \
  || { logs 40; fail "the failover through nginx failed"; }
done_=$(date +%s)
log "OK: images $((built - start)) s, stack up $((ready - built)) s, failover $((done_ - ready)) s, total $((done_ - start)) s"
