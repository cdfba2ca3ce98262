/**
 * Byte-exact input: BuildKit reads a Dockerfile as bytes, and Go strings keep invalid UTF-8 as it is
 * (`strconv.Quote` prints such a byte as `\xc3`). A JavaScript string cannot hold a byte, so
 * {@link decodeBytes} keeps each byte that is not part of a valid UTF-8 sequence as the lone surrogate
 * U+DC00 + byte (U+DC80–U+DCFF, the "surrogate escape" convention); valid UTF-8 text never decodes to
 * a lone surrogate, so the mapping is reversible. The parser counts such a unit as one byte (line
 * limit) and the dump prints it as `\xhh`.
 */
import type { EnginefileDocument } from "../ast/nodes.js";
import { parse } from "./parse.js";

const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Length of the valid UTF-8 sequence at `i` (Go's `utf8.DecodeRune` rules), or 0 when invalid. */
function sequenceLength(bytes: Uint8Array, i: number): number {
  const b0 = bytes[i] ?? 0;
  const cont = (k: number, lo = 0x80, hi = 0xbf) => {
    const b = bytes[i + k];
    return b !== undefined && b >= lo && b <= hi;
  };
  if (b0 < 0x80) return 1;
  if (b0 >= 0xc2 && b0 <= 0xdf) return cont(1) ? 2 : 0;
  if (b0 >= 0xe0 && b0 <= 0xef) {
    // no overlong forms (E0 A0..), no surrogates (ED 80..9F)
    const lo = b0 === 0xe0 ? 0xa0 : 0x80;
    const hi = b0 === 0xed ? 0x9f : 0xbf;
    return cont(1, lo, hi) && cont(2) ? 3 : 0;
  }
  if (b0 >= 0xf0 && b0 <= 0xf4) {
    const lo = b0 === 0xf0 ? 0x90 : 0x80;
    const hi = b0 === 0xf4 ? 0x8f : 0xbf;
    return cont(1, lo, hi) && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}

/**
 * Decodes UTF-8 `bytes` to a string without losing any byte: valid sequences become their characters
 * (a leading BOM is kept, the parser skips it), each other byte `b` becomes U+DC00 + `b`.
 */
export function decodeBytes(bytes: Uint8Array): string {
  try {
    return strict.decode(bytes);
  } catch {
    // invalid UTF-8: decode valid runs in bulk, escape the invalid bytes one by one
  }
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  const parts: string[] = [];
  let runStart = 0;
  let i = 0;
  while (i < bytes.length) {
    const n = sequenceLength(bytes, i);
    if (n > 0) {
      i += n;
      continue;
    }
    if (i > runStart) parts.push(decoder.decode(bytes.subarray(runStart, i)));
    parts.push(String.fromCharCode(0xdc00 + (bytes[i] ?? 0)));
    i++;
    runStart = i;
  }
  if (i > runStart) parts.push(decoder.decode(bytes.subarray(runStart, i)));
  return parts.join("");
}

/**
 * Parses an Enginefile given as bytes, exactly as the reference reads it: like {@link parse} on
 * {@link decodeBytes}`(bytes)`, so invalid UTF-8 survives into argument values and the dump
 * (`MAINTAINER \xc3` dumps `(maintainer "\xc3")`). Ranges and offsets are UTF-16 offsets into the
 * returned document's `text` (the decoded string), not byte offsets. Never throws.
 */
export function parseBytes(bytes: Uint8Array): EnginefileDocument {
  return parse(decodeBytes(bytes));
}

const encoder = new TextEncoder();

/**
 * The inverse of {@link decodeBytes}: UTF-8 bytes of `text`, where each lone U+DC80–U+DCFF becomes the
 * raw byte it stands for (other lone surrogates become U+FFFD, as `TextEncoder` writes them).
 */
export function encodeBytes(text: string): Uint8Array {
  if (!/[\udc80-\udcff]/.test(text)) return encoder.encode(text);
  const parts: Uint8Array[] = [];
  let runStart = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0xdc80 || c > 0xdcff) continue;
    // a low surrogate after a high one is half of a valid pair, not a raw byte
    const prev = i > 0 ? text.charCodeAt(i - 1) : 0;
    if (prev >= 0xd800 && prev <= 0xdbff && i - 1 >= runStart) continue;
    parts.push(encoder.encode(text.slice(runStart, i)), Uint8Array.of(c - 0xdc00));
    runStart = i + 1;
  }
  parts.push(encoder.encode(text.slice(runStart)));
  return new Uint8Array(Buffer.concat(parts));
}
