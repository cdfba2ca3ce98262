import { type AnalyzedEnginefile, analyzeEnginefile } from "../enginefile/analysis.js";
import type { Finding } from "../model/finding.js";
import { applyBuildkitCheckDirective } from "../suppressions/buildkit-check-directive.js";
import { enginefileSuppressions } from "../suppressions/collect.js";
import { finish, runRules } from "./run-rules.js";
import type { LintSettings } from "./settings.js";

/**
 * Lints an analysed Enginefile: every enabled Enginefile rule, then suppressions. `extra` are findings
 * found outside the rules' checks for the same text (ShellCheck's), suppressed and sorted with the
 * rest. Pure; never throws.
 */
export function lintAnalyzedEnginefile(
  file: AnalyzedEnginefile,
  settings: LintSettings,
  extra: readonly Finding[] = [],
): Finding[] {
  const whole = file.lines.range(0, 0);
  const found = runRules("enginefile", file, settings, whole);
  if (extra.length > 0) found.push(...extra);
  return finish(applyBuildkitCheckDirective(file.doc, found), enginefileSuppressions(file), settings);
}

/** Lints Enginefile text (see {@link lintAnalyzedEnginefile}). */
export function lintEnginefile(text: string, settings: LintSettings): Finding[] {
  return lintAnalyzedEnginefile(analyzeEnginefile(text, settings.enginefile), settings);
}
