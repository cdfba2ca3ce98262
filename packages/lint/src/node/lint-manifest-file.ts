import { checkSecretReferences, type SecretsReader } from "@enginekit/manifests";
import type { Finding } from "../model/finding.js";
import { analyzeManifest } from "../runner/analyzed-manifest.js";
import { fixTextAsync } from "../runner/fix.js";
import { lintAnalyzedManifest } from "../runner/lint-manifest.js";
import type { LintSettings } from "../runner/settings.js";

/**
 * Lints manifest text as the file `path` (absolute; its name gives the format and kind): schema, limits,
 * cross-field rules, secret reference syntax, and — with `secrets` — the online secret checks (findings
 * only, never a secret value). With `fix`, quick fixes are applied until stable first (online findings
 * included, e.g. the KV version 2 `data/` insertion). Never throws for bad input; rejects only when the
 * secrets reader itself throws something other than a service error.
 *
 * Kept apart from the Enginefile path and imported on demand by `lintOne`: it pulls in `@enginekit/manifests`
 * and with it every `@enginekit/api` schema, which an Enginefile-only run never needs (docs/cli.md "Start-up").
 */
export async function lintManifestFile(
  text: string,
  path: string,
  settings: LintSettings,
  options: { fix?: boolean; secrets?: SecretsReader },
): Promise<{ text: string; findings: Finding[]; fixesApplied: number }> {
  const lint = async (t: string) => {
    const manifest = analyzeManifest(t, path, settings.manifestApiVersion);
    if (options.secrets) {
      const refs = manifest.check.documents.flatMap((d) => d.references);
      if (refs.length > 0)
        manifest.findings.push(
          ...(await checkSecretReferences(refs, options.secrets, { text: t, lines: manifest.check.lines })),
        );
    }
    return lintAnalyzedManifest(manifest, settings);
  };
  const fixed = options.fix ? await fixTextAsync(text, lint) : { text, applied: 0 };
  return { text: fixed.text, findings: await lint(fixed.text), fixesApplied: fixed.applied };
}
