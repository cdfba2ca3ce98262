/**
 * `lintText`: lints text of any kind (Enginefile, manifest, ignore file) with the linter of that kind.
 */
import type { Finding } from "../model/finding.js";
import { lintCompose } from "./lint-compose.js";
import { lintEnginefile } from "./lint-enginefile.js";
import { lintIgnoreFile } from "./lint-ignore-file.js";
import { lintManifest } from "./lint-manifest.js";
import type { LintSettings } from "./settings.js";

/** The kinds of files the linter reads. */
export type FileKind = "enginefile" | "manifest" | "ignorefile" | "compose";

/**
 * Lints text of any kind (see `lintEnginefile` in lint-enginefile.ts, `lintManifest` in lint-manifest.ts,
 * `lintIgnoreFile` in lint-ignore-file.ts; an ignore file linted as text has no build context; a Compose file
 * linted as text is a project of that one file, with an empty environment: `lintCompose`).
 * Loads both halves; the CLI's file linter imports the manifest half only when it meets a manifest, so
 * that linting Enginefiles never builds the api schemas (docs/cli.md "Start-up").
 */
export function lintText(
  text: string,
  kind: FileKind,
  fileName: string | undefined,
  settings: LintSettings,
): Finding[] {
  if (kind === "ignorefile") return lintIgnoreFile(text, fileName, settings);
  if (kind === "compose") return lintCompose(text, fileName ?? "compose.yaml", settings);
  return kind === "enginefile"
    ? lintEnginefile(text, {
        ...settings,
        enginefile: { ...settings.enginefile, ...(fileName ? { fileName } : {}) },
      })
    : lintManifest(text, fileName, settings);
}
