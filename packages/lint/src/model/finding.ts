/**
 * Findings and fixes of the linter. Positions, ranges and text edits are the foundation's
 * (`@enginekit/text`: LSP convention, ARCHITECTURE.md principle 2 — 0-based line, UTF-16 column and
 * offset), the same shape as the Enginefile AST's and the manifests': one definition for every package.
 */
import type { Position, Range, TextEdit } from "@enginekit/text";
import type { Severity } from "./severity.js";

export type { Position, Range, TextEdit };

/** A quick fix: text edits applied together (`--fix`, or a code action in an editor). */
export interface Fix {
  /** What the fix does, e.g. `Use COPY instead of ADD`. */
  title: string;
  edits: TextEdit[];
}

/** What a rule reports: where, what, and optionally how to fix it. Messages never contain secret values. */
export interface Report {
  range: Range;
  message: string;
  fix?: Fix;
}

/** A finding: a {@link Report} with the rule that made it and its effective severity. */
export interface Finding extends Report {
  ruleId: string;
  severity: Severity;
}
