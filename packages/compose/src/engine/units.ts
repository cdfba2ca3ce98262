/**
 * The value syntaxes a Compose file shares with the engine CLI: byte sizes as docker/go-units
 * `RAMInBytes` reads them (`512m`, `1.5g`, `2GiB`, `1024`: binary multiples, case-insensitive, an optional
 * `i` and `b`), which compose-go uses for `mem_limit`, `shm_size`, `memswap_limit`… (`types.UnitBytes`), and
 * CPU counts (`cpus: 0.5`, `"1.5"`). Pure.
 */

const SIZE = /^(\d+(?:\.\d+)*) ?([kKmMgGtTpP])?[iI]?[bB]?$/;
const MULTIPLIERS: Record<string, number> = {
  k: 1024,
  m: 1024 ** 2,
  g: 1024 ** 3,
  t: 1024 ** 4,
  p: 1024 ** 5,
};

/**
 * Bytes of a size (go-units `RAMInBytes`): a number is taken as bytes; a string is `<number>[unit][i][b]`.
 * Returns undefined for anything else (go-units: "invalid size").
 */
export function parseByteSize(value: string | number | boolean | null): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) ? Math.trunc(value) : undefined;
  if (typeof value !== "string") return undefined;
  const match = SIZE.exec(value.trim());
  if (!match) return undefined;
  const number = Number.parseFloat(match[1]!);
  if (!Number.isFinite(number)) return undefined;
  const unit = match[2]?.toLowerCase();
  return Math.trunc(number * (unit ? MULTIPLIERS[unit]! : 1));
}

/** A CPU count (`0.5`, `"1.5"`), or undefined when it is not a number. */
export function parseCpus(value: string | number | boolean | null): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value !== "string" || value.trim() === "") return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}
