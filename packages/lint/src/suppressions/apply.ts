/**
 * `applySuppressions`: drops the findings that suppression comments cover and reports invalid, unused and
 * forbidden suppressions.
 */
import type { Finding } from "../model/finding.js";
import type { RuleSeverity } from "../model/severity.js";
import { didYouMeanRule, resolveRuleIds } from "../rules/registry.js";
import type { SuppressionDirective } from "./directive.js";

/** How suppression comments are treated. */
export interface SuppressionPolicy {
  /** False forbids suppression comments: they are ignored and reported as `suppression-forbidden`. */
  allowed: boolean;
  /** Report rule ids that suppressed nothing (`unused-suppression`). */
  reportUnused: boolean;
  /** The effective severity of a rule (to skip unused reports for rules that are off). */
  severityOf(ruleId: string): RuleSeverity;
}

/**
 * Drops the findings the directives suppress and adds the linter's own findings about the directives:
 * `invalid-suppression` (unknown or missing rule id), `unused-suppression`, `suppression-forbidden`.
 * The added findings are not themselves suppressible except by `enginekit-ignore-file`.
 */
export function applySuppressions(
  findings: Finding[],
  directives: SuppressionDirective[],
  policy: SuppressionPolicy,
): Finding[] {
  const extra: Finding[] = [];
  const add = (ruleId: string, range: Finding["range"], message: string) => {
    const severity = policy.severityOf(ruleId);
    if (severity !== "off") extra.push({ ruleId, severity, range, message });
  };
  if (!policy.allowed) {
    for (const d of directives)
      add(
        "suppression-forbidden",
        d.range,
        "Suppression comments are not allowed by this project's configuration; fix the finding instead.",
      );
    return [...findings, ...extra];
  }
  const used = new Set<string>();
  const key = (d: SuppressionDirective, id: string) => `${d.range.start.offset}:${id}`;
  /** Whether a directive's id names the rule (its id, or a hadolint/BuildKit/ShellCheck name of it). */
  // (a ShellCheck code also names findings reported as `shellcheck/<code>`)
  const names = (id: string, ruleId: string) =>
    id === ruleId || resolveRuleIds(id).includes(ruleId) || ruleId === `shellcheck/${id}`;
  for (const d of directives) {
    if (d.foreign) continue;
    if (d.ids?.length === 0)
      add(
        "invalid-suppression",
        d.range,
        `enginekit-ignore${d.scope === "next" ? "" : `-${d.scope}`} needs at least one rule id.`,
      );
    for (const i of d.ids ?? [])
      if (resolveRuleIds(i.id).length === 0)
        add(
          "invalid-suppression",
          i.range,
          `Unknown rule "${i.id}" in suppression comment${didYouMeanRule(i.id)} (see enginekit lint --list-rules).`,
        );
  }
  const kept = findings.filter((f) => {
    const at = f.range.start.offset;
    for (const d of directives) {
      if (at < d.appliesFrom || at >= d.appliesTo) continue;
      if (d.ids === undefined) return false;
      const by = d.ids.find((i) => names(i.id, f.ruleId));
      if (by) {
        used.add(key(d, by.id));
        return false;
      }
    }
    return true;
  });
  if (policy.reportUnused) {
    for (const d of directives)
      for (const i of d.foreign ? [] : (d.ids ?? []))
        if (
          resolveRuleIds(i.id).length > 0 &&
          !used.has(key(d, i.id)) &&
          resolveRuleIds(i.id).some((id) => policy.severityOf(id) !== "off")
        )
          add(
            "unused-suppression",
            i.range,
            `"${i.id}" reports nothing here; remove it from the suppression comment.`,
          );
  }
  const fileWide = directives.filter((d) => d.scope === "file");
  return [
    ...kept,
    ...extra.filter(
      (f) => !fileWide.some((d) => d.ids === undefined || d.ids.some((i) => names(i.id, f.ruleId))),
    ),
  ];
}
