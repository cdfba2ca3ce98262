/**
 * The one escaper for untrusted text (an Enginefile's content, file names, messages quoting them) shown
 * by a human format on a terminal (docs/security.md "Untrusted text"). A file must not be able to move
 * the cursor, recolour or clear the screen, set the window title, write to the clipboard (OSC 52) or
 * hide text: every control character — C0 (`\x00`–`\x1f` but the tab), DEL, C1 (`\x80`–`\x9f`, where
 * `\x9b` is a one-byte CSI) — and the Unicode line separators and bidirectional controls ("Trojan
 * Source", CVE-2021-42574) are shown as visible escapes: `\x1b`, `\u202e`. Machine formats keep their
 * own exact escaping (JSON, XML) instead.
 */

/** What {@link escapeForTerminal} replaces (tabs are kept: code frames align with them). */
const UNSAFE = /[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const UNSAFE_ALL = new RegExp(UNSAFE.source, "g");

function visible(c: string): string {
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16)}`;
}

/** `text` with every terminal control character shown as `\xNN` / `\uNNNN` (see the module comment). */
export function escapeForTerminal(text: string): string {
  return UNSAFE.test(text) ? text.replace(UNSAFE_ALL, visible) : text;
}

/** {@link escapeForTerminal} for text of several lines: line breaks are kept, each line is escaped. */
export function escapeLinesForTerminal(text: string): string {
  return text.split("\n").map(escapeForTerminal).join("\n");
}
