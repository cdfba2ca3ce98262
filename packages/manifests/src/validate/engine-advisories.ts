/**
 * `engineAdvisories`: runs the manifest checks (`checks/registry.ts`, one file per check) on one document
 * and locates their findings: `manifest/ignored-value` warnings for values the real engine (Debian
 * docker.io 20.10) accepts but ignores or that are almost surely a mistake, and the `manifest/limit` and
 * `manifest/constraint` errors that depend on more than one field (docs/manifests.md "Severities"). These
 * are not schema issues, so `@enginekit/api`'s schemas keep accepting the bodies the engine accepts; every
 * fact is checked by the differential test against the engine (packages/cli/test/manifest-differential).
 * Pure; never throws.
 */
import type { Range } from "@enginekit/text";
import { asObject } from "../checks/check.js";
import { BODY_CHECKS } from "../checks/registry.js";
import type { Finding } from "../findings.js";
import type { ManifestKind } from "../kinds/manifest-kind.js";
import type { LocatedNode } from "../tree/located-node.js";
import { followPath, toPlainValue } from "../tree/navigate.js";

/**
 * The findings of every check of `kind` (container or service; other kinds have none) on one document,
 * in check order (the caller sorts by source). Each is located at the value its path names, or at the
 * key for a map key, or — when the path ends early — at the deepest key that exists.
 */
export function engineAdvisories(
  kind: ManifestKind,
  root: LocatedNode,
  document: number,
  apiVersion: string,
): Finding[] {
  if (kind !== "container" && kind !== "service") return [];
  const body = asObject(toPlainValue(root));
  if (!body) return [];
  const findings: Finding[] = [];
  for (const { meta, check } of BODY_CHECKS) {
    if (!meta.kinds.includes(kind)) continue;
    for (const advisory of check(body, { kind, apiVersion })) {
      const target = followPath(root, advisory.path);
      const complete = target.depth === advisory.path.length;
      const range: Range =
        advisory.onKey && target.property && complete
          ? target.property.keyRange
          : complete
            ? target.node.range
            : (target.property?.keyRange ?? target.node.range);
      findings.push({
        code: meta.code,
        message: advisory.message,
        severity: meta.severity,
        range,
        path: advisory.path,
        document,
      });
    }
  }
  return findings;
}
