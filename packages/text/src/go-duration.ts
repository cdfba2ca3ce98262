/**
 * Durations in the engine's syntax: Go `time.ParseDuration` (`300ms`, `-1.5h`, `2h45m`, `1h2m3.5s`;
 * units `ns`, `us`, `µs` (U+00B5), `μs` (U+03BC), `ms`, `s`, `m`, `h`). Results are integer
 * nanoseconds as `bigint`, exact over Go's whole `int64` range; fractions are computed with the same
 * float64 arithmetic as Go, so results match the engine bit for bit.
 */

const UNITS: Record<string, bigint> = {
  ns: 1n,
  us: 1000n,
  "\u00b5s": 1000n,
  "\u03bcs": 1000n,
  ms: 1_000_000n,
  s: 1_000_000_000n,
  m: 60_000_000_000n,
  h: 3_600_000_000_000n,
};

const INT64_MAX = (1n << 63n) - 1n;

/** A parsed duration or the engine's error message (`time: invalid duration "x"`, …). */
export type DurationResult = { ok: true; nanoseconds: bigint } | { ok: false; error: string };

function quote(s: string): string {
  return JSON.stringify(s);
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= "0" && c <= "9";
}

/**
 * Parses a duration exactly like Go's `time.ParseDuration`. Never throws.
 * @example parseDuration("1h2m3.5s") → { ok: true, nanoseconds: 3723500000000n }
 */
export function parseDuration(text: string): DurationResult {
  const orig = text;
  const invalid = (): DurationResult => ({ ok: false, error: `time: invalid duration ${quote(orig)}` });
  let s = text;
  let neg = false;
  if (s !== "" && (s[0] === "-" || s[0] === "+")) {
    neg = s[0] === "-";
    s = s.slice(1);
  }
  if (s === "0") return { ok: true, nanoseconds: 0n };
  if (s === "") return invalid();
  let d = 0n;
  while (s !== "") {
    if (!(s[0] === "." || isDigit(s[0]))) return invalid();
    // integer part
    let i = 0;
    let v = 0n;
    while (isDigit(s[i])) {
      if (v > (1n << 63n) / 10n) return invalid();
      v = v * 10n + BigInt(s.charCodeAt(i) - 48);
      if (v > 1n << 63n) return invalid();
      i++;
    }
    const pre = i !== 0;
    s = s.slice(i);
    // fraction
    let f = 0n;
    let scale = 1;
    let post = false;
    if (s[0] === ".") {
      s = s.slice(1);
      let j = 0;
      let fracOverflow = false;
      while (isDigit(s[j])) {
        if (!fracOverflow) {
          if (f > INT64_MAX / 10n) fracOverflow = true;
          else {
            const next = f * 10n + BigInt(s.charCodeAt(j) - 48);
            if (next > 1n << 63n) fracOverflow = true;
            else {
              f = next;
              scale *= 10;
            }
          }
        }
        j++;
      }
      post = j !== 0;
      s = s.slice(j);
    }
    if (!pre && !post) return invalid();
    // unit
    let u = 0;
    while (u < s.length && s[u] !== "." && !isDigit(s[u])) u++;
    if (u === 0) return { ok: false, error: `time: missing unit in duration ${quote(orig)}` };
    const unitName = s.slice(0, u);
    s = s.slice(u);
    const unit = UNITS[unitName];
    if (unit === undefined)
      return { ok: false, error: `time: unknown unit ${quote(unitName)} in duration ${quote(orig)}` };
    if (v > (1n << 63n) / unit) return invalid();
    v *= unit;
    if (f > 0n) {
      v += BigInt(Math.trunc(Number(f) * (Number(unit) / scale)));
      if (v > 1n << 63n) return invalid();
    }
    d += v;
    if (d > 1n << 63n) return invalid();
  }
  if (neg) return { ok: true, nanoseconds: -d };
  if (d > INT64_MAX) return invalid();
  return { ok: true, nanoseconds: d };
}

/** The engine's minimum non-zero HEALTHCHECK interval: 1 ms (moby `container.MinimumDuration`). */
export const MINIMUM_HEALTHCHECK_DURATION_NS = 1_000_000n;

/**
 * Reads a HEALTHCHECK duration flag (`--interval`, `--timeout`, `--start-period`, `--start-interval`)
 * as BuildKit's `parseOptInterval` does: "" and `0` mean the default (0n); otherwise the duration must
 * be at least 1 ms, or the error is `Interval "<flag>" cannot be less than 1ms`.
 */
export function parseHealthcheckDuration(flagName: string, value: string): DurationResult {
  if (value === "") return { ok: true, nanoseconds: 0n };
  const r = parseDuration(value);
  if (!r.ok || r.nanoseconds === 0n) return r;
  if (r.nanoseconds < MINIMUM_HEALTHCHECK_DURATION_NS) {
    return { ok: false, error: `Interval ${quote(flagName)} cannot be less than 1ms` };
  }
  return r;
}
