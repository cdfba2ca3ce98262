/**
 * `parseFlags`: the leading flags of an instruction (`--from=x`), read as BuildKit's `extractBuilderFlags`
 * reads them, plain flags directly and any other by the grammar.
 */
import type { IToken } from "chevrotain";
import { FlagBlank, flagLexer, isFlagStart } from "../lexer/flag-tokens.js";
import { instructionArgumentsParser, type RawFlags } from "./instruction-arguments-parser.js";

const BACKTICK = 96;

/** `s` with every `\` and `` ` `` exchanged (a length-preserving involution). */
function swapEscapes(s: string): string {
  return s.replace(/[\\`]/g, (c) => (c === "`" ? "\\" : "`"));
}

/**
 * Reads the leading flags of `source` (ASCII, or UTF-8 bytes as Latin-1 characters) the way BuildKit's
 * `extractBuilderFlags` does: plain flags directly ({@link plainFlags}), any other with the `flags` rule of
 * the shared {@link instructionArgumentsParser}.
 * The escape character of the file escapes in flags too (``--`b`` is `--b` and `--\` stays `--\` under
 * `# escape=```): the flag tokens are written for `\`, so with a backtick escape the two characters are
 * exchanged before lexing and back in the flag words (same length, so offsets do not move).
 * Offsets are into `source`; `rest` is where the arguments start (before trimming).
 */
export function parseFlags(source: string, escapeCode = 92): RawFlags {
  return plainFlags(source) ?? parseFlagsWithGrammar(source, escapeCode);
}

/** {@link parseFlags} by the grammar alone (exported for the test that checks the plain-text path). */
export function parseFlagsWithGrammar(source: string, escapeCode = 92): RawFlags {
  if (escapeCode === BACKTICK && /[\\`]/.test(source)) {
    const r = lexAndParse(swapEscapes(source));
    return { ...r, flags: r.flags.map((f) => ({ ...f, text: swapEscapes(f.text) })) };
  }
  return lexAndParse(source);
}

const FLAG_BLANKS = /[\t\n\v\f\r \x85\xa0]*/y;
const FLAG_WORD = /[^\t\n\v\f\r \x85\xa0]+/y;
/** Quotes and both escape characters: a flag word with none of them is its own value. */
const QUOTE_OR_ESCAPE = /["'\\`]/;

/**
 * The flags of `source` when no flag word has a quote, `\\` or `` ` `` (both are ruled out, whichever
 * escape character the file uses): blank-separated words, each flag its own text, up to the first word not starting with
 * `--` (a word `--` ends the flags and is dropped) — what the grammar reads from such text. Undefined
 * when a flag word has one of them; the property test checks both agree.
 */
function plainFlags(source: string): RawFlags | undefined {
  const flags: RawFlags["flags"] = [];
  FLAG_BLANKS.lastIndex = 0;
  FLAG_BLANKS.test(source);
  let i = FLAG_BLANKS.lastIndex;
  while (i < source.length) {
    if (!source.startsWith("--", i)) return { flags, rest: i };
    FLAG_WORD.lastIndex = i;
    FLAG_WORD.test(source);
    const end = FLAG_WORD.lastIndex;
    const text = source.slice(i, end);
    if (QUOTE_OR_ESCAPE.test(text)) return undefined;
    if (text === "--") return { flags, rest: end };
    flags.push({ text, start: i, end });
    FLAG_BLANKS.lastIndex = end;
    FLAG_BLANKS.test(source);
    i = FLAG_BLANKS.lastIndex;
  }
  return { flags, rest: source.length };
}

function lexAndParse(source: string): RawFlags {
  const tokens = flagLexer().tokenize(source).tokens;
  const parser = instructionArgumentsParser();
  // hand the parser only the tokens that can be flags (up to the first word not starting with `--`),
  // so that it consumes all of its input
  let n = 0;
  let wordStart = true;
  while (n < tokens.length) {
    const t = tokens[n] as IToken;
    if (t.tokenType === FlagBlank) {
      wordStart = true;
      n++;
      continue;
    }
    if (wordStart && !isFlagStart(t)) break;
    wordStart = false;
    n++;
  }
  parser.restOffset = n < tokens.length ? tokens[n]?.startOffset : undefined;
  parser.input = n === tokens.length ? tokens : tokens.slice(0, n);
  return parser.flags(source.length) ?? { flags: [], rest: source.length };
}
