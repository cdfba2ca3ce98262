/**
 * The rule runner: `runRules` runs every enabled rule of a target at its configured severity (a rule that
 * throws, or reports against its declared `meta.fix`, gives an `internal-error` finding, as ESLint's linter
 * refuses an undeclared fix), and `finish` applies suppressions and sorts.
 */
import type { AnalyzedEnginefile } from "../enginefile/analysis.js";
import type { AnalyzedIgnoreFile } from "../ignorefile/analysis.js";
import type { Finding, Report } from "../model/finding.js";
import type { Rule } from "../model/rule.js";
import { RULES } from "../rules/registry.js";
import { applySuppressions } from "../suppressions/apply.js";
import type { SuppressionDirective } from "../suppressions/directive.js";
import type { AnalyzedComposeFile } from "./analyzed-compose.js";
import type { AnalyzedManifest } from "./analyzed-manifest.js";
import { type LintSettings, ruleSeverity, severityOf } from "./settings.js";

/**
 * Orders findings by start, then end offset, then rule id (code-unit order: the same on every machine,
 * whatever its locale, and far cheaper than `localeCompare`).
 */
function byPosition(a: Finding, b: Finding): number {
  return (
    a.range.start.offset - b.range.start.offset ||
    a.range.end.offset - b.range.end.offset ||
    (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0)
  );
}

/** The rules of each target, in registry order (filtered once, not per file). */
const RULES_OF: Readonly<Record<"enginefile" | "manifest" | "ignorefile" | "compose", readonly Rule[]>> = {
  enginefile: RULES.filter((r) => r.meta.appliesTo === "enginefile"),
  manifest: RULES.filter((r) => r.meta.appliesTo === "manifest"),
  ignorefile: RULES.filter((r) => r.meta.appliesTo === "ignorefile"),
  compose: RULES.filter((r) => r.meta.appliesTo === "compose"),
};

/**
 * Runs every enabled rule of `target` on `input` (an analysed Enginefile or manifest) with the severity the
 * settings give it; a rule that throws becomes one `internal-error` finding over `whole`, never an exception.
 */
export function runRules(
  target: "enginefile" | "manifest" | "ignorefile" | "compose",
  input: AnalyzedEnginefile | AnalyzedManifest | AnalyzedIgnoreFile | AnalyzedComposeFile,
  settings: LintSettings,
  whole: Report["range"],
): Finding[] {
  const out: Finding[] = [];
  for (const rule of RULES_OF[target]) {
    const severity = ruleSeverity(settings, rule);
    if (severity === "off") continue;
    try {
      // the rule's target matches the input's kind (checked above)
      const check = rule.check as
        | ((
            input: AnalyzedEnginefile | AnalyzedManifest | AnalyzedIgnoreFile | AnalyzedComposeFile,
          ) => Report[])
        | undefined;
      for (const r of check?.(input) ?? []) {
        const broken = undeclaredFix(rule, r);
        if (broken === undefined) out.push({ ...r, ruleId: rule.meta.id, severity });
        else {
          const { fix: _dropped, ...report } = r;
          out.push({ ...report, ruleId: rule.meta.id, severity });
          internalError(out, settings, whole, `Rule ${rule.meta.id} ${broken}`);
        }
      }
    } catch (error) {
      internalError(
        out,
        settings,
        whole,
        `Rule ${rule.meta.id} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
  return out;
}

/**
 * Why `report` contradicts its rule's declared fix availability (`meta.fix`), or `undefined` when it
 * does not: a fix from a `never` rule, or no fix from an `always` rule (ESLint's linter likewise refuses a
 * fix from a rule without `meta.fixable`).
 */
function undeclaredFix(rule: Rule, report: Report): string | undefined {
  if (report.fix !== undefined && rule.meta.fix === "never")
    return "reported a quick fix but declares fix: never";
  if (report.fix === undefined && rule.meta.fix === "always")
    return "reported no quick fix but declares fix: always";
  return undefined;
}

/** Adds one `internal-error` finding over `whole` (unless the setting turns the rule off). */
function internalError(
  out: Finding[],
  settings: LintSettings,
  whole: Report["range"],
  message: string,
): void {
  const severity = severityOf(settings, "internal-error");
  if (severity !== "off") out.push({ ruleId: "internal-error", severity, range: whole, message });
}

/**
 * Applies inline suppressions (`# enginekit-ignore`) to `findings` and sorts them by position; reports
 * unused suppressions when the settings ask for it.
 */
export function finish(
  findings: Finding[],
  directives: SuppressionDirective[],
  settings: LintSettings,
): Finding[] {
  return applySuppressions(findings, directives, {
    allowed: settings.inlineSuppressions,
    reportUnused: settings.reportUnusedSuppressions,
    severityOf: (id) => severityOf(settings, id),
  }).sort(byPosition);
}
