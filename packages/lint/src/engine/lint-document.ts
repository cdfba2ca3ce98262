import type { Finding } from "../model/finding.js";
import { lintEnginefile } from "./lint-enginefile.js";
import { lintManifest } from "./lint-manifest.js";
import type { LintSettings } from "./settings.js";

/** The kinds of files the linter reads. */
export type FileKind = "enginefile" | "manifest";

/**
 * Lints text of either kind (see `lintEnginefile` in lint-enginefile.ts, `lintManifest` in lint-manifest.ts).
 * Loads both halves; the CLI's file linter imports the manifest half only when it meets a manifest, so
 * that linting Enginefiles never builds the api schemas (docs/cli.md "Start-up").
 */
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
