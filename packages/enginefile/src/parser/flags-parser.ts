import { EmbeddedActionsParser, EOF, type IToken } from "chevrotain";
import { builtOnFirstUse, type GrammarBuildOptions, parserConfig } from "../lexer/chevrotain-config.js";
import {
  FlagBlank,
  FlagDanglingEscape,
  FlagEscapePair,
  FlagPlain,
  FlagQuoted,
  flagLexer,
  flagTokens,
} from "../lexer/flag-tokens.js";

/** A flag word found by {@link FlagsParser}: its value and offsets in the lexed text. */
interface RawFlag {
  text: string;
  start: number;
  end: number;
}

/** The value a word token contributes: quotes removed, `\x` → `x`, a dangling `\` dropped. */
function tokenValue(t: IToken): string {
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

/**
 * flags := Blank? (flagWord Blank?)*  where a flag word starts with a plain `--`; a word `--` ends
 * the flags. Returns the flags and the offset where the arguments start.
 */
export class FlagsParser extends EmbeddedActionsParser {
  constructor(options: GrammarBuildOptions = {}) {
    super(flagTokens, parserConfig(options));
    this.performSelfAnalysis();
  }

  /** Where the arguments start when every token given to the parser was consumed. */
  restAfterInput(length: number): number {
    return this.restOffset ?? length;
  }
  restOffset: number | undefined;

  private isFlagStart(t: IToken): boolean {
    return t.tokenType === FlagPlain && t.image.startsWith("--");
  }

  /** word := (Plain | Quoted | EscapePair | DanglingEscape)+ */
  private readonly word = this.RULE("word", (): RawFlag => {
    let text = "";
    let start = -1;
    let end = -1;
    this.AT_LEAST_ONE(() => {
      const t = this.OR([
        { ALT: () => this.CONSUME(FlagPlain) },
        { ALT: () => this.CONSUME(FlagQuoted) },
        { ALT: () => this.CONSUME(FlagEscapePair) },
        { ALT: () => this.CONSUME(FlagDanglingEscape) },
      ]);
      this.ACTION(() => {
        if (start < 0) start = t.startOffset;
        end = t.startOffset + t.image.length;
        text += tokenValue(t);
      });
    });
    return { text, start, end };
  });

  readonly flags = this.RULE("flags", (length: number): { flags: RawFlag[]; rest: number } => {
    const flags: RawFlag[] = [];
    let rest = -1;
    this.OPTION(() => this.CONSUME(FlagBlank));
    this.MANY({
      GATE: () => rest < 0 && this.isFlagStart(this.LA(1)),
      DEF: () => {
        const w = this.SUBRULE(this.word);
        const blank = this.OPTION2(() => this.CONSUME2(FlagBlank));
        this.ACTION(() => {
          if (w.text !== "--") flags.push(w);
          else rest = blank ? blank.startOffset : length;
        });
      },
    });
    return this.ACTION(() => {
      if (rest >= 0) return { flags, rest };
      const next = this.LA(1);
      return { flags, rest: next.tokenType === EOF ? this.restAfterInput(length) : next.startOffset };
    });
  });
}

const flagsParser = builtOnFirstUse(() => new FlagsParser());

/**
 * Reads the leading flags of `source` (ASCII, or UTF-8 bytes as Latin-1 characters). Offsets are into
 * `source`; `rest` is where the arguments start (before trimming).
 */
export function parseFlags(source: string): { flags: RawFlag[]; rest: number } {
  const tokens = flagLexer().tokenize(source).tokens;
  const parser = flagsParser();
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
    if (wordStart && !(t.tokenType === FlagPlain && t.image.startsWith("--"))) break;
    wordStart = false;
    n++;
  }
  parser.restOffset = n < tokens.length ? tokens[n]?.startOffset : undefined;
  parser.input = n === tokens.length ? tokens : tokens.slice(0, n);
  return parser.flags(source.length) ?? { flags: [], rest: source.length };
}
