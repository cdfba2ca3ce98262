/**
 * `InstructionArgumentsParser`: the chevrotain parser of an instruction's arguments, with BuildKit's
 * `parseWords`, `extractBuilderFlags` and `parseJSON` as three top-level rules, and the raw words, flags and
 * JSON elements it returns.
 */
import { EmbeddedActionsParser, EOF, type IToken } from "chevrotain";
import { builtOnFirstUse, type GrammarBuildOptions, parserConfig } from "../lexer/chevrotain-config.js";
import {
  FlagBlank,
  FlagDanglingEscape,
  FlagEscapePair,
  FlagPlain,
  FlagQuoted,
  flagTokens,
  flagTokenValue,
  isFlagStart,
} from "../lexer/flag-tokens.js";
import {
  Colon,
  Comma,
  False,
  jsonTokens,
  LBracket,
  LCurly,
  Null,
  NumberLiteral,
  RBracket,
  RCurly,
  StringLiteral,
  True,
} from "../lexer/json-tokens.js";
import { Blank, DanglingEscape, WordPiece, wordTokenVocabulary } from "../lexer/word-tokens.js";

/** A word as the reference's `parseWords` returns it (quotes and escapes kept), with its offsets. */
export interface RawWord {
  text: string;
  start: number;
  end: number;
}

/** A flag word: the reference's value (quotes removed, escapes applied) and offsets in the lexed text. */
export interface RawFlag {
  text: string;
  start: number;
  end: number;
}

/** The leading flags of an instruction and the offset where its arguments start. */
export interface RawFlags {
  flags: RawFlag[];
  rest: number;
}

/** An element of a top-level JSON array: its first token and whether the element is a string. */
export interface RawJsonElement {
  token: IToken;
  string: boolean;
}

/**
 * The token vocabulary of the three grammars: the word, flag and JSON token types (categories
 * included), which chevrotain needs to know every token a rule consumes.
 */
const vocabulary = [...wordTokenVocabulary, ...flagTokens, ...jsonTokens];

/**
 * The grammars of an instruction's arguments, as three top-level rules of one chevrotain parser:
 * - {@link words} — BuildKit's `parseWords` (ENV, LABEL, ARG) over the word lexer's tokens;
 * - {@link flags} — BuildKit's `extractBuilderFlags` over the flag lexer's tokens;
 * - {@link jsonArray} — the exec form `["executable", "arg"]` (BuildKit's `parseJSON`) over the JSON
 *   lexer's tokens.
 * Each rule is only given the tokens of its own lexer (`parser.input = lexer.tokenize(…).tokens`).
 * One class instead of one per grammar because chevrotain's `performSelfAnalysis` (recording the
 * rules, computing lookahead, then deleting its recording state from the instance) costs several
 * milliseconds per parser instance. Plain text does not reach it: words without the escape character,
 * flags without quotes or escapes and flat arrays of strings without escapes are read directly by
 * `words-parser.ts`, `flags-parser.ts` and `json-array-parser.ts` (a property test checks they agree
 * with the grammar), so 251 of the 257 real-world corpus files are parsed without building it.
 */
export class InstructionArgumentsParser extends EmbeddedActionsParser {
  /** {@link flags}: where the arguments start when the tokens given to the parser end before the text. */
  restOffset: number | undefined;
  /** {@link jsonArray}: set when a number does not fit a float64 (Go's decoder then fails). */
  overflow = false;

  constructor(options: GrammarBuildOptions = {}) {
    super(vocabulary, parserConfig(options));
    this.performSelfAnalysis();
  }

