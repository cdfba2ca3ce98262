#!/usr/bin/env bash
# Stops the private engine started by `tools/engine/start.sh` and removes its folder.
# Usage: tools/engine/stop.sh <ENGINE_ROOT>   (or with ENGINE_ROOT in the environment)
# Stops only the process start.sh started (its pid is kept in <root>/started.pid and must still be a
# dockerd using <root>); never touches any other engine.
set -euo pipefail
root="${1:-${ENGINE_ROOT:-}}"
if [ -z "$root" ] || [ ! -d "$root" ]; then
  echo "engine: usage: stop.sh <ENGINE_ROOT> (folder printed by start.sh)" >&2
  exit 2
fi
pidfile="$root/started.pid"
if [ -f "$pidfile" ]; then
  pid="$(cat "$pidfile")"
  if [ -r "/proc/$pid/cmdline" ] && tr '\0' ' ' <"/proc/$pid/cmdline" | grep -q -- "$root/engine.sock"; then
    kill -TERM "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    if kill -0 "$pid" 2>/dev/null; then
      echo "engine: dockerd $pid did not stop in 20s; killing it" >&2
      kill -KILL "$pid" 2>/dev/null || true
    fi
  fi
fi
# Unmount whatever the engine left mounted under its folder (deepest first), then remove the folder.
{ grep -F " $root/" /proc/mounts || true; } | awk '{print $2}' | sort -r | while read -r m; do umount -l "$m" 2>/dev/null || true; done
rm -rf "$root" 2>/dev/null || echo "engine: could not remove all of $root" >&2
