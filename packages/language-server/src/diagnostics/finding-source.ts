import {
  analyzeEnginefile,
  type Finding,
  type LintSettings,
  lintAnalyzedEnginefile,
  lintAnalyzedManifest,
} from "@enginekit/lint";
import type { Finding as ManifestFinding } from "@enginekit/manifests";
import type { DocumentAnalysis } from "../documents/analysis-cache.js";

/**
 * The one place diagnostics come from (task §1: "behind one small interface"): the findings of
 * `@enginekit/lint` for an analysed document, with the same settings model as `enginekit lint`, so the
 * editor and CI agree. `online` adds findings of the online secret checks (manifests only).
 */
export function findingsOf(
  analysis: DocumentAnalysis,
  settings: LintSettings,
  online: readonly ManifestFinding[] = [],
): Finding[] {
  if (analysis.kind === "enginefile") {
    // The analysis is shared by every feature; the project's options (trusted registries, the build
    // context's ignore file) are the settings', as `lintEnginefile` would give them to the analysis.
    // Re-analysing the parsed document with them shares its scopes, stage graph and rule caches.
    const options = { ...analysis.file.options, ...settings.enginefile };
    return lintAnalyzedEnginefile(analyzeEnginefile(analysis.file.doc, options), settings);
  }
  const manifest =
    online.length > 0
      ? { ...analysis.manifest, findings: [...analysis.manifest.findings, ...online] }
      : analysis.manifest;
  return lintAnalyzedManifest(manifest, settings);
}
