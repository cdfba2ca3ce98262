/**
 * `enginefileFindings`: the `@enginekit/lint` findings of an analysed Enginefile, with the same settings model
 * as `enginekit lint` (the editor and CI agree), ShellCheck's findings joined when ready.
 */
import type { AnalyzedEnginefile, Finding, LintSettings } from "@enginekit/lint";
import { analyzeEnginefile, lintAnalyzedEnginefile } from "./linter.js";

/**
 * The lint findings of an analysed Enginefile, with the same settings model as `enginekit lint`. The
 * analysis is shared by every feature; the project's options (trusted registries, the build context's
 * ignore file) are the settings', as `lintEnginefile` would give them to the analysis. Re-analysing the
 * parsed document with them shares its scopes, stage graph and rule caches. `shellcheck`: ShellCheck's
 * findings ready for this text (src/kinds/enginefile/shellcheck-source.ts).
 */
export function enginefileFindings(
  file: AnalyzedEnginefile,
  settings: LintSettings,
  shellcheck: readonly Finding[] = [],
): Finding[] {
  const options = { ...file.options, ...settings.enginefile };
  return lintAnalyzedEnginefile(analyzeEnginefile(file.doc, options), settings, shellcheck);
}