  /**
   * words := (Blank | WordPiece | DanglingEscape)* — a Blank ends the current word. `base` is added to
   * every offset.
   */
  readonly words = this.RULE("words", (base: number): RawWord[] => {
    const out: RawWord[] = [];
    let text = "";
    let start = -1;
    let end = -1;
    this.MANY(() => {
      this.OR([
        {
          ALT: () => {
            this.CONSUME(Blank);
            this.ACTION(() => {
              if (start >= 0) out.push({ text, start: base + start, end: base + end });
              text = "";
              start = -1;
            });
          },
        },
        {
          ALT: () => {
            const t = this.CONSUME(WordPiece);
            this.ACTION(() => {
              if (start < 0) start = t.startOffset;
              text += t.image;
              end = t.startOffset + t.image.length;
            });
          },
        },
        { ALT: () => this.CONSUME(DanglingEscape) },
      ]);
    });
    this.ACTION(() => {
      if (start >= 0) out.push({ text, start: base + start, end: base + end });
    });
    return out;
  });

  /** flagWord := (Plain | Quoted | EscapePair | DanglingEscape)+ */
  private readonly flagWord = this.RULE("flagWord", (): RawFlag => {
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
        text += flagTokenValue(t);
      });
    });
    return { text, start, end };
  });

  /**
   * flags := Blank? (flagWord Blank?)*  where a flag word starts with a plain `--`; a word `--` ends
   * the flags. `length` is the length of the lexed text; returns the flags and the offset where the
   * arguments start ({@link restOffset}, or `length`, when the input ends).
   */
  readonly flags = this.RULE("flags", (length: number): RawFlags => {
    const flags: RawFlag[] = [];
    let rest = -1;
    this.OPTION(() => this.CONSUME(FlagBlank));
    this.MANY({
      GATE: () => rest < 0 && isFlagStart(this.LA(1)),
      DEF: () => {
        const w = this.SUBRULE(this.flagWord);
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
      return { flags, rest: next.tokenType === EOF ? (this.restOffset ?? length) : next.startOffset };
    });
  });

  /** jsonArray := "[" (jsonValue ("," jsonValue)*)? "]" — returns the top-level elements. */
  readonly jsonArray = this.RULE("jsonArray", (): RawJsonElement[] => {
    const out: RawJsonElement[] = [];
    this.CONSUME(LBracket);
    this.MANY_SEP({
      SEP: Comma,
      DEF: () => {
        const first = this.LA(1);
        const isString = this.SUBRULE(this.jsonValue);
        this.ACTION(() => out.push({ token: first, string: isString }));
      },
    });
    this.CONSUME(RBracket);
    return out;
  });

  /** jsonObject := "{" (String ":" jsonValue ("," String ":" jsonValue)*)? "}" */
  private readonly jsonObject = this.RULE("jsonObject", () => {
    this.CONSUME(LCurly);
    this.MANY_SEP({
      SEP: Comma,
      DEF: () => {
        this.CONSUME(StringLiteral);
        this.CONSUME(Colon);
        this.SUBRULE(this.jsonValue);
      },
    });
    this.CONSUME(RCurly);
  });

  /** jsonValue := string | number | object | array | true | false | null — true when a string. */
  private readonly jsonValue = this.RULE("jsonValue", (): boolean =>
    this.OR([
      {
        ALT: () => {
          this.CONSUME(StringLiteral);
          return true;
        },
      },
      {
        ALT: () => {
          const n = this.CONSUME(NumberLiteral);
          this.ACTION(() => {
            if (!Number.isFinite(Number(n.image))) this.overflow = true;
          });
          return false;
        },
      },
      {
        ALT: () => {
          this.SUBRULE(this.jsonObject);
          return false;
        },
      },
      {
        ALT: () => {
          this.SUBRULE(this.jsonArray);
          return false;
        },
      },
      {
        ALT: () => {
          this.CONSUME(True);
          return false;
        },
      },
      {
        ALT: () => {
          this.CONSUME(False);
          return false;
        },
      },
      {
        ALT: () => {
          this.CONSUME(Null);
          return false;
        },
      },
    ]),
  );
}

/** The shared instruction-arguments parser, built (one self-analysis) the first time a grammar is needed. */
export const instructionArgumentsParser = builtOnFirstUse(() => new InstructionArgumentsParser());
