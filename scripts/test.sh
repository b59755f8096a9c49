#!/usr/bin/env bash
# Installs dependencies, builds, and runs every test: GoogleTest via ctest, short fuzzing runs, the
# browser tests, and the Docker image test. Prints each step's duration (seconds).
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
step ctest ctest --test-dir "${BUILD_DIR:-build}" --output-on-failure -j "$(nproc)"
# libFuzzer targets (clang, ASan+UBSan), a short fixed number of runs each from the seed corpus
step fuzz scripts/fuzz.sh
# browser tests (Playwright + Debian's chromium)
step web-tests web-tests/run.sh
# Docker image: build with podman, run, play a match through it, stop with SIGTERM.
# BELOTE_SKIP_IMAGE_TEST=1 skips it.
if [ "${BELOTE_SKIP_IMAGE_TEST:-0}" != 1 ]; then
  step image-test docker/test-image.sh
fi
