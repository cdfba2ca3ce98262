/**
 * Parsing the engine CLI's build flag forms into `POST /build` values (research §5.1): `--build-arg`,
 * `--label`, byte sizes like `512m`. Pure; errors are {@link BuildFlagError}s naming the flag and value.
 */

/**
 * A flag value that cannot be used. `flag` is the flag as typed (e.g. `--build-arg`); an empty `value` is
 * left out of the message (the flag itself is refused).
 */
export class BuildFlagError extends Error {
  constructor(
    readonly flag: string,
    readonly value: string,
    reason: string,
  ) {
    super(value === "" ? `${flag}: ${reason}` : `${flag} ${JSON.stringify(value)}: ${reason}`);
    this.name = "BuildFlagError";
  }
}

const ARG_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * `--build-arg NAME=value` → `value`; a bare `--build-arg NAME` takes `NAME` from `env`, or `null` when it
 * is unset there (the engine then treats the argument as mentioned but unset and warns if unused).
 * Later flags for the same name win. @throws BuildFlagError for an empty or malformed name.
 */
export function parseBuildArgs(
  values: readonly string[],
  env: NodeJS.ProcessEnv,
): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const value of values) {
    const eq = value.indexOf("=");
    const name = eq < 0 ? value : value.slice(0, eq);
    if (!ARG_NAME.test(name)) throw new BuildFlagError("--build-arg", value, "expected NAME=value or NAME");
    out[name] = eq < 0 ? (env[name] ?? null) : value.slice(eq + 1);
  }
  return out;
}

/** `--label key=value` (a bare `key` means an empty value, as in the engine CLI). @throws BuildFlagError */
export function parseLabels(values: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const value of values) {
    const eq = value.indexOf("=");
    const key = eq < 0 ? value : value.slice(0, eq);
    if (key.trim() === "") throw new BuildFlagError("--label", value, "the label key is empty");
    out[key] = eq < 0 ? "" : value.slice(eq + 1);
  }
  return out;
}

const UNITS: Record<string, number> = {
  "": 1,
  b: 1,
  k: 1024,
  m: 1024 ** 2,
  g: 1024 ** 3,
  t: 1024 ** 4,
  p: 1024 ** 5,
};

/**
 * A byte size in the engine CLI's `RAMInBytes` form: a number with an optional binary unit
 * `b|k|m|g|t|p` (case-insensitive, optional `i` and `b` after it): `512m`, `1.5GiB`, `65536`.
 * @returns bytes (an integer). @throws BuildFlagError
 */
export function parseByteSize(flag: string, value: string): number {
  const m = /^(\d+(?:\.\d+)?) ?([kmgtpb]?)(?:i?b)?$/i.exec(value.trim());
  if (!m) throw new BuildFlagError(flag, value, "expected a size like 512m, 2g or 1048576");
  const bytes = Math.floor(Number(m[1]) * UNITS[m[2]!.toLowerCase()]!);
  if (!Number.isSafeInteger(bytes)) throw new BuildFlagError(flag, value, "too large");
  return bytes;
}

/** Like {@link parseByteSize} but also accepts `-1` (unlimited, for `--memory-swap`). */
export function parseByteSizeOrUnlimited(flag: string, value: string): number {
  return value.trim() === "-1" ? -1 : parseByteSize(flag, value);
}

/** A decimal integer flag. @throws BuildFlagError */
export function parseInteger(flag: string, value: string): number {
  if (!/^-?\d+$/.test(value.trim())) throw new BuildFlagError(flag, value, "expected an integer");
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new BuildFlagError(flag, value, "too large");
  return n;
}

/** A CPU list like `0-3,5` (`--cpuset-cpus`): returned as given. @throws BuildFlagError */
export function parseCpuList(flag: string, value: string): string {
  if (!/^\d+(-\d+)?(,\d+(-\d+)?)*$/.test(value))
    throw new BuildFlagError(flag, value, 'expected a list like "0-3,5"');
  return value;
}
