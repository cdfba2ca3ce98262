/**
 * ShellCheck over a whole lint run: the scripts of every Enginefile given, checked by one ShellCheck
 * process, and the findings per file (before suppressions, which the linter applies with the file's
 * other findings). Files whose settings turn `shellcheck` off contribute no script.
 */

import type { AnalyzedEnginefile } from "../enginefile/analysis.js";
import type { Finding } from "../model/finding.js";
import type { LintSettings } from "../runner/settings.js";
import { shellcheckFileText, shellcheckFindings } from "../shellcheck/findings.js";
import { type ShellcheckScript, shellcheckScripts } from "../shellcheck/scripts.js";
import { runShellcheck } from "./shellcheck-process.js";

/** One Enginefile to check, with its settings. */
export interface ShellcheckInput {
  file: AnalyzedEnginefile;
  settings: LintSettings;
}

/** True unless the settings turn the `shellcheck` rule off. */
export function shellcheckEnabled(settings: LintSettings): boolean {
  return settings.rules.shellcheck !== "off";
}

/**
 * The ShellCheck findings of each input (same order), from one run of `executable`. Throws
 * `ShellcheckError` when ShellCheck fails; when `signal` aborts, the process is killed and the promise
 * rejects with the `AbortError` (the language server stops runs of closed or edited documents).
 */
export async function shellcheckEnginefiles(
  executable: string,
  inputs: readonly ShellcheckInput[],
  signal?: AbortSignal,
): Promise<Finding[][]> {
  const scripts: { input: number; script: ShellcheckScript }[] = [];
  inputs.forEach((input, i) => {
    if (!shellcheckEnabled(input.settings)) return;
    for (const script of shellcheckScripts(input.file)) scripts.push({ input: i, script });
  });
  const comments = await runShellcheck(
    executable,
    scripts.map((s) => shellcheckFileText(s.script)),
    signal,
  );
  const out: Finding[][] = inputs.map(() => []);
  scripts.forEach(({ input, script }, k) => {
    const { file, settings } = inputs[input]!;
    out[input]!.push(...shellcheckFindings(file, script, comments[k] ?? [], settings));
  });
  return out;
}
