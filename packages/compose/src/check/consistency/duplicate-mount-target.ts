/**
 * Two mounts of one service at the same target path, among `tmpfs` and `volumes` (compose-go
 * `checkConsistency`: "services.%s.volumes[%d]: target %s already mounted as services.%s.tmpfs[%d]"). The
 * engine refuses it too ("Duplicate mount point").
 */
import type { PathSegment } from "@enginekit/manifests";
import { volumeTarget } from "../../load/merge.js";
import { type ComposeNode, propertyValue, scalarText } from "../../model/compose-node.js";
import type { ComposeFinding } from "../../model/findings.js";
import { composePathLabel } from "../schema-check.js";
import type { CheckContext } from "./check-context.js";

export function duplicateMountTargets(context: CheckContext): ComposeFinding[] {
  const findings: ComposeFinding[] = [];
  for (const service of context.services) {
    const seen = new Map<string, { path: PathSegment[]; node: ComposeNode }>();
    const check = (target: string | undefined, node: ComposeNode, path: PathSegment[]) => {
      if (!target) return;
      const normalized = target.length > 1 ? target.replace(/\/+$/, "") : target;
      const first = seen.get(normalized);
      if (first) {
        const finding = context.finding(
          "compose/duplicate-mount-target",
          `${composePathLabel(path)}: target ${normalized} already mounted as ${composePathLabel(first.path)}`,
          node,
          path,
        );
        findings.push({
          ...finding,
          related: [{ file: first.node.file, range: first.node.range, message: "first mounted here" }],
        });
      } else seen.set(normalized, { path, node });
    };
    const tmpfs = propertyValue(service.node, "tmpfs");
    const tmpfsItems = tmpfs?.kind === "array" ? tmpfs.items : tmpfs ? [tmpfs] : [];
    for (const [index, item] of tmpfsItems.entries())
      check(scalarText(item)?.split(":")[0], item, ["services", service.name, "tmpfs", index]);
    const volumes = propertyValue(service.node, "volumes");
    if (volumes?.kind === "array")
      for (const [index, item] of volumes.items.entries())
        check(volumeTarget(item), item, ["services", service.name, "volumes", index]);
  }
  return findings;
}
