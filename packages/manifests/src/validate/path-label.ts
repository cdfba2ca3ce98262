/**
 * `pathLabel`: a readable JSON path for messages (`HostConfig.PortBindings["80/tcp"][0].HostPort`).
 */
import type { PathSegment } from "../tree/located-node.js";

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A readable JSON path for messages: `HostConfig.PortBindings["80/tcp"][0].HostPort`; the root is `(root)`.
 */
export function pathLabel(path: readonly PathSegment[]): string {
  if (path.length === 0) return "(root)";
  let label = "";
  for (const segment of path) {
    if (typeof segment === "number") label += `[${segment}]`;
    else if (IDENTIFIER.test(segment)) label += label ? `.${segment}` : segment;
    else label += `[${JSON.stringify(segment)}]`;
  }
  return label;
}
