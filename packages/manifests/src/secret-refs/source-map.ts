/**
 * Locating part of a string value in the source (`valueSourceMap`, `locateSubstring`): value indexes mapped
 * through the quotes and escapes of JSON and YAML scalars.
 */
import type { LocatedScalar } from "../tree/located-node.js";

/**
 * Maps indexes of a string scalar's value (UTF-16 code units) to offsets in the source text, through quotes
 * and escapes. `offsets[i]` is the source offset where value character `i` starts; `offsets[value.length]`
 * is where the value ends. `exact` is false when the mapping could not be established (then every index maps
 * into the scalar's range approximately and callers should use the whole scalar's range).
 */
interface ValueSourceMap {
  offsets: number[];
  exact: boolean;
}

const SIMPLE_ESCAPES: Record<string, string> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  "0": "\0",
  a: "\x07",
  v: "\v",
  e: "\x1b",
  " ": " ",
  "\t": "\t",
  N: "\x85",
  _: "\xa0",
  L: "\u2028",
  P: "\u2029",
};
const HEX_LENGTH: Record<string, number> = { x: 2, u: 4, U: 8 };

/** Decodes a double-quoted (JSON or YAML) scalar's single-line source, recording where each character came from. */
function decodeDoubleQuoted(source: string, base: number): { value: string; offsets: number[] } {
  let value = "";
  const offsets: number[] = [];
  let i = 1; // after the opening quote
  const end = source.endsWith('"') && source.length > 1 ? source.length - 1 : source.length;
  while (i < end) {
    const char = source[i]!;
    if (char === "\\") {
      const next = source[i + 1] ?? "";
      const hex = HEX_LENGTH[next];
      if (hex) {
        const code = Number.parseInt(source.slice(i + 2, i + 2 + hex), 16);
        const decoded = Number.isNaN(code) || code > 0x10ffff ? "\ufffd" : String.fromCodePoint(code);
        for (let k = 0; k < decoded.length; k++) offsets.push(base + i);
        value += decoded;
        i += 2 + hex;
        continue;
      }
      const simple = SIMPLE_ESCAPES[next];
      offsets.push(base + i);
      value += simple ?? next;
      i += 2;
      continue;
    }
    offsets.push(base + i);
    value += char;
    i++;
  }
  offsets.push(base + i);
  return { value, offsets };
}

/** Decodes a single-quoted YAML scalar's single-line source (`''` is one quote). */
function decodeSingleQuoted(source: string, base: number): { value: string; offsets: number[] } {
  let value = "";
  const offsets: number[] = [];
  let i = 1;
  const end = source.endsWith("'") && source.length > 1 ? source.length - 1 : source.length;
  while (i < end) {
    offsets.push(base + i);
    value += source[i];
    i += source[i] === "'" && source[i + 1] === "'" ? 2 : 1;
  }
  offsets.push(base + i);
  return { value, offsets };
}

/**
 * Builds the {@link ValueSourceMap} of a string scalar. Quoted single-line scalars are decoded exactly;
 * plain and block scalars (and multi-line quoted ones) map a value substring to the same text in the source
 * when it occurs there (see `locateSubstring`). Never throws.
 */
function valueSourceMap(text: string, scalar: LocatedScalar): ValueSourceMap | undefined {
  if (typeof scalar.value !== "string") return undefined;
  const base = scalar.range.start.offset;
  const source = text.slice(base, scalar.range.end.offset);
  if (/[\r\n]/.test(source)) return undefined;
  let decoded: { value: string; offsets: number[] } | undefined;
  if (scalar.style === "json" || scalar.style === "double-quoted") decoded = decodeDoubleQuoted(source, base);
  else if (scalar.style === "single-quoted") decoded = decodeSingleQuoted(source, base);
  else if (scalar.style === "plain" && source === scalar.value) {
    decoded = { value: source, offsets: Array.from({ length: source.length + 1 }, (_, i) => base + i) };
  }
  if (!decoded || decoded.value !== scalar.value) return undefined;
  return { offsets: decoded.offsets, exact: true };
}

/**
 * Source offsets `[start, end)` of the value substring `[from, to)` of a string scalar: exact through quotes
 * and escapes when {@link valueSourceMap} succeeds; otherwise the first occurrence of that substring's text
 * in the scalar's source (plain multi-line and block scalars, where a reference never spans a line);
 * otherwise `undefined` (callers fall back to the whole scalar).
 */
export function locateSubstring(
  text: string,
  scalar: LocatedScalar,
  from: number,
  to: number,
): { start: number; end: number } | undefined {
  if (typeof scalar.value !== "string") return undefined;
  const map = valueSourceMap(text, scalar);
  if (map) return { start: map.offsets[from]!, end: map.offsets[to]! };
  const needle = scalar.value.slice(from, to);
  const base = scalar.range.start.offset;
  const source = text.slice(base, scalar.range.end.offset);
  const occurrences = countOccurrences(scalar.value, needle);
  const index = occurrences === 1 ? source.indexOf(needle) : -1;
  return index >= 0 && countOccurrences(source, needle) === 1
    ? { start: base + index, end: base + index + needle.length }
    : undefined;
}

function countOccurrences(haystack: string, needle: string): number {
  if (needle.length === 0) return 0;
  let count = 0;
  for (let i = haystack.indexOf(needle); i >= 0; i = haystack.indexOf(needle, i + 1)) count++;
  return count;
}
