/**
 * The parts of a Compose port entry that the port rules compare (host address, published port, protocol):
 * the short syntax `[[host_ip:]published:]target[/protocol]` (an IPv6 host address in brackets) as compose-go's
 * `types.ParsePortConfig` splits it, and the long syntax's `host_ip`, `published`, `target`, `protocol`.
 * Ranges (`8000-8010`) stay text: the rules compare them as written.
 */
import { type ComposeNode, propertyValue } from "@enginekit/compose";
import { literalText } from "./rule-nodes.js";

/** One port entry's parts; undefined parts are not written (or interpolated). */
export interface PortParts {
  hostIp?: string;
  published?: string;
  target: string;
  protocol: string;
}

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
  const slash = spec.lastIndexOf("/");
  const address = slash < 0 ? spec : spec.slice(0, slash);
  const protocol = slash < 0 ? "tcp" : spec.slice(slash + 1);
  const bracketed = /^\[([^\]]*)\]:(.*)$/.exec(address);
  let parts = bracketed ? [bracketed[1]!, ...bracketed[2]!.split(":")] : address.split(":");
  if (parts.length > 3) parts = [parts.slice(0, -2).join(":"), ...parts.slice(-2)];
  const target = parts[parts.length - 1]!;
  return {
    target,
    protocol,
    ...(parts.length >= 2 ? { published: parts[parts.length - 2]! } : {}),
    ...(parts.length === 3 ? { hostIp: parts[0]! } : {}),
  };
}

/** True for a host address that listens on every interface (`0.0.0.0`, `::`, `[::]`, or none given). */
export function isAllInterfaces(hostIp: string | undefined): boolean {
  return (
    hostIp === undefined || hostIp === "" || hostIp === "0.0.0.0" || hostIp === "::" || hostIp === "[::]"
  );
}
