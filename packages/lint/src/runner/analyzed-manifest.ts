import { checkManifest, type ManifestCheck, type Finding as ManifestFinding } from "@enginekit/manifests";

/**
 * A manifest checked once for every manifest rule: the `@enginekit/manifests` result (located trees,
 * secret references) and its findings, to which the online secret checks add theirs when `--online`.
 */
export interface AnalyzedManifest {
  text: string;
  fileName: string | undefined;
  check: ManifestCheck;
  /** Every finding of `@enginekit/manifests` (offline, plus online ones when run). */
  findings: ManifestFinding[];
}

/**
 * Reads and checks a manifest (pure, never throws; see `checkManifest`); `apiVersion` is the target engine
 * API version (docs/manifests.md "API versions").
 */
export function analyzeManifest(text: string, fileName?: string, apiVersion?: string): AnalyzedManifest {
  const check = checkManifest(text, {
    ...(fileName ? { fileName } : {}),
    ...(apiVersion ? { apiVersion } : {}),
  });
  return { text, fileName, check, findings: [...check.findings] };
}
