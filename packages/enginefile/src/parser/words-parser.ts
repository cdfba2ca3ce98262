/**
 * `parseWords`: the words of ENV, LABEL and ARG split as BuildKit's `parseWords` does, text without the
 * escape character directly and any other by the grammar.
 */
import { WORD_SPACE, wordLexer } from "../lexer/word-tokens.js";
import { instructionArgumentsParser, type RawWord } from "./instruction-arguments-parser.js";

/**
 * The word lexer's tokens for text without the escape character (`\\` or `` ` ``): a run of blanks
 * (group 1), a single- or double-quoted part (the closing quote may be missing at the end), or a
 * literal run — the same patterns, in the same order, with the escape alternatives dropped.
 */
const PIECE = new RegExp(`([${WORD_SPACE}]+)|'[^']*'?|"[^"]*"?|[^${WORD_SPACE}'"]+`, "y");

/**
 * The words of `source` when it has no escape character, read with the word lexer's patterns directly:
 * quotes are kept in the word and a blank outside quotes ends it, as the grammar reads such text.
 * Undefined for text with the escape character. Most ENV, LABEL and ARG lines have none, and reading
 * them so spares building the grammar (milliseconds at start-up) and the lexer's token objects; the
 * property test checks both agree.
 */
function wordsWithoutEscapes(source: string, base: number, escapeCode: number): RawWord[] | undefined {
  if (source.includes(escapeCode === 96 ? "`" : "\\")) return undefined;
  const out: RawWord[] = [];
  let start = -1;
  PIECE.lastIndex = 0;
  for (let m = PIECE.exec(source); m !== null; m = PIECE.exec(source)) {
    if (m[1] === undefined) {
      if (start < 0) start = m.index;
      continue;
    }
    if (start >= 0)
      out.push({ text: source.slice(start, m.index), start: base + start, end: base + m.index });
    start = -1;
  }
  if (start >= 0) out.push({ text: source.slice(start), start: base + start, end: base + source.length });
  return out;
}

/**
 * Splits `text[from, to)` into words exactly like BuildKit's `parseWords`: Unicode whitespace outside
 * quotes separates words; quote characters and the escape character are kept; inside single quotes the
 * escape character is literal; an escape character at the end is dropped. Offsets are into `text`.
 * Text without the escape character is read directly; any other by {@link parseWordsWithGrammar}.
 */
export function parseWords(text: string, from: number, to: number, escapeCode: number): RawWord[] {
  const source = from === 0 && to === text.length ? text : text.slice(from, to);
  return wordsWithoutEscapes(source, from, escapeCode) ?? wordsOf(source, from, escapeCode);
}

/**
 * {@link parseWords} by the grammar alone: the word lexer's tokens read with the `words` rule of the
 * shared {@link instructionArgumentsParser} (exported for the test that checks the plain-text path).
 */
export function parseWordsWithGrammar(text: string, from: number, to: number, escapeCode: number): RawWord[] {
  return wordsOf(from === 0 && to === text.length ? text : text.slice(from, to), from, escapeCode);
}

function wordsOf(source: string, base: number, escapeCode: number): RawWord[] {
  const lexed = wordLexer(escapeCode).tokenize(source);
  const parser = instructionArgumentsParser();
  parser.input = lexed.tokens;
  return parser.words(base) ?? [];
}
