/**
 * Severities of findings, most to least severe (hadolint's order, lint-anchors §1.1): `error`, `warning`,
 * `info`, `style`. A rule's configured severity may also be `off`.
 */
export type Severity = "error" | "warning" | "info" | "style";

/** A rule's configured severity: a {@link Severity}, or `off` to disable the rule. */
export type RuleSeverity = Severity | "off";

/** Every severity, most severe first. */
export const SEVERITIES: readonly Severity[] = ["error", "warning", "info", "style"];

/** Every rule severity, `off` last. */
export const RULE_SEVERITIES: readonly RuleSeverity[] = [...SEVERITIES, "off"];

/** Rank of a severity: 0 for `error` up to 3 for `style` (lower is more severe). */
export function severityRank(severity: Severity): number {
  return SEVERITIES.indexOf(severity);
}

/** True when `severity` is at or above (as severe as, or more than) `threshold`. */
export function atOrAbove(severity: Severity, threshold: Severity): boolean {
  return severityRank(severity) <= severityRank(threshold);
}
