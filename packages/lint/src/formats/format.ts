/**
 * What every output format shares: the `Formatter` type and its `FormatContext` (colour, version, rule-docs
 * base), 1-based positions (`oneBased`) and XML escaping (`xmlEscape`) for the XML formats.
 */
import type { FileResult } from "../node/lint-files.js";

/** What every output format gets besides the results. */
export interface FormatContext {
  /** Colour escapes allowed (stylish only). */
  color: boolean;
  /** The enginekit version, for tool metadata. */
  version: string;
  /**
   * Where the rule pages are hosted (`--rule-docs`): a base URL, or one holding `{id}` (see
   * `ruleDocsUri`). Formats that link to rule pages (SARIF `helpUri`) do so only when it is given.
   */
  ruleDocsBase?: string;
}

/** An output format: results of a run → the whole text to print or write. Pure. */
export type Formatter = (results: readonly FileResult[], context: FormatContext) => string;

const XML_ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  "\t": "&#9;",
  "\n": "&#10;",
  "\r": "&#13;",
};

/**
 * Escapes text for XML attributes and content. Tab, LF and CR become character references (kept exact
 * in attributes, where a raw one would be normalised to a space). Characters XML 1.0 cannot carry in
 * any form (C0 controls such as ESC and NUL, U+FFFE/U+FFFF, lone surrogates) are written as the visible
 * escape `\xNN` / `\uNNNN`, so the document stays well-formed.
 */
export function xmlEscape(text: string): string {
  return text.replace(
    /[&<>"'\t\n\r]|[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    (c) =>
      XML_ENTITIES[c] ??
      (c.charCodeAt(0) <= 0xff
        ? `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`
        : `\\u${c.charCodeAt(0).toString(16)}`),
  );
}
