/**
 * Chevrotain tokens and lexer of JSON (Go's `encoding/json`), for the exec form `["executable", "arg"]`.
 */
import { createToken, Lexer } from "chevrotain";
import { builtOnFirstUse, type GrammarBuildOptions, lexerConfig } from "./chevrotain-config.js";

/**
 * Chevrotain tokens of JSON (RFC 8259, which Go's `encoding/json` implements), used to recognise the
 * exec form `["executable", "arg"]` with the offsets of each element. Every token type gives the
 * characters it can start with (a string pattern or `start_chars_hint`), so chevrotain indexes them
 * by first character without parsing the regular expressions.
 */
export const LBracket = createToken({ name: "LBracket", pattern: "[" });
export const RBracket = createToken({ name: "RBracket", pattern: "]" });
export const LCurly = createToken({ name: "LCurly", pattern: "{" });
export const RCurly = createToken({ name: "RCurly", pattern: "}" });
export const Comma = createToken({ name: "Comma", pattern: "," });
export const Colon = createToken({ name: "Colon", pattern: ":" });
export const StringLiteral = createToken({
  name: "StringLiteral",
  pattern: /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/,
  start_chars_hint: ['"'],
});
export const NumberLiteral = createToken({
  name: "NumberLiteral",
  pattern: /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/,
  start_chars_hint: ["-", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9"],
});
export const True = createToken({ name: "True", pattern: "true" });
export const False = createToken({ name: "False", pattern: "false" });
export const Null = createToken({ name: "Null", pattern: "null" });
const JsonWhitespace = createToken({
  name: "JsonWhitespace",
  pattern: /[ \t\n\r]+/,
  start_chars_hint: [" ", "\t", "\n", "\r"],
  group: Lexer.SKIPPED,
  line_breaks: true,
});

/** Every JSON token type, in lexing order. */
export const jsonTokens = [
  JsonWhitespace,
  LBracket,
  RBracket,
  LCurly,
  RCurly,
  Comma,
  Colon,
  StringLiteral,
  NumberLiteral,
  True,
  False,
  Null,
];

/** Builds the JSON lexer (indexed by first character; `validate` as in {@link GrammarBuildOptions}). */
export function createJsonLexer(options: GrammarBuildOptions = {}): Lexer {
  return new Lexer(jsonTokens, lexerConfig(options, true));
}

/** The JSON lexer, built on first use. */
export const jsonLexer = builtOnFirstUse(() => createJsonLexer());
