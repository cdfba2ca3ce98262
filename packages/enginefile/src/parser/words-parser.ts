import { wordLexer } from "../lexer/word-tokens.js";
import { instructionArgumentsParser, type RawWord } from "./instruction-arguments-parser.js";

/**
 * Splits `text[from, to)` into words exactly like BuildKit's `parseWords`: Unicode whitespace outside
 * quotes separates words; quote characters and the escape character are kept; inside single quotes the
 * escape character is literal; an escape character at the end is dropped. Offsets are into `text`.
 * Reads the word lexer's tokens with the `words` rule of the shared {@link instructionArgumentsParser}.
 */
export function parseWords(text: string, from: number, to: number, escapeCode: number): RawWord[] {
  const source = from === 0 && to === text.length ? text : text.slice(from, to);
  const lexed = wordLexer(escapeCode).tokenize(source);
  const parser = instructionArgumentsParser();
  parser.input = lexed.tokens;
  return parser.words(from) ?? [];
}
