import { LineIndex } from "@enginekit/text";
import type { Finding } from "../model/finding.js";
import { manifestSuppressions } from "../suppressions/collect.js";
import { type AnalyzedManifest, analyzeManifest } from "./analyzed-manifest.js";
import { finish, runRules } from "./run-rules.js";
import type { LintSettings } from "./settings.js";

/** Lints an analysed manifest (its `findings` may already include online ones). Pure; never throws. */
export function lintAnalyzedManifest(manifest: AnalyzedManifest, settings: LintSettings): Finding[] {
  const lines = new LineIndex(manifest.text);
  const found = runRules("manifest", manifest, settings, lines.range(0, 0));
  const directives = manifest.check.format === "yaml" ? manifestSuppressions(manifest.text, lines) : [];
  return finish(found, directives, settings);
}

/** Lints manifest text; `fileName` gives the format and kind (`web.container.yaml`). */
export function lintManifest(text: string, fileName: string | undefined, settings: LintSettings): Finding[] {
  return lintAnalyzedManifest(analyzeManifest(text, fileName), settings);
}
