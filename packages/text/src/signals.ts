/**
 * STOPSIGNAL values as the engine reads them (moby `signal.ParseSignal`, Linux signal table): a
 * decimal number other than 0, or a name with or without `SIG` in any case, including `RTMIN+n`
 * (n = 1…15) and `RTMAX-n` (n = 1…14).
 */

const BASE: Record<string, number> = {
  ABRT: 6,
  ALRM: 14,
  BUS: 7,
  CHLD: 17,
  CLD: 17,
  CONT: 18,
  FPE: 8,
  HUP: 1,
  ILL: 4,
  INT: 2,
  IO: 29,
  IOT: 6,
  KILL: 9,
  PIPE: 13,
  POLL: 29,
  PROF: 27,
  PWR: 30,
  QUIT: 3,
  SEGV: 11,
  STKFLT: 16,
  STOP: 19,
  SYS: 31,
  TERM: 15,
  TRAP: 5,
  TSTP: 20,
  TTIN: 21,
  TTOU: 22,
  URG: 23,
  USR1: 10,
  USR2: 12,
  VTALRM: 26,
  WINCH: 28,
  XCPU: 24,
  XFSZ: 25,
  RTMIN: 34,
  RTMAX: 64,
};

/** The engine's Linux signal table: name (without `SIG`) → number. */
export const SIGNALS: Readonly<Record<string, number>> = (() => {
  const table: Record<string, number> = { ...BASE };
  for (let n = 1; n <= 15; n++) table[`RTMIN+${n}`] = 34 + n;
  for (let n = 1; n <= 14; n++) table[`RTMAX-${n}`] = 64 - n;
  return table;
})();

/** A parsed signal number or the engine's error (`invalid signal: <value>`). */
export type SignalResult =
  | { ok: true; signal: number; name: string | undefined }
  | { ok: false; error: string };

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * Go `strconv.Atoi` on a 64-bit engine: optional sign and decimal digits, within `int64` (a number beyond
 * 2^53 comes back rounded; only its being non-zero matters to the engine).
 */
function atoi(s: string): number | undefined {
  if (!/^[+-]?[0-9]+$/.test(s)) return undefined;
  const n = BigInt(s);
  return n >= INT64_MIN && n <= INT64_MAX ? Number(n) : undefined;
}

/**
 * Parses a STOPSIGNAL value. Numbers are accepted as the engine accepts them (any non-zero int);
 * `name` is the canonical `SIG…` name when the number or name is in the table. Never throws.
 * @example parseSignal("sigterm") → { ok: true, signal: 15, name: "SIGTERM" }
 */
export function parseSignal(raw: string): SignalResult {
  const n = atoi(raw);
  if (n !== undefined) {
    if (n === 0) return { ok: false, error: `invalid signal: ${raw}` };
    const name = Object.keys(SIGNALS).find(
      (k) => SIGNALS[k] === n && k !== "CLD" && k !== "IOT" && k !== "POLL",
    );
    return { ok: true, signal: n, name: name ? `SIG${name}` : undefined };
  }
  let key = raw.toUpperCase();
  if (key.startsWith("SIG")) key = key.slice(3);
  const signal = Object.hasOwn(SIGNALS, key) ? SIGNALS[key] : undefined;
  if (signal === undefined) return { ok: false, error: `invalid signal: ${raw}` };
  return { ok: true, signal, name: `SIG${key}` };
}

/**
 * True for a signal name of the engine's Linux table, with or without `SIG`, in any case (`SIGTERM`, `term`,
 * `RTMAX-14`); numbers are not names. The api schemas' `StopSignal` checks and the Enginefile's
 * `STOPSIGNAL` read the same table.
 */
export function isSignalName(raw: string): boolean {
  let key = raw.toUpperCase();
  if (key.startsWith("SIG")) key = key.slice(3);
  return Object.hasOwn(SIGNALS, key);
}
