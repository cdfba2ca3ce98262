/**
 * Where diagnostics come from: `findingsOf` gives the `@enginekit/lint` findings of an analysed document
 * (plus online secret checks and ShellCheck when enabled), with the same settings model as `enginekit lint`.
 */
import type { AnalyzedEnginefile, Finding, LintSettings } from "@enginekit/lint";
import type { Finding as ManifestFinding } from "@enginekit/manifests/schema-free";
import type { DocumentAnalysis } from "../documents/analysis-cache.js";
import { analyzeEnginefile, lintAnalyzedEnginefile } from "../enginefile-linter.js";
import { loadManifestStack } from "../manifest-stack/load-manifest-stack.js";

/**
 * The lint findings of an analysed Enginefile, with the same settings model as `enginekit lint`. The
 * analysis is shared by every feature; the project's options (trusted registries, the build context's
 * ignore file) are the settings', as `lintEnginefile` would give them to the analysis. Re-analysing the
 * parsed document with them shares its scopes, stage graph and rule caches.
 */
export function enginefileFindings(
  file: AnalyzedEnginefile,
  settings: LintSettings,
  shellcheck: readonly Finding[] = [],
): Finding[] {
  const options = { ...file.options, ...settings.enginefile };
  return lintAnalyzedEnginefile(analyzeEnginefile(file.doc, options), settings, shellcheck);
}

/**
 * The one place diagnostics come from (task §1: "behind one small interface"): the findings of
 * `@enginekit/lint` for an analysed document, with the same settings model as `enginekit lint`, so the
 * editor and CI agree. `online` adds findings of the online secret checks (manifests only), `shellcheck`
 * ShellCheck's findings ready for an Enginefile's text (`shellcheck-source.ts`). A manifest's
 * findings come from the manifest stack (loaded by its analysis already).
 */
export async function findingsOf(
  analysis: DocumentAnalysis,
  settings: LintSettings,
  online: readonly ManifestFinding[] = [],
  shellcheck: readonly Finding[] = [],
): Promise<Finding[]> {
  if (analysis.kind === "enginefile") return enginefileFindings(analysis.file, settings, shellcheck);
  const { lintAnalyzedManifest, lintAnalyzedCompose } = await loadManifestStack();
  if (analysis.kind === "compose") return lintAnalyzedCompose(analysis.compose, settings);
  const manifest =
    online.length > 0
      ? { ...analysis.manifest, findings: [...analysis.manifest.findings, ...online] }
      : analysis.manifest;
  return lintAnalyzedManifest(manifest, settings);
}
