import type { FindingCode } from "@enginekit/manifests";
import { type ManifestRule, manifestRule, type RuleMeta } from "../../model/rule.js";

/**
 * A manifest rule that reports the `@enginekit/manifests` findings of one code (the rule id is the code,
 * docs/manifests.md "Findings"), keeping their ranges, messages and quick fixes.
 */
export function manifestFindingRule(
  meta: Omit<RuleMeta, "appliesTo" | "id"> & { id: FindingCode },
): ManifestRule {
  return manifestRule(meta, (manifest) =>
    manifest.findings
      .filter((f) => f.code === meta.id)
      .map((f) => ({ range: f.range, message: f.message, ...(f.fix ? { fix: f.fix } : {}) })),
  );
}
