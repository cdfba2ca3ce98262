import { Lexer } from "chevrotain";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse } from "../src/index.js";
import { createFlagLexer } from "../src/lexer/flag-tokens.js";
import { createJsonLexer, jsonTokens } from "../src/lexer/json-tokens.js";
import { createWordLexer } from "../src/lexer/word-tokens.js";
import { InstructionArgumentsParser } from "../src/parser/instruction-arguments-parser.js";

/**
 * The shipped lexers and parsers skip chevrotain's definition checks (start-up time); here each is
 * built with them, so a grammar or token definition error fails this test instead of going unnoticed.
 */
describe("chevrotain grammar definitions", () => {
  it.each([
    ["word lexer (backslash escape)", () => createWordLexer(92, { validate: true })],
    ["word lexer (backtick escape)", () => createWordLexer(96, { validate: true })],
    ["flag lexer", () => createFlagLexer({ validate: true })],
    ["JSON lexer", () => createJsonLexer({ validate: true })],
  ])("%s passes the lexer validations", (_name, build) => {
    const lexer = build();
    expect(lexer.lexerDefinitionErrors).toEqual([]);
  });

  it("the instruction-arguments parser (words, flags, JSON array) passes the grammar validations", () => {
    // construction throws on a definition error (ambiguity, left recursion, unknown token type, …)
    const parser = new InstructionArgumentsParser({ validate: true });
    expect(parser.errors).toEqual([]);
  });

  it("the validated and the shipped lexers tokenize alike", () => {
    const text = "--mount=type=cache,target=/x \"a b\" 'c' \\d rest of line";
    const image = (l: { tokenize(t: string): { tokens: { image: string }[] } }) =>
      l.tokenize(text).tokens.map((t) => t.image);
    expect(image(createFlagLexer({ validate: true }))).toEqual(image(createFlagLexer()));
    expect(image(createWordLexer(92, { validate: true }))).toEqual(image(createWordLexer(92)));
  });

  it("the JSON lexer's first-character index changes nothing: it tokenizes like trying every pattern", () => {
    // the index comes from the string patterns and start_chars_hint of the JSON tokens: a missing start
    // character would make the shipped lexer fail where the one trying every pattern in order succeeds
    const everyPattern = new Lexer(jsonTokens, { positionTracking: "onlyOffset", safeMode: true });
    const tokens = (l: Lexer, text: string) => {
      const r = l.tokenize(text);
      return {
        tokens: r.tokens.map((t) => [t.tokenType.name, t.startOffset, t.image]),
        errors: r.errors.map((e) => [e.offset, e.length]),
      };
    };
    const shipped = createJsonLexer();
    const jsonish = fc.oneof(
      fc.json(),
      fc
        .array(fc.constantFrom(...'[]{},:"-+.eE0123456789 \t\r\ntruefalsnul\\/ux\u00e9'), { maxLength: 40 })
        .map((c) => c.join("")),
    );
    fc.assert(
      fc.property(jsonish, (text) => {
        expect(tokens(shipped, text)).toEqual(tokens(everyPattern, text));
      }),
      { numRuns: 500, ...(process.env.CI ? { seed: 20261121 } : {}) },
    );
    const sample = tokens(shipped, '[ "a\\u00e9", -1.5e3, true, false, null, {"k": [0]} ]\t\r\n');
    expect(sample.errors).toEqual([]);
    expect(sample.tokens.map((t) => t[2]).join(" ")).toBe(
      '[ "a\\u00e9" , -1.5e3 , true , false , null , { "k" : [ 0 ] } ]',
    );
  });

  it("the shipped grammars parse on first use", () => {
    const doc = parse(
      'FROM alpine\nRUN --mount=type=cache,target=/x echo hi\nENV A="1 2" B=3\nCMD ["a", "b"]\n',
    );
    expect(doc.diagnostics).toEqual([]);
    expect(doc.instructions.map((i) => i.args.map((a) => a.value))).toEqual([
      ["alpine"],
      ["echo hi"],
      ["A", '"1 2"', "=", "B", "3", "="],
      ["a", "b"],
    ]);
  });
});
