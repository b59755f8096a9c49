#!/usr/bin/env bash
# Installs dependencies, builds, and runs the server. Arguments go to belote-server
# (see: scripts/run-server.sh --help).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
BUILD_TARGET=belote-server scripts/build.sh >&2  # the server only: tests and benchmarks are not needed to play
exec "${BUILD_DIR:-build}/server/belote-server" "$@"
