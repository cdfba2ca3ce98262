/**
 * Gives the lint jobs of one run their ShellCheck findings before they are linted: reads and analyses
 * the Enginefiles whose settings keep `shellcheck` on, checks all their scripts with one ShellCheck
 * process, and stores each file's findings on its job (plain data, so worker threads get them too).
 */

import { analyzeEnginefile } from "../enginefile/analysis.js";
import type { Finding } from "../model/finding.js";
import type { FileJob } from "./lint-file.js";
import type { LintFilesOptions } from "./lint-files.js";
import type { ProjectSettings } from "./project-settings.js";
import { type ShellcheckInput, shellcheckEnabled, shellcheckEnginefiles } from "./shellcheck-batch.js";
import { findShellcheck } from "./shellcheck-process.js";
import { readSourceText } from "./source-text.js";

/**
 * Sets `shellcheck` on the Enginefile jobs and returns the findings for the stdin text (if any). Does
 * nothing when ShellCheck is off or absent; when it fails, tells `options.onNotice` and goes on.
 */
export async function addShellcheckFindings(
  jobs: FileJob[],
  stdin: { text: string; fileName: string; path: string } | undefined,
  project: ProjectSettings,
  options: Pick<LintFilesOptions, "shellcheck" | "onNotice">,
): Promise<Finding[]> {
  const choice = options.shellcheck ?? "auto";
  if (choice === false) return [];
  const targets = jobs.filter((j) => j.kind === "enginefile" && shellcheckEnabled(j.settings));
  const stdinSettings =
    stdin && !/\.(ya?ml|json)$/i.test(stdin.fileName) ? project.forFile(stdin.path).settings : undefined;
  if (targets.length === 0 && !(stdinSettings && shellcheckEnabled(stdinSettings))) return [];
  const executable = choice === "auto" ? findShellcheck() : choice;
  if (!executable) return [];
  const inputs: ShellcheckInput[] = [];
  const owners: (FileJob | undefined)[] = [];
  for (const job of targets) {
    let text: string;
    try {
      text = readSourceText(job.path, job.kind);
    } catch {
      continue; // the lint itself reports the read error
    }
    inputs.push({ file: analyzeEnginefile(text, job.settings.enginefile), settings: job.settings });
    owners.push(job);
  }
  if (stdin && stdinSettings) {
    inputs.push({ file: analyzeEnginefile(stdin.text, stdinSettings.enginefile), settings: stdinSettings });
    owners.push(undefined);
  }
  let found: Finding[][];
  try {
    found = await shellcheckEnginefiles(executable, inputs);
  } catch (error) {
    options.onNotice?.(`ShellCheck skipped: ${(error as Error).message}`);
    return [];
  }
  let forStdin: Finding[] = [];
  found.forEach((findings, i) => {
    const job = owners[i];
    if (job) job.shellcheck = findings;
    else forStdin = findings;
  });
  return forStdin;
}
