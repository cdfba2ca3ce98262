import { createToken, type IToken, Lexer } from "chevrotain";
import { builtOnFirstUse, type GrammarBuildOptions, lexerConfig } from "./chevrotain-config.js";

/**
 * Chevrotain tokens for the leading flags of an instruction, read the way BuildKit's
 * `extractBuilderFlags` reads them: byte by byte (the lexer runs over the UTF-8 bytes as Latin-1
 * characters when the text is not ASCII, so bytes 0x85 and 0xA0 are blanks, as in Go's
 * `unicode.IsSpace(rune(byte))`), `\` escapes the next byte whatever the escape directive says, and
 * inside quotes `\` escapes any byte in single quotes too.
 */

/** A run of blanks between words. */
export const FlagBlank = createToken({
  name: "FlagBlank",
  pattern: /[\t\n\v\f\r \x85\xa0]+/,
  line_breaks: true,
});
/** A quoted part of a word (the closing quote may be missing at the end of the text). */
export const FlagQuoted = createToken({
  name: "FlagQuoted",
  pattern: /"(?:\\[\s\S]|[^"\\])*"?|'(?:\\[\s\S]|[^'\\])*'?/,
  line_breaks: true,
});
/** `\` and the byte it escapes. */
export const FlagEscapePair = createToken({ name: "FlagEscapePair", pattern: /\\[\s\S]/, line_breaks: true });
/** `\` at the very end of the text (dropped). */
export const FlagDanglingEscape = createToken({ name: "FlagDanglingEscape", pattern: /\\/ });
/** Any other run of bytes. */
export const FlagPlain = createToken({ name: "FlagPlain", pattern: /[^\t\n\v\f\r \x85\xa0'"\\]+/ });

const BLANK = /[\t\n\v\f\r \x85\xa0]/;

/**
 * Everything from the first word that does not start with `--` to the end: the arguments, which the
 * flag grammar never looks into, so the lexer does not split them (one token instead of many).
 */
export const FlagRest = createToken({
  name: "FlagRest",
  pattern: {
    exec(text: string, offset: number, tokens: IToken[]): RegExpExecArray | null {
      if (offset >= text.length || BLANK.test(text[offset] ?? "")) return null;
      const last = tokens[tokens.length - 1];
      if (last !== undefined && last.tokenType !== FlagBlank) return null;
      if (text.startsWith("--", offset)) return null;
      return [text.slice(offset)] as unknown as RegExpExecArray;
    },
  },
  line_breaks: true,
});

/** The flag tokens, in lexing order. */
export const flagTokens = [FlagRest, FlagBlank, FlagQuoted, FlagEscapePair, FlagDanglingEscape, FlagPlain];

/** Builds the flag lexer. */
export function createFlagLexer(options: GrammarBuildOptions = {}): Lexer {
  return new Lexer(flagTokens, lexerConfig(options));
}

/** The flag lexer, built on first use. */
export const flagLexer = builtOnFirstUse(() => createFlagLexer());
