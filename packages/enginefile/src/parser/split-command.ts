import { isAsciiBlank, isGoSpace, skipGoSpace, trimGoSpaceEnd } from "../lexer/characters.js";

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
 * BuildKit's `extractBuilderFlags`: words starting with `--` are flags (quotes removed, `\` escapes the
 * next byte, whatever the escape directive says); a bare `--` ends the flags and is dropped. It reads
 * bytes, so for non-ASCII text it runs over the UTF-8 bytes (each byte read as a Latin-1 character,
 * as Go's `rune(line[pos])` does) and maps offsets back.
 */
export function extractBuilderFlags(
  text: string,
  from: number,
  to: number,
): { flags: FlagWord[]; rest: number } {
  if (!hasNonAscii(text, from, to)) return scanFlags(text, from, to, (i) => i);
  const bytes = Buffer.from(text.slice(from, to), "utf8");
  const latin = bytes.toString("latin1");
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
  const r = scanFlags(latin, 0, latin.length, (i) => map[i] ?? to);
  return r;
}

function scanFlags(
  line: string,
  from: number,
  to: number,
  at: (i: number) => number,
): { flags: FlagWord[]; rest: number } {
  const flags: FlagWord[] = [];
  const IN_SPACES = 0;
  const IN_WORD = 1;
  const IN_QUOTE = 2;
  let phase = IN_SPACES;
  let word = "";
  let wordStart = from;
  let quote = 0;
  let blankOK = false;
  for (let pos = from; pos <= to; pos++) {
    const ch = pos !== to ? line.charCodeAt(pos) : -1;
    if (phase === IN_SPACES) {
      if (pos === to) break;
      if (isGoSpace(ch)) continue;
      if (ch !== 45 || pos + 1 === to || line.charCodeAt(pos + 1) !== 45) return { flags, rest: at(pos) };
      phase = IN_WORD;
      wordStart = pos;
    }
    if ((phase === IN_WORD || phase === IN_QUOTE) && pos === to) {
      if (word !== "--" && (blankOK || word.length > 0))
        flags.push({ text: word, start: at(wordStart), end: at(pos) });
      break;
    }
    if (phase === IN_WORD) {
      if (isGoSpace(ch)) {
        phase = IN_SPACES;
        if (word === "--") return { flags, rest: at(pos) };
        if (blankOK || word.length > 0) flags.push({ text: word, start: at(wordStart), end: at(pos) });
        word = "";
        blankOK = false;
        continue;
      }
      if (ch === 39 || ch === 34) {
        quote = ch;
        blankOK = true;
        phase = IN_QUOTE;
        continue;
      }
      let c = ch;
      if (c === 92) {
        if (pos + 1 === to) continue;
        pos++;
        c = line.charCodeAt(pos);
      }
      word += String.fromCharCode(c);
      continue;
    }
    // IN_QUOTE
    if (ch === quote) {
      phase = IN_WORD;
      continue;
    }
    let c = ch;
    if (c === 92) {
      if (pos + 1 === to) {
        phase = IN_WORD;
        continue;
      }
      pos++;
      c = line.charCodeAt(pos);
    }
    word += String.fromCharCode(c);
  }
  return { flags, rest: at(to) };
}
