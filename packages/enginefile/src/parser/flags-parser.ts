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
 * `extractBuilderFlags` does, with the `flags` rule of the shared {@link instructionArgumentsParser}.
 * The escape character of the file escapes in flags too (``--`b`` is `--b` and `--\` stays `--\` under
 * `# escape=```): the flag tokens are written for `\`, so with a backtick escape the two characters are
 * exchanged before lexing and back in the flag words (same length, so offsets do not move).
 * Offsets are into `source`; `rest` is where the arguments start (before trimming).
 */
export function parseFlags(source: string, escapeCode = 92): RawFlags {
  if (escapeCode === BACKTICK && /[\\`]/.test(source)) {
    const r = lexAndParse(swapEscapes(source));
    return { ...r, flags: r.flags.map((f) => ({ ...f, text: swapEscapes(f.text) })) };
  }
  return lexAndParse(source);
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
