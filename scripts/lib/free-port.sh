# Sourced by the scripts that start a server of their own (PostgreSQL, the image test, the cost
# measurement): free_port prints a loopback port nobody listens on now (it may be taken before the
# caller binds it: callers that can, retry).
free_port() {
  local p
  for _ in $(seq 100); do
    p=$((20000 + RANDOM % 40000))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then echo "$p"; return 0; fi
  done
  echo "no free port found" >&2
  return 1
}
