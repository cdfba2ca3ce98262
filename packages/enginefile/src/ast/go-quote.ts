/** Characters Go's `unicode.IsPrint` accepts besides ASCII: letters, marks, numbers, punctuation, symbols. */
const PRINTABLE = /[\p{L}\p{M}\p{N}\p{P}\p{S}]/u;
const SIMPLE = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
/** The control characters Go writes with a letter escape. */
const NAMED_CONTROLS: Readonly<Record<number, string>> = {
  7: "\\a",
  8: "\\b",
  9: "\\t",
  10: "\\n",
  11: "\\v",
  12: "\\f",
  13: "\\r",
};

/**
 * Go's `strconv.Quote`: a double-quoted string literal where `"` and `\` are escaped, `\a \b \f \n \r
 * \t \v` name those controls, other controls and DEL become `\xhh`, characters that Go's
 * `unicode.IsPrint` rejects become `\uhhhh` / `\Uhhhhhhhh`, a raw byte (U+DC80–U+DCFF from
 * `decodeBytes`) becomes `\xhh`, and everything else is written raw.
 */
export function goQuote(s: string): string {
  if (SIMPLE.test(s)) return `"${s}"`;
  let out = '"';
  for (const ch of s) {
    const cp = ch.codePointAt(0) ?? 0;
    if (cp === 0x22) out += '\\"';
    else if (cp === 0x5c) out += "\\\\";
    else if (cp >= 0x20 && cp < 0x7f) out += ch;
    else if (cp < 0x20 || cp === 0x7f) {
      out += NAMED_CONTROLS[cp] ?? `\\x${cp.toString(16).padStart(2, "0")}`;
    } else if (cp >= 0xdc80 && cp <= 0xdcff) {
      // a raw byte kept by `decodeBytes` (invalid UTF-8): Go prints it as `\xhh`
      out += `\\x${(cp - 0xdc00).toString(16)}`;
    } else if (cp >= 0xd800 && cp <= 0xdfff) out += "\\ufffd";
    else if (PRINTABLE.test(ch)) out += ch;
    else if (cp < 0x10000) out += `\\u${cp.toString(16).padStart(4, "0")}`;
    else out += `\\U${cp.toString(16).padStart(8, "0")}`;
  }
  return `${out}"`;
}
