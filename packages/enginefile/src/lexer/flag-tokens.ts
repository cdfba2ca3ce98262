/**
 * Chevrotain tokens for the leading flags of an instruction, read the way BuildKit's
 * `extractBuilderFlags` reads them: byte by byte (the lexer runs over the UTF-8 bytes as Latin-1
 * characters when the text is not ASCII, so bytes 0x85 and 0xA0 are blanks, as in Go's
 * `unicode.IsSpace(rune(byte))`), `\` escapes the next byte, and inside quotes `\` escapes any byte in
 * single quotes too. The tokens are written for the escape `\`; `parseFlags` exchanges `\` and `` ` ``
 * around them when the file's escape character is the backtick.
 */
import { createToken, type IToken, Lexer } from "chevrotain";
import { builtOnFirstUse, type GrammarBuildOptions, lexerConfig } from "./chevrotain-config.js";

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
const FlagRest = createToken({
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

/** True when `t` can start a flag word: a plain run starting with `--`. */
export function isFlagStart(t: IToken): boolean {
  return t.tokenType === FlagPlain && t.image.startsWith("--");
}

/** The value a flag token adds to its word: quotes removed, `\x` → `x`, a dangling `\` dropped. */
export function flagTokenValue(t: IToken): string {
  const image = t.image;
  switch (t.tokenType) {
    case FlagPlain:
      return image;
    case FlagEscapePair:
      return image.slice(1);
    case FlagDanglingEscape:
      return "";
    default: {
      const q = image[0];
      let inner = image.slice(1);
      if (inner.length > 0 && inner[inner.length - 1] === q && !endsWithEscape(inner.slice(0, -1)))
        inner = inner.slice(0, -1);
      return inner.includes("\\") ? inner.replace(/\\([\s\S])/g, "$1") : inner;
    }
  }
}

/** True when `s` ends with an odd number of backslashes (so a following quote is escaped). */
function endsWithEscape(s: string): boolean {
  let n = 0;
  for (let i = s.length - 1; i >= 0 && s[i] === "\\"; i--) n++;
  return n % 2 === 1;
}

/** The flag tokens, in lexing order. */
export const flagTokens = [FlagRest, FlagBlank, FlagQuoted, FlagEscapePair, FlagDanglingEscape, FlagPlain];

/** Builds the flag lexer (not indexed by first character: `FlagPlain` is a complement set, `FlagRest` custom). */
export function createFlagLexer(options: GrammarBuildOptions = {}): Lexer {
  return new Lexer(flagTokens, lexerConfig(options, false));
}

/** The flag lexer, built on first use. */
export const flagLexer = builtOnFirstUse(() => createFlagLexer());
