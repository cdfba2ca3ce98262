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
const HEREDOC = /^(\d*)<<(-?)\s*([^<]*)$/;

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
 * unset variables kept, escape `\`) and read every word of the form `[fd]<<[-]delimiter`. Word offsets
 * are found by locating each `<<` in `line` in order. As in the reference's golden cases, blanks may
 * separate a bare `<<` from its delimiter (`<<  EOF`); after `<<-` they may not: `<<- T` is the word
 * `<<-` (no delimiter, so no heredoc) and the word `T`, and `<<- <<EOT` has the one heredoc `EOT`.
 */
export function heredocsFromLine(line: string): { heredocs: HeredocWord[]; error?: string } {
  const words = processShellWord(line, unset, {
    rawQuotes: true,
    rawEscapes: true,
    skipUnsetEnv: true,
  }).words;
  const heredocs: HeredocWord[] = [];
  let searchFrom = 0;
  for (let i = 0; i < words.length; i++) {
    let word = words[i] ?? "";
    // `<<  EOF`: the delimiter may be separated from a bare `<<` (not from `<<-`) by blanks
    if (/^\d*<<$/.test(word) && i + 1 < words.length) word += words[++i] ?? "";
    const r = heredocFromWord(word);
    if (r.error) return { heredocs, error: r.error };
    if (!r.heredoc) continue;
    let at = line.indexOf("<<", searchFrom);
    if (at < 0) at = searchFrom;
    let start = at;
    while (start > 0 && /[0-9]/.test(line[start - 1] ?? "")) start--;
    let end = at + 2;
    while (end < line.length && !/\s/.test(line[end] ?? "")) end++;
    searchFrom = end;
    heredocs.push({ ...r.heredoc, start, end });
  }
  return { heredocs };
}
