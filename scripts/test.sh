#!/usr/bin/env bash
# Installs dependencies, builds, and runs every test (GoogleTest via ctest, then browser tests).
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/install-deps.sh
scripts/check-tree.sh
scripts/build.sh
ctest --test-dir "${BUILD_DIR:-build}" --output-on-failure -j "$(nproc)"

# libFuzzer targets (clang, ASan+UBSan), a short fixed number of runs each from the seed corpus
scripts/fuzz.sh

# browser tests: web-tests/run.sh
if [ -f web-tests/run.sh ]; then
  web-tests/run.sh
fi

# Docker image: build with podman, run, play a match through it, stop with SIGTERM.
# BELOTE_SKIP_IMAGE_TEST=1 skips it.
if [ "${BELOTE_SKIP_IMAGE_TEST:-0}" != 1 ]; then
  docker/test-image.sh
fi
