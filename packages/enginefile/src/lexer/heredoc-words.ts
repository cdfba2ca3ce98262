/**
 * The heredocs named on an instruction line: `heredocsFromLine` reads every `[fd]<<[-]delimiter` shell word
 * and its offsets, as BuildKit's `heredocsFromLine` and `heredocFromMatch` do (`frontend/dockerfile/parser`).
 */
import { isGoSpace } from "@enginekit/text";
import { processShellWord } from "../semantics/shell-lexer.js";

/** A heredoc found on an instruction line (BuildKit `Heredoc` without content) and its word's offsets. */
export interface HeredocWord {
  name: string;
  fileDescriptor: number;
  expand: boolean;
  chomp: boolean;
  start: number;
  end: number;
}

const unset = () => undefined;
/** BuildKit `reHeredoc`; Go's `\s` is ASCII `[\t\n\f\r ]`. */
const HEREDOC = /^(\d*)<<(-?)[\t\n\f\r ]*([^<]*)$/;

/** BuildKit `heredocFromMatch` for one shell word; `error` when the delimiter cannot be lexed. */
function heredocFromWord(word: string): { heredoc?: Omit<HeredocWord, "start" | "end">; error?: string } {
  const m = HEREDOC.exec(word);
  if (!m) return {};
  const rest = m[3] ?? "";
  if (rest.length === 0) return {};
  const plain = processShellWord(rest, unset, { skipUnsetEnv: true });
  if (plain.error) return { error: plain.error };
  if (plain.words.length !== 1) return {};
  const raw = processShellWord(rest, unset, { skipUnsetEnv: true, rawQuotes: true });
  if (raw.error) return { error: raw.error };
  if (raw.words.length !== 1)
    return { error: `internal lexing of heredoc produced inconsistent results: ${rest}` };
  const name = plain.words[0] ?? "";
  const rawName = raw.words[0] ?? "";
  const quotes = (s: string) => s.split("'").length + s.split('"').length - 2;
  return {
    heredoc: {
      name,
      fileDescriptor: m[1] ? Number.parseInt(m[1], 10) : 0,
      expand: quotes(name) === quotes(rawName),
      chomp: m[2] === "-",
    },
  };
}

/**
 * BuildKit `heredocsFromLine`: split the whole logical line into shell words (raw quotes and escapes,
 * unset variables kept, escape `\`, `<<` keeping the spaces, tabs and carriage returns after it) and read
 * every word of the form `[fd]<<[-]delimiter`. Word offsets are found by locating each `<<` in `line` in
 * order. So blanks may separate a bare `<<` from its delimiter (`<<  EOF`), other whitespace may not
 * (`<<\u3000EOF`, `<<\vEOF` are no heredoc), and nothing may follow `<<-` (`<<- T` is the word `<<-`, no
 * delimiter, and the word `T`; `<<- <<EOT` has the one heredoc `EOT`).
 */
export function heredocsFromLine(line: string): { heredocs: HeredocWord[]; error?: string } {
  const words = processShellWord(line, unset, {
    rawQuotes: true,
    rawEscapes: true,
    skipUnsetEnv: true,
    heredocOperator: true,
  }).words;
  const heredocs: HeredocWord[] = [];
  let searchFrom = 0;
  for (let i = 0; i < words.length; i++) {
    const word = words[i] ?? "";
    const r = heredocFromWord(word);
    if (r.error) return { heredocs, error: r.error };
    if (!r.heredoc) continue;
    let at = line.indexOf("<<", searchFrom);
    if (at < 0) at = searchFrom;
    let start = at;
    while (start > 0 && /[0-9]/.test(line[start - 1] ?? "")) start--;
    let end = at + 2;
    while (end < line.length && /[ \t\r]/.test(line[end] ?? "")) end++;
    while (end < line.length && !isGoSpace(line.charCodeAt(end))) end++;
    searchFrom = end;
    heredocs.push({ ...r.heredoc, start, end });
  }
  return { heredocs };
}
