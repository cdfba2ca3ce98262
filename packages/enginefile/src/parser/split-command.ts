import { isAsciiBlank, isGoSpace, skipGoSpace, trimGoSpaceEnd } from "../lexer/characters.js";
import { parseFlags } from "./flags-parser.js";

/** A leading flag word: the reference's string (`--name=value`, quotes removed) and its offsets. */
export interface FlagWord {
  text: string;
  start: number;
  end: number;
}

/** An instruction line split as BuildKit's `splitCommand` does, with offsets into the line. */
export interface SplitCommand {
  command: string;
  commandStart: number;
  commandEnd: number;
  flags: FlagWord[];
  /** The arguments text `[restStart, restEnd)`, trimmed of Unicode whitespace. */
  restStart: number;
  restEnd: number;
}

/**
 * Splits `text[from, to)`: trims Unicode whitespace, cuts the keyword at the first `[\t\v\f\r ]+` run,
 * peels off leading `--flags` (BuildKit `extractBuilderFlags`) and trims the rest.
 */
export function splitCommand(text: string, from: number, to: number): SplitCommand {
  const s = skipGoSpace(text, from, to);
  const e = trimGoSpaceEnd(text, s, to);
  let k = s;
  while (k < e && !isAsciiBlank(text.charCodeAt(k))) k++;
  const command = text.slice(s, k);
  if (k >= e) return { command, commandStart: s, commandEnd: k, flags: [], restStart: e, restEnd: e };
  let r = k;
  while (r < e && isAsciiBlank(text.charCodeAt(r))) r++;
  const { flags, rest } = extractBuilderFlags(text, r, e);
  const restStart = skipGoSpace(text, rest, e);
  return { command, commandStart: s, commandEnd: k, flags, restStart, restEnd: e };
}

function hasNonAscii(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) > 0x7f) return true;
  return false;
}

/**
 * BuildKit's `extractBuilderFlags` on the chevrotain flag grammar: words starting with `--` are flags
 * (quotes removed, `\` escapes the next byte, whatever the escape directive says); a bare `--` ends
 * the flags and is dropped. The reference reads bytes, so non-ASCII text is lexed as its UTF-8 bytes
 * (each byte a Latin-1 character, as Go's `rune(line[pos])` does) and offsets are mapped back.
 */
export function extractBuilderFlags(
  text: string,
  from: number,
  to: number,
): { flags: FlagWord[]; rest: number } {
  const c0 = text.charCodeAt(from);
  if (from >= to || (c0 < 0x80 && !isGoSpace(c0) && (c0 !== 45 || text.charCodeAt(from + 1) !== 45))) {
    return { flags: [], rest: from };
  }
  if (!hasNonAscii(text, from, to)) {
    const r = parseFlags(text.slice(from, to));
    return {
      flags: r.flags.map((f) => ({ text: f.text, start: from + f.start, end: from + f.end })),
      rest: from + r.rest,
    };
  }
  const bytes = Buffer.from(text.slice(from, to), "utf8");
  // map byte index -> UTF-16 offset
  const map = new Int32Array(bytes.length + 1);
  let u = from;
  for (let b = 0; b < bytes.length; ) {
    const lead = bytes[b] ?? 0;
    const n = lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
    for (let j = 0; j < n && b + j < bytes.length; j++) map[b + j] = u;
    b += n;
    u += n === 4 ? 2 : 1;
  }
  map[bytes.length] = to;
  const at = (i: number) => map[i] ?? to;
  const r = parseFlags(bytes.toString("latin1"));
  return {
    flags: r.flags.map((f) => ({ text: f.text, start: at(f.start), end: at(f.end) })),
    rest: at(r.rest),
  };
}
