/**
 * `duplicateKeyFindings`: `manifest/duplicate-key` findings for every occurrence of a key but the last,
 * which wins as in the engine's JSON decoder.
 */
import type { Finding } from "../findings.js";
import type { LocatedObject, PathSegment } from "./located-node.js";

/**
 * `manifest/duplicate-key` findings for one object: every occurrence of a key except the last (which wins,
 * as in the engine's JSON decoder) is reported at its key.
 */
export function duplicateKeyFindings(
  object: LocatedObject,
  path: PathSegment[],
  document: number,
): Finding[] {
  const lastIndex = new Map<string, number>();
  for (const [index, property] of object.properties.entries()) lastIndex.set(property.key, index);
  const findings: Finding[] = [];
  object.properties.forEach((property, index) => {
    if (lastIndex.get(property.key) === index) return;
    findings.push({
      code: "manifest/duplicate-key",
      message: `Duplicate key "${property.key}": a later "${property.key}" overrides this one.`,
      severity: "warning",
      range: property.keyRange,
      path: [...path, property.key],
      document,
    });
  });
  return findings;
}
