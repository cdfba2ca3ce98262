/**
 * `parseJsonArray`: reads an exec form `["executable", "arg"]` as BuildKit's `parseJSON` does with Go's
 * `encoding/json` (strings decoded like Go, nesting limit, shell form on invalid JSON), with element offsets.
 */
import { jsonLexer } from "../lexer/json-tokens.js";
import { instructionArgumentsParser } from "./instruction-arguments-parser.js";

/** One element of a top-level JSON array: its decoded string (undefined if not a string) and offsets. */
export interface JsonElement {
  value: string | undefined;
  start: number;
  end: number;
}

/**
 * The outcome of reading text as a JSON array the way BuildKit's `parseJSON` does with Go's
 * `encoding/json`: `array` (elements), `not-strings` (valid JSON array holding a non-string: a hard
 * error in the reference), or `invalid` (not JSON, or not an array: the shell form is used).
 */
export type JsonArrayResult =
  | { kind: "array"; elements: JsonElement[]; end: number }
  | { kind: "not-strings" }
  | { kind: "invalid" };

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Decodes a JSON string literal like Go: escapes decoded, unpaired surrogates become U+FFFD. */
function decodeJsonString(literal: string): string {
  const s = JSON.parse(literal) as string;
  return literal.includes("\\u") ? s.replace(LONE_SURROGATE, "\ufffd") : s;
}

/** Go's `encoding/json` rejects deeper nesting ("exceeded max depth"). */
const MAX_NESTING_DEPTH = 10000;

/** The maximum nesting of `[`/`{` outside string literals (a linear scan). */
function nestingDepth(source: string): number {
  let depth = 0;
  let max = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    if (c === 34) {
      for (i++; i < source.length && source.charCodeAt(i) !== 34; i++) if (source.charCodeAt(i) === 92) i++;
    } else if (c === 91 || c === 123) {
      depth++;
      if (depth > max) max = depth;
    } else if (c === 93 || c === 125) depth--;
  }
  return max;
}

/** The decision for nested JSON: invalid JSON (or a number Go cannot hold) is shell form, else not strings. */
function nestedJson(source: string): JsonArrayResult {
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch {
    return { kind: "invalid" };
  }
  if (!Array.isArray(value)) return { kind: "invalid" };
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === "number" && !Number.isFinite(v)) return { kind: "invalid" };
    if (v !== null && typeof v === "object") for (const item of Object.values(v)) stack.push(item);
  }
  return { kind: "not-strings" };
}

/**
 * Reads `text[from, to)` (which starts with `[`) as a JSON array of strings. Offsets of elements are
 * into `text`. A number that overflows a float64 makes Go's decoder fail, so the result is `invalid`.
 * A flat array is read with the `jsonArray` rule of the shared {@link instructionArgumentsParser}.
 */
export function parseJsonArray(text: string, from: number, to: number): JsonArrayResult {
  const source = text.slice(from, to);
  return flatStringArray(source, from) ?? parseJsonArrayWithGrammar(source, from);
}

/** A flat JSON array of strings without escapes (`["sh", "-c", "x"]`), blanks around, nothing after. */
const FLAT_PLAIN_STRINGS =
  /^\[[ \t\n\r]*(?:"[^"\\\u0000-\u001f]*"[ \t\n\r]*(?:,[ \t\n\r]*"[^"\\\u0000-\u001f]*"[ \t\n\r]*)*)?\][ \t\n\r]*$/;
const PLAIN_STRING = /"[^"\\\u0000-\u001f]*"/g;

/**
 * `source` read as a flat array of strings without escapes, the usual exec form, directly: each string
 * is its own value, and the grammar would read the same. Undefined for any other text; the property
 * test checks both agree.
 */
function flatStringArray(source: string, from: number): JsonArrayResult | undefined {
  if (!FLAT_PLAIN_STRINGS.test(source)) return undefined;
  const elements: JsonElement[] = [];
  PLAIN_STRING.lastIndex = 0;
  for (let m = PLAIN_STRING.exec(source); m !== null; m = PLAIN_STRING.exec(source))
    elements.push({ value: m[0].slice(1, -1), start: from + m.index, end: from + m.index + m[0].length });
  return { kind: "array", elements, end: from + source.lastIndexOf("]") + 1 };
}

/**
 * {@link parseJsonArray} of `source` (found at offset `from`) by the grammar alone (exported for the test
 * that checks the plain path).
 */
export function parseJsonArrayWithGrammar(source: string, from: number): JsonArrayResult {
  const depth = nestingDepth(source);
  if (depth > MAX_NESTING_DEPTH) return { kind: "invalid" };
  // nested arrays and objects are never exec form: decide with the native, non-recursive parser
  if (depth > 1) return nestedJson(source);
  const lexed = jsonLexer().tokenize(source);
  if (lexed.errors.length > 0) return { kind: "invalid" };
  const parser = instructionArgumentsParser();
  parser.overflow = false;
  parser.input = lexed.tokens;
  const items = parser.jsonArray();
  if (parser.errors.length > 0 || parser.overflow) return { kind: "invalid" };
  const elements: JsonElement[] = [];
  for (const item of items) {
    if (!item.string) return { kind: "not-strings" };
    const t = item.token;
    elements.push({
      value: decodeJsonString(t.image),
      start: from + t.startOffset,
      end: from + t.startOffset + t.image.length,
    });
  }
  const last = lexed.tokens[lexed.tokens.length - 1];
  return { kind: "array", elements, end: from + (last ? last.startOffset + last.image.length : 0) };
}
