import { EmbeddedActionsParser } from "chevrotain";
import { builtOnFirstUse, type GrammarBuildOptions, parserConfig } from "../lexer/chevrotain-config.js";
import { Blank, DanglingEscape, WordPiece, wordLexer, wordTokenVocabulary } from "../lexer/word-tokens.js";

/** A word as the reference's `parseWords` returns it (quotes and escapes kept), with its offsets. */
export interface RawWord {
  text: string;
  start: number;
  end: number;
}

/** The grammar of {@link parseWords} (exported for the grammar validation test). */
export class WordsParser extends EmbeddedActionsParser {
  constructor(options: GrammarBuildOptions = {}) {
    super(wordTokenVocabulary, parserConfig(options));
    this.performSelfAnalysis();
  }

  /** words := (Blank | WordPiece | DanglingEscape)* — a Blank ends the current word. */
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
}

const wordsParser = builtOnFirstUse(() => new WordsParser());

/**
 * Splits `text[from, to)` into words exactly like BuildKit's `parseWords`: Unicode whitespace outside
 * quotes separates words; quote characters and the escape character are kept; inside single quotes the
 * escape character is literal; an escape character at the end is dropped. Offsets are into `text`.
 */
export function parseWords(text: string, from: number, to: number, escapeCode: number): RawWord[] {
  const source = from === 0 && to === text.length ? text : text.slice(from, to);
  const lexed = wordLexer(escapeCode).tokenize(source);
  const parser = wordsParser();
  parser.input = lexed.tokens;
  return parser.words(from) ?? [];
}
