#!/usr/bin/env bash
# Image smoke test: builds docker/Dockerfile with podman, runs it on a free port (host network),
# waits for /healthz, plays a whole match against robots through the container's WebSocket
# (belote-play), checks /readyz and /metrics, then stops the container with SIGTERM and checks it
# exits 0 before its shutdown deadline.
#
# Needs podman and the Debian base images: when missing, runs scripts/podman-setup.sh (as root,
# or through sudo). Env: BUILD_DIR (where belote-play was built; default build),
# BELOTE_PLAY_BIN (overrides the belote-play path), BELOTE_IMAGE (tag; default
# localhost/belote-server:test).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
log() { printf 'test-image: %s\n' "$*" >&2; }
fail() { log "FAIL: $*"; exit 1; }

play="${BELOTE_PLAY_BIN:-${BUILD_DIR:-build}/tools/belote-play/belote-play}"
image="${BELOTE_IMAGE:-localhost/belote-server:test}"
deadline_s=10
[ -x "$play" ] || fail "belote-play not found at $play (build first: scripts/build.sh)"

# 1. podman and the base images.
if ! command -v podman >/dev/null || ! podman image exists docker.io/library/debian:bookworm-slim 2>/dev/null \
   || ! podman image exists docker.io/library/debian:bookworm 2>/dev/null; then
  setup="$root/scripts/podman-setup.sh"
  log "running $setup"
  if [ "$(id -u)" -eq 0 ]; then "$setup"; else sudo "$setup"; fi
fi

# 2. Build (the layer and ccache caches make rebuilds quick).
t0=$(date +%s)
log "building $image"
podman build --network host --pull=never --format docker -f docker/Dockerfile -t "$image" . >&2 \
  || fail "podman build failed"
t1=$(date +%s)
size=$(podman image inspect --format '{{.Size}}' "$image")
log "built in $((t1 - t0)) s, image size $((size / 1024 / 1024)) MiB"
[ "$(podman image inspect --format '{{.Config.User}}' "$image")" = belote ] || fail "the image does not run as user belote"

# 3. Run on a free port.
source scripts/lib/free-port.sh
port="$(free_port)" || fail "no free port found"
name="belote-test-$$"
cleanup() { podman rm -f "$name" >/dev/null 2>&1 || true; }
trap cleanup EXIT
podman run -d --name "$name" --network host \
  -e BELOTE_PORT="$port" -e BELOTE_ROBOT_DELAY_MS=0 -e BELOTE_LOG_FORMAT=json \
  -e BELOTE_SHUTDOWN_DEADLINE_S="$deadline_s" "$image" >/dev/null || fail "podman run failed"
log "container $name on port $port"

http_status() { curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port$1" || true; }
for _ in $(seq 1 100); do
  [ "$(http_status /healthz)" = 200 ] && break
  [ "$(podman inspect --format '{{.State.Running}}' "$name")" = true ] || { podman logs "$name" >&2; fail "the container exited"; }
  sleep 0.1
done
[ "$(http_status /healthz)" = 200 ] || { podman logs "$name" >&2; fail "/healthz did not answer 200"; }
[ "$(http_status /readyz)" = 200 ] || fail "/readyz is not 200"
podman healthcheck run "$name" >/dev/null || fail "the image's HEALTHCHECK (belote-server --healthcheck) failed"
[ "$(podman exec "$name" id -u)" != 0 ] || fail "the server runs as root"

# 4. A whole match through the container's WebSocket; the player then stays connected, expecting
#    close code 1012 when the server is stopped.
t2=$(date +%s)
play_out="$(mktemp)"
"$play" --host 127.0.0.1 --port "$port" --timeout-s 300 --quiet --wait-close 1012 >"$play_out" 2>&1 &
play_pid=$!
for _ in $(seq 1 3000); do
  grep -q '^match_ended' "$play_out" && break
  kill -0 "$play_pid" 2>/dev/null || break
  sleep 0.1
done
grep -q '^match_ended' "$play_out" || { cat "$play_out" >&2; podman logs --tail 50 "$name" >&2; fail "belote-play did not finish a match"; }
t3=$(date +%s)
metrics=$(curl -fsS "http://127.0.0.1:$port/metrics") || fail "/metrics failed"
grep -q '^belote_matches_finished_total 1' <<<"$metrics" || fail "/metrics does not count the finished match"
grep -q '^belote_open_connections 1' <<<"$metrics" || fail "/metrics does not count the open WebSocket"

# 5. SIGTERM: the connected player gets 1012, the container exits 0 before the deadline.
t4=$(date +%s)
podman stop --time $((deadline_s + 10)) "$name" >/dev/null || fail "podman stop failed"
t5=$(date +%s)
play_status=0
wait "$play_pid" || play_status=$?
cat "$play_out" >&2
rm -f "$play_out"
[ "$play_status" = 0 ] || fail "the connected player was not closed with 1012"
code=$(podman inspect --format '{{.State.ExitCode}}' "$name")
podman logs "$name" 2>&1 | tail -n 3 >&2
[ "$code" = 0 ] || fail "exit code $code after SIGTERM"
[ $((t5 - t4)) -le "$deadline_s" ] || fail "stopping took $((t5 - t4)) s (deadline $deadline_s s)"
if podman logs "$name" 2>&1 | grep -v '^{' | grep -q .; then fail "a log line is not JSON"; fi
log "OK: build $((t1 - t0)) s, match $((t3 - t2)) s, stop $((t5 - t4)) s, exit code 0"
