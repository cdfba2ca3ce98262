#!/usr/bin/env bash
# Starts a private, real engine (Debian's docker.io dockerd) for tests, benchmarks and the demo.
#
# - Installs Debian's `docker.io` (and `busybox-static`) when `dockerd` (or a static busybox) is missing:
#   `apt-get update` once, then install. Needs root, as CI has.
# - Runs dockerd as a private instance: socket, data root, exec root, pid file and log all live under one
#   folder (ENGINE_ROOT, default a new mktemp folder), with `--iptables=false --bridge=none`, so it never
#   touches a system engine.
# - Waits for `GET /_ping` (at most ENGINE_START_TIMEOUT seconds, default 60).
# - Imports `enginekit/busybox:latest`: a root file system with /bin/busybox and its applet links, so tests
#   can run containers and `RUN` steps offline (no registry is reachable). `FROM scratch` needs nothing.
# - Prints, on stdout, lines to `eval`: ENGINE_HOST=unix://…, ENGINE_ROOT=…, ENGINE_PID=…
#
# Stop it with `tools/engine/stop.sh <ENGINE_ROOT>`, which stops only the process this script started.
set -euo pipefail

log() { echo "engine: $*" >&2; }

install_debian_packages() {
  local need=()
  command -v dockerd >/dev/null 2>&1 || need+=(docker.io)
  if ! file -L /bin/busybox 2>/dev/null | grep -q 'statically linked'; then need+=(busybox-static); fi
  command -v curl >/dev/null 2>&1 || need+=(curl)
  command -v file >/dev/null 2>&1 || need+=(file)
  if [ "${#need[@]}" -gt 0 ]; then
    if [ "$(id -u)" != 0 ]; then
      log "missing ${need[*]} and not root: install them (apt-get install ${need[*]}) and retry"
      exit 1
    fi
    log "installing Debian packages: ${need[*]}"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >&2
  fi
}

install_debian_packages

root="${ENGINE_ROOT:-$(mktemp -d /tmp/enginekit-engine.XXXXXX)}"
mkdir -p "$root"/{data,exec}
sock="$root/engine.sock"
timeout_s="${ENGINE_START_TIMEOUT:-60}"

dockerd \
  --host "unix://$sock" \
  --data-root "$root/data" \
  --exec-root "$root/exec" \
  --pidfile "$root/engine.pid" \
  --iptables=false --ip-masq=false --bridge=none \
  --userland-proxy=false \
  >"$root/engine.log" 2>&1 &
pid=$!
echo "$pid" >"$root/started.pid"

deadline=$((SECONDS + timeout_s))
until curl -fsS --unix-socket "$sock" http://engine/_ping >/dev/null 2>&1; do
  if ! kill -0 "$pid" 2>/dev/null; then
    log "dockerd exited during start; last lines of $root/engine.log:"
    tail -n 20 "$root/engine.log" >&2
    exit 1
  fi
  if [ "$SECONDS" -ge "$deadline" ]; then
    log "no answer to GET /_ping on $sock after ${timeout_s}s; see $root/engine.log"
    kill "$pid" 2>/dev/null || true
    exit 1
  fi
  sleep 0.2
done

# The tiny offline base image: /bin/busybox plus one link per applet.
if ! curl -fsS --unix-socket "$sock" http://engine/v1.24/images/enginekit/busybox:latest/json >/dev/null 2>&1; then
  rootfs="$root/busybox-rootfs"
  mkdir -p "$rootfs/bin" "$rootfs/tmp" "$rootfs/etc" "$rootfs/root"
  cp /bin/busybox "$rootfs/bin/busybox"
  for applet in $("$rootfs/bin/busybox" --list); do
    [ "$applet" = busybox ] || ln -sf busybox "$rootfs/bin/$applet"
  done
  printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/:/bin/false\n' >"$rootfs/etc/passwd"
  printf 'root:x:0:\nnogroup:x:65534:\n' >"$rootfs/etc/group"
  tar -C "$rootfs" -cf "$root/busybox-rootfs.tar" .
  changes='changes=CMD%20%5B%22%2Fbin%2Fsh%22%5D&changes=ENV%20PATH%3D%2Fbin'
  if ! curl -fsS --unix-socket "$sock" -X POST -H 'Content-Type: application/x-tar' \
    --data-binary @"$root/busybox-rootfs.tar" \
    "http://engine/v1.24/images/create?fromSrc=-&repo=enginekit/busybox&tag=latest&$changes" >"$root/import.log"; then
    log "importing enginekit/busybox:latest failed; see $root/import.log"
    exit 1
  fi
  rm -rf "$rootfs" "$root/busybox-rootfs.tar"
fi

log "engine ready (pid $pid, log $root/engine.log)"
echo "ENGINE_HOST=unix://$sock"
echo "ENGINE_ROOT=$root"
echo "ENGINE_PID=$pid"
