#!/usr/bin/env bash
# Installs everything belote-server needs to build, run and test on Debian 12 (bookworm).
# Idempotent: packages already present are skipped by apt; the npm packages go to web-tests/.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config ccache
  libboost-dev nlohmann-json3-dev libspdlog-dev libfmt-dev libcli11-dev libsqlite3-dev libpq-dev prometheus-cpp-dev libicu-dev libsodium-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  clang libclang-rt-14-dev clang-format
  valgrind
  postgresql
  chromium curl ca-certificates
)
command -v node >/dev/null && command -v npm >/dev/null || packages+=(nodejs npm)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
