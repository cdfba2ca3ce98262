/**
 * Splitting an instruction line into keyword, leading `--flags` and the rest, with offsets: `splitCommand`
 * and `extractBuilderFlags`, as BuildKit's `splitCommand` and `extractBuilderFlags` do, byte by byte for
 * non-ASCII text (`frontend/dockerfile/parser`).
 */
import { isAsciiBlank, isGoSpace, skipGoSpace, trimGoSpaceEnd } from "@enginekit/text";
import { type BytePlace, characterBytes, rawBytesText } from "../lexer/byte-cuts.js";
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
  /**
   * Set when the flags end inside a character (BuildKit reads flags byte by byte): the arguments start
   * with that character's remaining bytes, and `restStart` is the character's offset.
   */
  restHead?: BytePlace;
}

/**
 * Splits `text[from, to)`: trims Unicode whitespace, cuts the keyword at the first `[\t\v\f\r ]+` run,
 * peels off leading `--flags` (BuildKit `extractBuilderFlags`) and trims the rest.
 */
export function splitCommand(text: string, from: number, to: number, escapeCode = 92): SplitCommand {
  const s = skipGoSpace(text, from, to);
  const e = trimGoSpaceEnd(text, s, to);
  let k = s;
  while (k < e && !isAsciiBlank(text.charCodeAt(k))) k++;
  const command = text.slice(s, k);
  if (k >= e) return { command, commandStart: s, commandEnd: k, flags: [], restStart: e, restEnd: e };
  let r = k;
  while (r < e && isAsciiBlank(text.charCodeAt(r))) r++;
  const { flags, rest, restHead } = extractBuilderFlags(text, r, e, escapeCode);
  if (restHead)
    return { command, commandStart: s, commandEnd: k, flags, restStart: rest, restEnd: e, restHead };
  const restStart = skipGoSpace(text, rest, e);
  return { command, commandStart: s, commandEnd: k, flags, restStart, restEnd: e };
}

function hasNonAscii(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (text.charCodeAt(i) > 0x7f) return true;
  return false;
}

/**
 * The UTF-8 bytes of `text[from, to)` as a Latin-1 string (one character per byte), and for each byte
 * index the UTF-16 offset of the character it belongs to (`map[byteCount]` is `to`). A raw byte kept by
 * `decodeBytes` (lone U+DC80–U+DCFF) is that one byte; other lone surrogates are U+FFFD's 3 bytes.
 */
function utf8AsLatin1(text: string, from: number, to: number): { latin1: string; map: Int32Array } {
  const codes: number[] = [];
  const offsets: number[] = [];
  const put = (b: number, u: number) => {
    codes.push(b);
    offsets.push(u);
  };
  for (let u = from; u < to; ) {
    const { bytes, units } = characterBytes(text, u);
    for (const b of bytes) put(b, u);
    u += units;
  }
  const map = new Int32Array(codes.length + 1);
  map.set(offsets);
  map[codes.length] = to;
  let latin1 = "";
  for (let i = 0; i < codes.length; i += 8192) latin1 += String.fromCharCode(...codes.slice(i, i + 8192));
  return { latin1, map };
}

/**
 * BuildKit's `extractBuilderFlags` on the chevrotain flag grammar: words starting with `--` are flags
 * (quotes removed, the escape character `escapeCode` escapes the next byte); a bare `--` ends
 * the flags and is dropped. The reference reads bytes, so non-ASCII text is lexed as its UTF-8 bytes
 * (each byte a Latin-1 character, as Go's `rune(line[pos])` does) and offsets are mapped back.
 */
function extractBuilderFlags(
  text: string,
  from: number,
  to: number,
  escapeCode = 92,
): { flags: FlagWord[]; rest: number; restHead?: BytePlace } {
  const c0 = text.charCodeAt(from);
  if (from >= to || (c0 < 0x80 && !isGoSpace(c0) && (c0 !== 45 || text.charCodeAt(from + 1) !== 45))) {
    return { flags: [], rest: from };
  }
  if (!hasNonAscii(text, from, to)) {
    const r = parseFlags(text.slice(from, to), escapeCode);
    return {
      flags: r.flags.map((f) => ({ text: f.text, start: from + f.start, end: from + f.end })),
      rest: from + r.rest,
    };
  }
  const { latin1, map } = utf8AsLatin1(text, from, to);
  const at = (i: number) => map[i] ?? to;
  const r = parseFlags(latin1, escapeCode);
  const flags = r.flags.map((f) => ({ text: f.text, start: at(f.start), end: at(f.end) }));
  const rest = at(r.rest);
  // the rest starts inside a character (after a space byte 0x85 or 0xA0 in it): its remaining bytes lead
  if (r.rest > 0 && rest < to && at(r.rest - 1) === rest) {
    let byte = 0;
    while (at(r.rest - 1 - byte) === rest && r.rest - 1 - byte >= 0) byte++;
    const { bytes, units } = characterBytes(text, rest);
    const head: BytePlace = {
      unit: rest,
      byte,
      units,
      after: rawBytesText(bytes.slice(byte)),
      before: rawBytesText(bytes.slice(0, byte)),
    };
    return { flags, rest, restHead: head };
  }
  return { flags, rest };
}
