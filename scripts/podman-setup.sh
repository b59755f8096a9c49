#!/usr/bin/env bash
# Prepares podman to build and run docker/Dockerfile on a Debian 12 machine that has no Docker
# engine and no access to a container registry (the image tests, docker/test-image.sh and
# docker/test-nodes.sh, call it):
#   - installs podman, podman-compose, runc and debootstrap (apt);
#   - makes podman use runc with the cgroupfs manager and no default ulimits (machines with
#     hybrid cgroups and a low open-file limit refuse crun and podman's default limits);
#   - builds a minimal Debian bookworm root with debootstrap and tags it as the two base images the
#     Dockerfile names (debian:bookworm, debian:bookworm-slim), so `--pull=never` finds them.
# Idempotent; run as root (or through sudo). The first run takes a couple of minutes.
set -euo pipefail
say() { printf 'podman-setup: %s\n' "$*" >&2; }

missing=()
for tool in podman podman-compose runc debootstrap; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if ((${#missing[@]})); then
  say "installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends podman podman-compose runc debootstrap >/dev/null
fi

conf=/etc/containers/containers.conf
if ! grep -qs 'runtime = "runc"' "$conf"; then
  say "configuring $conf (runc, cgroupfs, no default ulimits)"
  mkdir -p /etc/containers
  printf '[containers]\ndefault_ulimits = []\n[engine]\ncgroup_manager = "cgroupfs"\nruntime = "runc"\n' >"$conf"
fi

base=localhost/belote-base/debian:bookworm
for tag in docker.io/library/debian:bookworm docker.io/library/debian:bookworm-slim; do
  podman image exists "$tag" && continue
  if ! podman image exists "$base"; then
    rootfs=$(mktemp -d)
    say "building a minimal bookworm root in $rootfs (debootstrap)"
    debootstrap --variant=minbase bookworm "$rootfs" >/dev/null
    tar -C "$rootfs" -c . | podman import -q - "$base" >/dev/null
    rm -rf "$rootfs"
  fi
  podman tag "$base" "$tag"
  say "tagged $tag"
done
say "ready ($(podman --version))"
