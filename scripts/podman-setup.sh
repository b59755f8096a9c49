#!/usr/bin/env bash
# Prepares podman to build and run docker/Dockerfile on a Debian 12 machine that has no Docker
# engine and no access to a container registry (the image tests, docker/test-image.sh and
# docker/test-nodes.sh, call it):
#   - installs podman, podman-compose, netavark, aardvark-dns, runc and debootstrap (apt);
#   - makes podman use runc with the cgroupfs manager and no default ulimits (machines with
#     hybrid cgroups and a low open-file limit refuse crun and podman's default limits), and the
#     netavark network backend;
#   - builds a minimal Debian bookworm root with debootstrap and tags it as the two base images the
#     Dockerfile names (debian:bookworm, debian:bookworm-slim), so `--pull=never` finds them.
# Idempotent; run as root (or through sudo). The first run takes a couple of minutes.
set -euo pipefail
say() { printf 'podman-setup: %s\n' "$*" >&2; }

# netavark and aardvark-dns (only recommended by Debian's podman) give a network's containers each
# other's names (the services of docker/compose.nodes.yaml); CNI without its dnsname plugin does not.
packages=(podman podman-compose netavark aardvark-dns runc debootstrap)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'ok installed' || missing+=("$package")
done
if ((${#missing[@]})); then
  say "installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${packages[@]}" >/dev/null
fi

# podman keeps the CNI backend once it has images unless told otherwise: netavark is named.
conf=/etc/containers/containers.conf
if ! grep -qs 'runtime = "runc"' "$conf" || ! grep -qs 'network_backend = "netavark"' "$conf"; then
  say "configuring $conf (runc, cgroupfs, no default ulimits, netavark)"
  mkdir -p /etc/containers
  printf '[containers]\ndefault_ulimits = []\n[engine]\ncgroup_manager = "cgroupfs"\nruntime = "runc"\n[network]\nnetwork_backend = "netavark"\n' >"$conf"
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
