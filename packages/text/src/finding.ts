/**
 * What every check reports in, declared once: the severities (hadolint's four levels, most severe
 * first) and a quick fix. The parser's diagnostics, the manifest
 * findings and the linter's findings all use these, so nothing converts between three models.
 */
import type { TextEdit } from "./text-edit.js";

/** How serious a finding is, most to least severe: `error`, `warning`, `info`, `style`. */
export type Severity = "error" | "warning" | "info" | "style";

/** Every severity, most severe first. */
export const SEVERITIES: readonly Severity[] = ["error", "warning", "info", "style"];

/** Rank of a severity: 0 for `error` up to 3 for `style` (lower is more severe). */
export function severityRank(severity: Severity): number {
  return SEVERITIES.indexOf(severity);
}

/** True when `severity` is at or above (as severe as, or more than) `threshold`. */
export function atOrAbove(severity: Severity, threshold: Severity): boolean {
  return severityRank(severity) <= severityRank(threshold);
}

/** A quick fix: text edits applied together (`--fix`, `format`, or a code action in an editor). */
export interface Fix {
  /** What the fix does, in the imperative, e.g. `Use COPY instead of ADD`. */
  title: string;
  edits: TextEdit[];
}
