/**
 * Lints a Compose file on disk within its project (`analyzeComposeFile`): the project's other files
 * (override, `extends`, `include`, `.env`) are read from disk, and variables come from the process
 * environment first, then `.env`, as `docker compose` reads them; the engine layer judges at the project's
 * `apiVersion` when set (see `targetApiVersion`). With `fix`, quick fixes (renaming an
 * unknown key to the known one) are applied until stable. Imported on demand by `lintOne`.
 */
import { nodeFileSystem } from "@enginekit/compose";
import type { Finding } from "../model/finding.js";
import { analyzeComposeFile } from "../runner/analyzed-compose.js";
import { fixText } from "../runner/fix.js";
import { lintAnalyzedCompose } from "../runner/lint-compose.js";
import type { LintSettings } from "../runner/settings.js";

/** Lints `text` as the Compose file `path` (absolute). Never throws for bad input. */
export async function lintComposeFile(
  text: string,
  path: string,
  settings: LintSettings,
  options: { fix?: boolean },
): Promise<{ text: string; findings: Finding[]; fixesApplied: number }> {
  const lint = (t: string) =>
    lintAnalyzedCompose(
      analyzeComposeFile(t, path, {
        fileSystem: nodeFileSystem,
        environment: process.env,
        ...(settings.manifestApiVersion ? { apiVersion: settings.manifestApiVersion } : {}),
      }),
      settings,
    );
  const fixed = options.fix ? fixText(text, lint) : { text, applied: 0 };
  return { text: fixed.text, findings: lint(fixed.text), fixesApplied: fixed.applied };
}
