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

/**
 * The findings of one code of a package's own checks (`@enginekit/manifests`, `@enginekit/compose`) as a
 * rule's reports: range, message and quick fix kept. What the rules that wrap those codes return.
 */
export function reportsOfCode(findings: readonly (Report & { code: string })[], code: string): Report[] {
  return findings
    .filter((f) => f.code === code)
    .map((f) => ({ range: f.range, message: f.message, ...(f.fix ? { fix: f.fix } : {}) }));
}
