/**
 * Linting an ignore file: the ignore-file rules over {@link analyzeIgnoreFile}, then the same
 * suppressions and ordering as every other kind. Pure; never throws.
 */
import { type AnalyzedIgnoreFile, analyzeIgnoreFile, type IgnoreContext } from "../ignorefile/analysis.js";
import type { Finding } from "../model/finding.js";
import { finish, runRules } from "./run-rules.js";
import type { LintSettings } from "./settings.js";

/** Lints an analysed ignore file. */
export function lintAnalyzedIgnoreFile(file: AnalyzedIgnoreFile, settings: LintSettings): Finding[] {
  return finish(runRules("ignorefile", file, settings, file.lines.range(0, 0)), [], settings);
}

/**
 * Lints ignore-file text. `fileName` names the file (default `.engineignore`); `context` lists the build
 * context it applies to, for the rules that say what a pattern matches there.
 */
export function lintIgnoreFile(
  text: string,
  fileName: string | undefined,
  settings: LintSettings,
  context?: IgnoreContext,
): Finding[] {
  return lintAnalyzedIgnoreFile(analyzeIgnoreFile(text, fileName ?? ".engineignore", context), settings);
}
