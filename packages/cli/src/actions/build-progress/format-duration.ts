/** Durations and sizes as `docker buildx build`'s progress shows them (`0.1s`, `12.3s`, `141B`, `2.10MB`). */

/** Seconds with one decimal (`0.0s`, `12.3s`), as buildx prints step times. */
export function formatSeconds(seconds: number): string {
  return `${seconds.toFixed(1)}s`;
}

/** A byte count in decimal units (`141B`, `2.10kB`, `5.30MB`), as buildx prints transfer sizes. */
function formatSize(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(2)}GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(2)}MB`;
  if (bytes >= 1e3) return `${(bytes / 1e3).toFixed(2)}kB`;
  return `${bytes}B`;
}

/**
 * A status's size as BuildKit's displays show it: `current / total` when the total is known, `current`
 * when it is not 0, else "" (moby/buildkit `progressui`, `units.Bytes` with `%.2f`).
 */
export function statusSize(s: { current: number; total: number }): string {
  if (s.total > 0) return `${formatSize(s.current)} / ${formatSize(s.total)}`;
  return s.current > 0 ? formatSize(s.current) : "";
}

/**
 * The seconds since a step started that stamp its log lines: three decimals under 10 s, two under 100 s,
 * one after (`0.048`, `12.34`, `123.4`), as BuildKit's progress trace stamps them.
 */
export function formatStamp(seconds: number): string {
  const s = Math.max(0, seconds);
  return s.toFixed(s < 10 ? 3 : s < 100 ? 2 : 1);
}
