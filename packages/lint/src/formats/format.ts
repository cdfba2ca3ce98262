import type { FileResult } from "../node/lint-files.js";

/** What every output format gets besides the results. */
export interface FormatContext {
  /** Colour escapes allowed (stylish only). */
  color: boolean;
  /** The enginekit version, for tool metadata. */
  version: string;
}

/** An output format: results of a run → the whole text to print or write. Pure. */
export type Formatter = (results: readonly FileResult[], context: FormatContext) => string;

/** 1-based line and column of a 0-based position (what every text format prints). */
export function oneBased(p: { line: number; character: number }): { line: number; column: number } {
  return { line: p.line + 1, column: p.character + 1 };
}

/** Escapes text for XML attributes and content. */
export function xmlEscape(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );
}
