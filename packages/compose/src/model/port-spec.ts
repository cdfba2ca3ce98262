/**
 * `splitPortSpec`: a Compose short-syntax port entry `[[host_ip:]published:]target[/protocol]` split into its
 * parts as compose-go's `types.ParsePortConfig` splits it (the protocol after the first `/`, as
 * go-connections' `nat.SplitProtoPort`; an IPv6 host address in brackets; more than three `:` parts keep the
 * leading ones as the host address). Ranges (`8000-8010`) stay text. Shared by the engine translation
 * (`engine/compose-values.ts` `portsOf`) and the linter's port rules.
 */

/** The parts of a short-syntax port entry, as written; `published` and `hostIp` only when present. */
export interface PortSpecParts {
  hostIp?: string;
  published?: string;
  target: string;
  /** `tcp` when the entry names none. */
  protocol: string;
}

/** Splits a short-syntax port entry (`"127.0.0.1:8080:80/tcp"`) into its parts. Never throws. */
export function splitPortSpec(spec: string): PortSpecParts {
  const [address, protocol = "tcp"] = spec.split("/") as [string, string?];
  const bracketed = /^\[([^\]]*)\]:(.*)$/.exec(address);
  let parts = bracketed ? [bracketed[1]!, ...bracketed[2]!.split(":")] : address.split(":");
  if (parts.length > 3) parts = [parts.slice(0, -2).join(":"), ...parts.slice(-2)];
  return {
    target: parts[parts.length - 1]!,
    protocol,
    ...(parts.length >= 2 ? { published: parts[parts.length - 2]! } : {}),
    ...(parts.length === 3 ? { hostIp: parts[0]! } : {}),
  };
}
