/**
 * Character classes of Go as the engine's readers use them (BuildKit's Dockerfile parser, moby's ignore-file
 * reader): Go's `unicode.IsSpace` differs from JavaScript's `\s` — it includes U+0085 and excludes U+FEFF.
 * The Enginefile parser, the ignore-file reader of `@enginekit/build-context` (Go's `strings.TrimSpace`)
 * and the linter share these.
 */

/** Go `unicode.IsSpace` for one UTF-16 code unit (every Go space is in the BMP). */
export function isGoSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0x85) return false;
  return (
    code === 0x85 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000
  );
}

/** The whitespace of the reference's `reWhitespace` / `tokenWhitespace`: `[\t\v\f\r ]`. */
export function isAsciiBlank(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0b || code === 0x0c || code === 0x0d;
}

/** Go regexp `\s` (ASCII only): `[\t\n\f\r ]`. */
export function isRegexpSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d;
}

/** A regular-expression character class source equal to Go `unicode.IsSpace`. */
export const GO_SPACE_CLASS =
  "\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";

/** Index of the first non-space (Go `unicode.IsSpace`) unit of `text` in `[from, to)`, or `to`. */
export function skipGoSpace(text: string, from: number, to: number): number {
  let i = from;
  while (i < to && isGoSpace(text.charCodeAt(i))) i++;
  return i;
}

/** End of `text[from, to)` after trimming trailing Go spaces. */
export function trimGoSpaceEnd(text: string, from: number, to: number): number {
  let j = to;
  while (j > from && isGoSpace(text.charCodeAt(j - 1))) j--;
  return j;
}

/**
 * UTF-8 byte length of `text[from, to)`: a raw byte kept by `decodeBytes` (lone U+DC80–U+DCFF) counts
 * one byte, other lone surrogates 3 bytes (as U+FFFD).
 */
export function utf8Length(text: string, from: number, to: number): number {
  let bytes = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < to) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += c >= 0xdc80 && c <= 0xdcff ? 1 : 3;
  }
  return bytes;
}
