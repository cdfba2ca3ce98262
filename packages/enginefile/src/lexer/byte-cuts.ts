/**
 * Cuts that BuildKit makes between the bytes of one character. Some of its line parsers read a Go string
 * byte by byte and test `unicode.IsSpace(rune(line[i]))` (`parseHealthConfig` in
 * `frontend/dockerfile/parser/line_parsers.go`, `extractBuilderFlags` in `split_command.go`): the bytes
 * 0x85 and 0xA0 then count as spaces, also when they are the continuation bytes of a multi-byte
 * character (`\u00a0` is C2 A0, `\u00e0` is C3 A0, U+E0001 is F3 A0 80 81), so a word can end, or the
 * rest of the line begin, inside a character. The part of a character on one side of such a cut is
 * written as raw bytes, each byte ≥ 0x80 as the lone surrogate U+DC00 + byte (the convention of
 * `decodeBytes`, which `goQuote` prints as `\xhh`).
 */

/** Bytes `b` for which Go's `unicode.IsSpace(rune(b))` holds: `\t \n \v \f \r`, space, 0x85, 0xA0. */
function isSpaceByte(b: number): boolean {
  return b === 0x20 || (b >= 0x09 && b <= 0x0d) || b === 0x85 || b === 0xa0;
}

/**
 * The UTF-8 bytes of the character at `text[i]` and how many UTF-16 units it takes (2 for a surrogate
 * pair). A raw byte (lone U+DC80–U+DCFF) is that byte; another lone surrogate is U+FFFD's 3 bytes.
 */
export function characterBytes(text: string, i: number): { bytes: number[]; units: number } {
  const c = text.charCodeAt(i);
  if (c < 0x80) return { bytes: [c], units: 1 };
  if (c < 0x800) return { bytes: [0xc0 | (c >> 6), 0x80 | (c & 0x3f)], units: 1 };
  if (c >= 0xd800 && c <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
    const cp = 0x10000 + ((c - 0xd800) << 10) + (text.charCodeAt(i + 1) - 0xdc00);
    return {
      bytes: [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)],
      units: 2,
    };
  }
  if (c >= 0xdc80 && c <= 0xdcff) return { bytes: [c - 0xdc00], units: 1 };
  const cp = c >= 0xd800 && c <= 0xdfff ? 0xfffd : c;
  return { bytes: [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f)], units: 1 };
}

/** `bytes` as text: each byte < 0x80 its character, each other byte the lone surrogate U+DC00 + byte. */
export function rawBytesText(bytes: readonly number[]): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b < 0x80 ? b : 0xdc00 + b);
  return s;
}

/**
 * A place between two bytes of `text`: before the character at UTF-16 offset `unit`, after its first
 * `byte` bytes (0: on the character boundary). `units` is the character's UTF-16 length.
 */
export interface BytePlace {
  unit: number;
  byte: number;
  units: number;
  /** The character's bytes after the place, as {@link rawBytesText} (empty on a boundary). */
  after: string;
  /** The character's bytes before the place, as {@link rawBytesText} (empty on a boundary). */
  before: string;
}

function place(text: string, unit: number, byte: number, to: number): BytePlace {
  if (byte === 0 || unit >= to) return { unit, byte: 0, units: 0, after: "", before: "" };
  const { bytes, units } = characterBytes(text, unit);
  return {
    unit,
    byte,
    units,
    after: rawBytesText(bytes.slice(byte)),
    before: rawBytesText(bytes.slice(0, byte)),
  };
}

/**
 * The first byte of `text[from, to)` at or after `start` for which `wanted(isSpaceByte(byte))` holds, as
 * a {@link BytePlace} (`unit === to` when there is none). Walks characters; ASCII costs one test each.
 */
export function findSpaceByte(
  text: string,
  from: number,
  to: number,
  start: number,
  wanted: boolean,
): BytePlace {
  let u = from;
  let skip = start;
  while (u < to) {
    const c = text.charCodeAt(u);
    if (c < 0x80) {
      if (isSpaceByte(c) === wanted) return place(text, u, 0, to);
      u++;
      skip = 0;
      continue;
    }
    const { bytes, units } = characterBytes(text, u);
    for (let j = skip; j < bytes.length; j++) {
      if (isSpaceByte(bytes[j] ?? 0) === wanted) return place(text, u, j, to);
    }
    u += units;
    skip = 0;
  }
  return place(text, to, 0, to);
}
