/**
 * The parts of a Compose port entry that the port rules compare (host address, published port, protocol):
 * the short syntax split by `@enginekit/compose`'s `splitPortSpec` (compose-go's `types.ParsePortConfig`), and
 * the long syntax's `host_ip`, `published`, `target`, `protocol`.
 * Ranges (`8000-8010`) stay text: the rules compare them as written.
 */
import {
  type ComposeNode,
  type PortSpecParts,
  propertyValue,
  splitPortSpec,
} from "@enginekit/compose/schema-free";
import { literalText } from "./rule-nodes.js";

/** One port entry's parts; undefined parts are not written. */
export type PortParts = PortSpecParts;

/** The parts of a port entry (a short-syntax scalar or a long-syntax mapping), or undefined if interpolated. */
export function portParts(node: ComposeNode): PortParts | undefined {
  if (node.kind === "object") {
    const target = literalText(propertyValue(node, "target"));
    if (target === undefined) return undefined;
    const published = literalText(propertyValue(node, "published"));
    const hostIp = literalText(propertyValue(node, "host_ip"));
    return {
      target,
      protocol: literalText(propertyValue(node, "protocol")) ?? "tcp",
      ...(published !== undefined ? { published } : {}),
      ...(hostIp !== undefined ? { hostIp } : {}),
    };
  }
  const spec = literalText(node);
  if (spec === undefined) return undefined;
  return splitPortSpec(spec);
}

/** True for a host address that listens on every interface (`0.0.0.0`, `::`, `[::]`, or none given). */
export function isAllInterfaces(hostIp: string | undefined): boolean {
  return (
    hostIp === undefined || hostIp === "" || hostIp === "0.0.0.0" || hostIp === "::" || hostIp === "[::]"
  );
}
