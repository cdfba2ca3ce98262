/**
 * `manifestFindingRule`: a lint rule reporting the `@enginekit/manifests` findings of one code, its
 * severity, description and fixability taken from that package's `FINDING_CODES` (the project's own design).
 */

import { FINDING_CODES, type FindingCode } from "@enginekit/manifests/schema-free";
import { reportsOfCode } from "./finding.js";
import { type ManifestRule, manifestRule, type RuleMeta } from "./rule.js";

/** What a manifest rule file gives; severity, description, fixability and online-ness come from the code. */
export type ManifestRuleMeta = Pick<RuleMeta, "name" | "docs" | "peers" | "examples"> & { id: FindingCode };

/**
 * A manifest rule that reports the `@enginekit/manifests` findings of one code (the rule id is the code,
 * docs/manifests.md "Findings"), keeping their ranges, messages and quick fixes. The default severity,
 * one-line description, fixability and online flag are the manifests package's `FINDING_CODES` entry,
 * so the two packages cannot disagree.
 */
export function manifestFindingRule(meta: ManifestRuleMeta): ManifestRule {
  const info = FINDING_CODES[meta.id];
  return manifestRule(
    {
      ...meta,
      description: info.summary,
      severity: info.severity,
      fix: info.fix,
      ...(info.online ? { online: true } : {}),
    },
    (manifest) => reportsOfCode(manifest.findings, meta.id),
  );
}
