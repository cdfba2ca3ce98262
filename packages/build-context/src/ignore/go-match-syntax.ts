/**
 * The engine CLI's syntax check of an ignore pattern: moby/patternmatcher `New` calls Go's
 * `filepath.Match(pattern, ".")` and refuses the pattern if that returns `ErrBadPattern`. What Go checks
 * is an accident of how `Match` walks the pattern, so this is a port of its control flow, byte for byte,
 * as shipped in the engine CLI 28.2 (Go 1.24), and verified against that CLI (build-context tests):
 *
 * - the pattern is cut into chunks at each `*` outside a bracket expression (`scanChunk`);
 * - a chunk that is tried is checked whole (`matchChunk` keeps parsing after a mismatch), so `a[`,
 *   `[]a]` and `[x-]` are errors;
 * - `Match` stops at the first chunk that fails to match `.` without a `*` before it, and does not look
 *   at the rest: `a*[`, `a*\/[]a]` and `a/*[]a]` are accepted (the rest is never checked), while
 *   `*\/[]a]` is not (its first chunk is tried).
 *
 * Patterns it accepts may still fail when the engine compiles them into a regexp, which it does only
 * when a pattern is first evaluated (see `engine-regexp.ts`).
 */

const STAR = 0x2a;
const OPEN = 0x5b;
const CLOSE = 0x5d;
const BACKSLASH = 0x5c;
const QUESTION = 0x3f;
const CARET = 0x5e;
const DASH = 0x2d;
const SLASH = 0x2f;

/** Go's `ErrBadPattern`, raised as a value so the port reads like the original. */
const BAD = Symbol("ErrBadPattern");

/** Go's `utf8.DecodeRune` on `b` from `i` up to `end`: [rune, size]; invalid input is (U+FFFD, 1). */
function decodeRune(b: Uint8Array, i: number, end: number): [number, number] {
  const c = b[i]!;
  if (c < 0x80) return [c, 1];
  const extra = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : 0;
  if (extra === 0 || i + extra >= end) return [0xfffd, 1];
  let r = c & (0xff >> (extra + 2));
  for (let k = 1; k <= extra; k++) {
    const cc = b[i + k]!;
    if ((cc & 0xc0) !== 0x80) return [0xfffd, 1];
    r = (r << 6) | (cc & 0x3f);
  }
  const min = extra === 1 ? 0x80 : extra === 2 ? 0x800 : 0x10000;
  if (r < min || r > 0x10ffff || (r >= 0xd800 && r <= 0xdfff)) return [0xfffd, 1];
  return [r, extra + 1];
}

/** `scanChunk`: [star, chunk, rest] over byte offsets [start, end). */
function scanChunk(p: Uint8Array, start: number): { star: boolean; chunk: [number, number]; rest: number } {
  let i = start;
  let star = false;
  while (i < p.length && p[i] === STAR) {
    i++;
    star = true;
  }
  const from = i;
  let inRange = false;
  for (; i < p.length; i++) {
    const c = p[i]!;
    if (c === BACKSLASH) {
      if (i + 1 < p.length) i++;
    } else if (c === OPEN) inRange = true;
    else if (c === CLOSE) inRange = false;
    else if (c === STAR && !inRange) break;
  }
  return { star, chunk: [from, i], rest: i };
}

/** `getEsc`: one possibly escaped character of a bracket expression; returns [rune, next] or BAD. */
function getEsc(p: Uint8Array, i: number, end: number): [number, number] | typeof BAD {
  if (i >= end || p[i] === DASH || p[i] === CLOSE) return BAD;
  if (p[i] === BACKSLASH) {
    i++;
    if (i >= end) return BAD;
  }
  const [r, n] = decodeRune(p, i, end);
  if (r === 0xfffd && n === 1) return BAD;
  i += n;
  if (i >= end) return BAD;
  return [r, i];
}

/**
 * `matchChunk(chunk, s)`: [ok, rest of s] or BAD. `s` is ASCII here (`.` or a suffix of it), compared
 * byte-wise as Go does.
 */
function matchChunk(p: Uint8Array, from: number, end: number, s: string): [boolean, string] | typeof BAD {
  let failed = false;
  let i = from;
  while (i < end) {
    if (!failed && s.length === 0) failed = true;
    const c = p[i]!;
    if (c === OPEN) {
      let r = -1;
      if (!failed) {
        r = s.codePointAt(0)!;
        s = s.slice(r > 0xffff ? 2 : 1);
      }
      i++;
      let negated = false;
      if (i < end && p[i] === CARET) {
        negated = true;
        i++;
      }
      let match = false;
      let ranges = 0;
      while (true) {
        if (i < end && p[i] === CLOSE && ranges > 0) {
          i++;
          break;
        }
        const lo = getEsc(p, i, end);
        if (lo === BAD) return BAD;
        let hi = lo[0];
        i = lo[1];
        if (p[i] === DASH) {
          const h = getEsc(p, i + 1, end);
          if (h === BAD) return BAD;
          hi = h[0];
          i = h[1];
        }
        if (lo[0] <= r && r <= hi) match = true;
        ranges++;
      }
      if (match === negated) failed = true;
    } else if (c === QUESTION) {
      if (!failed) {
        if (s.charCodeAt(0) === SLASH) failed = true;
        s = s.slice(1);
      }
      i++;
    } else {
      if (c === BACKSLASH) {
        i++;
        if (i >= end) return BAD;
      }
      if (!failed) {
        if (p[i] !== s.charCodeAt(0)) failed = true;
        s = s.slice(1);
      }
      i++;
    }
  }
  return failed ? [false, ""] : [true, s];
}

/**
 * True when the engine CLI refuses `pattern` (already cleaned, without its `!`) when reading the ignore
 * file: Go 1.24's `filepath.Match(pattern, ".")` returns `ErrBadPattern` (see the module comment).
 */
export function goMatchRefuses(pattern: string): boolean {
  const p = new TextEncoder().encode(pattern);
  let name = ".";
  let at = 0;
  outer: while (at < p.length) {
    const { star, chunk, rest } = scanChunk(p, at);
    at = rest;
    if (star && chunk[0] === chunk[1]) return false;
    const first = matchChunk(p, chunk[0], chunk[1], name);
    if (first === BAD) return true;
    if (first[0] && (first[1].length === 0 || at < p.length)) {
      name = first[1];
      continue;
    }
    if (star) {
      for (let i = 0; i < name.length && name.charCodeAt(i) !== SLASH; i++) {
        const next = matchChunk(p, chunk[0], chunk[1], name.slice(i + 1));
        if (next === BAD) return true;
        if (next[0]) {
          if (at >= p.length && next[1].length > 0) continue;
          name = next[1];
          continue outer;
        }
      }
    }
    return false;
  }
  return false;
}
