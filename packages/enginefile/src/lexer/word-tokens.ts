/**
 * Chevrotain tokens for shell-like words as the reference's `parseWords` reads them (ENV, LABEL, ARG):
 * words split on Unicode whitespace outside quotes; quotes and escapes are kept in the word. The
 * escape character is `\` or `` ` `` (parser directive), so each concrete token exists twice and
 * belongs to one abstract category the parser consumes.
 */
import { createToken, Lexer, type TokenType } from "chevrotain";
import { builtOnFirstUse, type GrammarBuildOptions, lexerConfig } from "./chevrotain-config.js";

/** The characters that separate words (Go's `unicode.IsSpace`), as the body of a regular-expression class. */
export const WORD_SPACE =
  "\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";

/** Category: a run of whitespace between words. */
export const Blank = createToken({ name: "Blank", pattern: Lexer.NA });
/** Category: text kept in a word (literal run, quoted string, escape pair). */
export const WordPiece = createToken({ name: "WordPiece", pattern: Lexer.NA });
/** Category: an escape character at the very end of the text (dropped). */
export const DanglingEscape = createToken({ name: "DanglingEscape", pattern: Lexer.NA });

const blank = createToken({
  name: "Whitespace",
  pattern: new RegExp(`[${WORD_SPACE}]+`),
  categories: [Blank],
  line_breaks: true,
});
const singleQuoted = createToken({
  name: "SingleQuoted",
  pattern: /'[^']*'?/,
  categories: [WordPiece],
  line_breaks: true,
});

function escapeVariant(escapeChar: "\\" | "`"): TokenType[] {
  const e = escapeChar === "\\" ? "\\\\" : "`";
  const tag = escapeChar === "\\" ? "Backslash" : "Backtick";
  return [
    blank,
    createToken({
      name: `EscapePair${tag}`,
      pattern: new RegExp(`${e}[\\s\\S]`),
      categories: [WordPiece],
      line_breaks: true,
    }),
    createToken({ name: `DanglingEscape${tag}`, pattern: new RegExp(e), categories: [DanglingEscape] }),
    singleQuoted,
    createToken({
      name: `DoubleQuoted${tag}`,
      pattern: new RegExp(`"(?:${e}[\\s\\S]|[^"${e}])*"?`),
      categories: [WordPiece],
      line_breaks: true,
    }),
    createToken({
      name: `Literal${tag}`,
      pattern: new RegExp(`[^${WORD_SPACE}'"${e}]+`),
      categories: [WordPiece],
    }),
  ];
}

const backslashTokens = escapeVariant("\\");
const backtickTokens = escapeVariant("`");

/** Every token type the word parser must know (categories first). */
export const wordTokenVocabulary: TokenType[] = [
  Blank,
  WordPiece,
  DanglingEscape,
  ...backslashTokens,
  ...backtickTokens.slice(1),
];

/**
 * Builds the word lexer for the escape character with code `escapeCode` (`\` or `` ` ``); not indexed
 * by first character (a literal run is a complement set).
 */
export function createWordLexer(escapeCode: number, options: GrammarBuildOptions = {}): Lexer {
  return new Lexer(escapeCode === 96 ? backtickTokens : backslashTokens, lexerConfig(options, false));
}

const backslashLexer = builtOnFirstUse(() => createWordLexer(92));
const backtickLexer = builtOnFirstUse(() => createWordLexer(96));

/** The word lexer for an escape character code (built on first use, once per escape character). */
export function wordLexer(escapeCode: number): Lexer {
  return escapeCode === 96 ? backtickLexer() : backslashLexer();
}
