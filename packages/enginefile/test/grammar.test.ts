import { describe, expect, it } from "vitest";
import { parse } from "../src/index.js";
import { createFlagLexer } from "../src/lexer/flag-tokens.js";
import { createJsonLexer } from "../src/lexer/json-tokens.js";
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
