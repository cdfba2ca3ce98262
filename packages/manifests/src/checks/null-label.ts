/**
 * The `null-label` body check (manifest/ignored-value): A label whose value is null: the engine stores the empty string.
 * Follows: engine 20.10 (Go's JSON decoder reads a null map value as the zero value).
 */

import type { PathSegment } from "../tree/located-node.js";
import { pathLabel } from "../validate/path-label.js";
import { type Advisory, asObject, type BodyCheck } from "./check.js";

function nullLabels(labels: unknown, path: PathSegment[]): Advisory[] {
  return Object.entries(asObject(labels) ?? {})
    .filter(([, value]) => value === null)
    .map(([key]) => ({
      path: [...path, key],
      message: `${pathLabel([...path, key])} is null: the engine stores it as the empty string; write "" if that is meant.`,
    }));
}

/** See the module comment. */
export const nullLabel: BodyCheck = {
  meta: {
    id: "null-label",
    kinds: ["container", "service"],
    code: "manifest/ignored-value",
    severity: "warning",
    fix: "never",
    docs: "A label whose value is null: the engine stores the empty string.",
    peers: ['engine 20.10 (Go"s JSON decoder reads a null map value as the zero value)'],
  },
  check(body, { kind }) {
    const labels = nullLabels(body.Labels, ["Labels"]);
    if (kind !== "service") return labels;
    const containerSpec = asObject(asObject(body.TaskTemplate)?.ContainerSpec);
    return [...labels, ...nullLabels(containerSpec?.Labels, ["TaskTemplate", "ContainerSpec", "Labels"])];
  },
};
