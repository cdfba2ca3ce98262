/**
 * Engine units for people: a byte count in binary units (`536870912` → `512 MiB`) and a nanosecond count as
 * a Go-style duration (`90000000000` → `1m30s`), for the Compose kind's inlay hints. The binary prefixes
 * are the ones Compose's sizes use (`512m` is 512 × 1024², docker/go-units `RAMInBytes`).
 */

const BYTE_UNITS = ["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];

/** `1536` → `1.5 KiB`; whole numbers of a unit without decimals; negative values as they are. */
export function humanBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1024) return `${bytes} B`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const shown = Number.isInteger(value)
    ? String(value)
    : value.toFixed(value < 10 ? 2 : 1).replace(/\.?0+$/, "");
  return `${shown} ${BYTE_UNITS[unit]}`;
}

const DURATION_UNITS: [string, number][] = [
  ["h", 3_600_000_000_000],
  ["m", 60_000_000_000],
  ["s", 1_000_000_000],
  ["ms", 1_000_000],
  ["µs", 1_000],
  ["ns", 1],
];

/** `90000000000` → `1m30s`, `500000` → `500µs` (Go's `time.Duration` spelling); `0` → `0s`. */
export function humanNanoseconds(nanoseconds: number): string {
  if (!Number.isFinite(nanoseconds) || !Number.isInteger(nanoseconds)) return `${nanoseconds} ns`;
  if (nanoseconds === 0) return "0s";
  let rest = Math.abs(nanoseconds);
  let out = nanoseconds < 0 ? "-" : "";
  for (const [unit, size] of DURATION_UNITS) {
    const count = Math.floor(rest / size);
    if (count > 0) {
      out += `${count}${unit}`;
      rest -= count * size;
    }
  }
  return out;
}
