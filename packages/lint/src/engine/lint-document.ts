import { type AnalyzedEnginefile, analyzeEnginefile } from "../enginefile/analysis.js";
import type { Finding, Report } from "../model/finding.js";
import { RULES } from "../rules/registry.js";
import { applySuppressions } from "../suppressions/apply.js";
import { applyBuildkitCheckDirective } from "../suppressions/buildkit-check-directive.js";
import { enginefileSuppressions, manifestSuppressions } from "../suppressions/collect.js";
import type { SuppressionDirective } from "../suppressions/directive.js";
import { TextLines } from "../text/line-index.js";
import { type AnalyzedManifest, analyzeManifest } from "./analyzed-manifest.js";
import { type LintSettings, severityOf } from "./settings.js";

/** The kinds of files the linter reads. */
export type FileKind = "enginefile" | "manifest";

function byPosition(a: Finding, b: Finding): number {
  return (
    a.range.start.offset - b.range.start.offset ||
    a.range.end.offset - b.range.end.offset ||
    a.ruleId.localeCompare(b.ruleId)
  );
}

/** Runs every enabled rule of `target` on `input` (an analysed Enginefile or manifest). */
function runRules(
  target: "enginefile" | "manifest",
  input: AnalyzedEnginefile | AnalyzedManifest,
  settings: LintSettings,
  whole: Report["range"],
): Finding[] {
  const out: Finding[] = [];
  for (const rule of RULES) {
    if (rule.meta.appliesTo !== target) continue;
    const severity = severityOf(settings, rule.meta.id);
    if (severity === "off") continue;
    try {
      // the rule's target matches the input's kind (checked above)
      const check = rule.check as ((input: AnalyzedEnginefile | AnalyzedManifest) => Report[]) | undefined;
      for (const r of check?.(input) ?? []) out.push({ ...r, ruleId: rule.meta.id, severity });
    } catch (error) {
      const severity = severityOf(settings, "internal-error");
      if (severity !== "off")
        out.push({
          ruleId: "internal-error",
          severity,
          range: whole,
          message: `Rule ${rule.meta.id} failed: ${error instanceof Error ? error.message : String(error)}`,
        });
    }
  }
  return out;
}

function finish(findings: Finding[], directives: SuppressionDirective[], settings: LintSettings): Finding[] {
  return applySuppressions(findings, directives, {
    allowed: settings.inlineSuppressions,
    reportUnused: settings.reportUnusedSuppressions,
    severityOf: (id) => severityOf(settings, id),
  }).sort(byPosition);
}

/** Lints an analysed Enginefile: every enabled Enginefile rule, then suppressions. Pure; never throws. */
export function lintAnalyzedEnginefile(file: AnalyzedEnginefile, settings: LintSettings): Finding[] {
  const whole = file.lines.range(0, 0);
  const found = runRules("enginefile", file, settings, whole);
  return finish(applyBuildkitCheckDirective(file.doc, found), enginefileSuppressions(file), settings);
}

/** Lints Enginefile text (see {@link lintAnalyzedEnginefile}). */
export function lintEnginefile(text: string, settings: LintSettings): Finding[] {
  return lintAnalyzedEnginefile(analyzeEnginefile(text, settings.enginefile), settings);
}

/** Lints an analysed manifest (its `findings` may already include online ones). Pure; never throws. */
export function lintAnalyzedManifest(manifest: AnalyzedManifest, settings: LintSettings): Finding[] {
  const lines = new TextLines(manifest.text);
  const found = runRules("manifest", manifest, settings, lines.range(0, 0));
  const directives = manifest.check.format === "yaml" ? manifestSuppressions(manifest.text, lines) : [];
  return finish(found, directives, settings);
}

/** Lints manifest text; `fileName` gives the format and kind (`web.container.yaml`). */
export function lintManifest(text: string, fileName: string | undefined, settings: LintSettings): Finding[] {
  return lintAnalyzedManifest(analyzeManifest(text, fileName), settings);
}

/** Lints text of either kind. */
export function lintText(
  text: string,
  kind: FileKind,
  fileName: string | undefined,
  settings: LintSettings,
): Finding[] {
  return kind === "enginefile"
    ? lintEnginefile(text, {
        ...settings,
        enginefile: { ...settings.enginefile, ...(fileName ? { fileName } : {}) },
      })
    : lintManifest(text, fileName, settings);
}
