import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseFlags, parseFlagsWithGrammar } from "../src/parser/flags-parser.js";
import { parseJsonArray, parseJsonArrayWithGrammar } from "../src/parser/json-array-parser.js";
import { parseWords, parseWordsWithGrammar } from "../src/parser/words-parser.js";
import { BLANKS_ESCAPES_QUOTES } from "./pieces.js";

// reproducible in CI: fixed seed when CI is set
if (process.env.CI) fc.configureGlobal({ seed: 20261124 });

/**
 * Text built mostly of plain pieces (so the direct paths apply often) with the characters that make
 * them step aside: quotes, both escape characters, Unicode and Latin-1 blanks, JSON punctuation.
 */
const PIECES = [
  "a",
  "b=c",
  "--from=build",
  "--mount=type=cache,target=/root/.cache",
  "--",
  "-",
  "--x",
  " ",
  "  ",
  "\t",
  "\n",
  "\u00a0",
  "\u0085",
  "\u2003",
  "\x85",
  "é",
  "😀",
  "[",
  "]",
  ",",
  '"a b"',
  '"',
  "1",
  "{}",
  "\u0001",
  ...BLANKS_ESCAPES_QUOTES,
];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 24 }).map((parts) => parts.join(""));
const PLAIN_ARRAY_PIECES = ['"sh"', '"-c"', '"a b"', '""', '"é😀"', ",", " ", "\n", "]", "[", '"', "\\", "x"];
const blank = fc.constantFrom("", " ", "  ", "\n", "\t", "\r\n");
const element = fc.constantFrom(
  '"sh"',
  '"-c"',
  '"a b"',
  '""',
  '"é😀"',
  '"a\\"b"',
  '"\u0001"',
  "1",
  "null",
  '"x',
);
/** Arrays written as people write them (some with an escape, a non-string or a flaw), and pieces at random. */
const jsonText = fc.oneof(
  fc
    .tuple(
      fc.array(fc.tuple(blank, element, blank), { maxLength: 5 }),
      blank,
      fc.constantFrom("]", "] ", "]x", ",]"),
    )
    .map(([items, before, close]) => `[${items.map(([a, e, b]) => a + e + b).join(",")}${before}${close}`),
  fc.array(fc.constantFrom(...PLAIN_ARRAY_PIECES), { maxLength: 12 }).map((parts) => `[${parts.join("")}`),
);

describe("the direct paths for plain words, flags and exec forms read what the grammar reads", () => {
  it("words (ENV, LABEL, ARG), with either escape character", () => {
    let plain = 0;
    fc.assert(
      fc.property(text, fc.constantFrom(92, 96), fc.nat(3), (source, escapeCode, pad) => {
        const padded = `${"x".repeat(pad)}${source}`;
        if (!source.includes(escapeCode === 96 ? "`" : "\\")) plain++;
        expect(parseWords(padded, pad, padded.length, escapeCode)).toEqual(
          parseWordsWithGrammar(padded, pad, padded.length, escapeCode),
        );
      }),
      { numRuns: 3000 },
    );
    expect(plain).toBeGreaterThan(300);
  });

  it("flags, with either escape character, over ASCII and Latin-1 (UTF-8 bytes) text", () => {
    let plain = 0;
    fc.assert(
      fc.property(text, fc.constantFrom(92, 96), (source, escapeCode) => {
        const latin1 = Buffer.from(source, "utf8").toString("latin1");
        for (const s of [source, latin1]) {
          if (/^[\t\n\v\f\r \x85\xa0]*--[^"'\\`]*$/.test(s)) plain++;
          expect(parseFlags(s, escapeCode)).toEqual(parseFlagsWithGrammar(s, escapeCode));
        }
      }),
      { numRuns: 3000 },
    );
    expect(plain).toBeGreaterThan(100);
  });

  it("exec-form JSON arrays", () => {
    let arrays = 0;
    fc.assert(
      fc.property(jsonText, fc.nat(3), (source, at) => {
        const padded = `${"x".repeat(at)}${source}`;
        const direct = parseJsonArray(padded, at, padded.length);
        if (direct.kind === "array") arrays++;
        expect(direct).toEqual(parseJsonArrayWithGrammar(source, at));
      }),
      { numRuns: 3000 },
    );
    expect(arrays).toBeGreaterThan(100);
  });

  it("keeps the cases that need the grammar", () => {
    expect(parseWords('a "b c" d', 0, 9, 92).map((w) => w.text)).toEqual(["a", '"b c"', "d"]);
    expect(parseFlags('--x="a b" y').flags).toEqual([{ text: "--x=a b", start: 0, end: 9 }]);
    expect(parseFlags("--a -- --b c")).toEqual({ flags: [{ text: "--a", start: 0, end: 3 }], rest: 6 });
    expect(parseJsonArray('["a\\tb", "c"]', 0, 13)).toMatchObject({
      kind: "array",
      elements: [{ value: "a\tb" }, { value: "c" }],
    });
    expect(parseJsonArray('["a",]', 0, 6)).toEqual({ kind: "invalid" });
    expect(parseJsonArray('["a", 1]', 0, 8)).toEqual({ kind: "not-strings" });
  });
});
