/** Durations and sizes as `docker buildx build`'s progress shows them (`0.1s`, `12.3s`, `141B`, `2.10MB`). */

/** Seconds with one decimal (`0.0s`, `12.3s`), as buildx prints step times. */
export function formatSeconds(seconds: number): string {
  return `${seconds.toFixed(1)}s`;
}

/** A byte count in decimal units (`141B`, `2.10kB`, `5.30MB`), as buildx prints transfer sizes. */
export function formatSize(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(2)}GB`;
  if (bytes >= 1e6) return `${(bytes / 1e6).toFixed(2)}MB`;
  if (bytes >= 1e3) return `${(bytes / 1e3).toFixed(2)}kB`;
  return `${bytes}B`;
}
