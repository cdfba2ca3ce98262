/**
 * Findings and fixes of the linter. Positions, ranges and text edits are the foundation's
 * (`@enginekit/text`: LSP convention, ARCHITECTURE.md principle 2 — 0-based line, UTF-16 column and
 * offset), the same shape as the Enginefile AST's and the manifests': one definition for every package.
 */
import type { Fix, Position, Range, Severity, TextEdit } from "@enginekit/text";

export type { Fix, Position, Range, TextEdit };

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
