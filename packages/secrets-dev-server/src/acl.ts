/**
 * Minimal ACL of the dev server: a policy is a list of path rules with capabilities. A rule path ending
 * in `*` matches every path with that prefix; otherwise it matches exactly. The most specific (longest)
 * matching rule decides; `deny` wins within it. The `root` policy allows everything.
 * ACLs are checked before routing, so unknown paths are denied too (research secrets-anchors §3).
 */

/** Capabilities of the service's policy language that the dev server checks. */
export type Capability = "create" | "read" | "update" | "delete" | "list" | "sudo" | "deny";

/** One rule of a policy. */
export interface PolicyRule {
  path: string;
  capabilities: Capability[];
}

/** Named policies. */
export type Policies = Map<string, PolicyRule[]>;

function matches(rule: string, path: string): boolean {
  return rule.endsWith("*")
    ? path.startsWith(rule.slice(0, -1))
    : rule === path || rule === path.replace(/\/$/, "");
}

/** The capabilities `policyNames` grant on `path` (full path including namespace). */
export function capabilitiesOn(
  policies: Policies,
  policyNames: readonly string[],
  path: string,
): Set<Capability> {
  if (policyNames.includes("root")) return new Set(["create", "read", "update", "delete", "list", "sudo"]);
  let best: PolicyRule | undefined;
  const granted = new Set<Capability>();
  for (const name of policyNames) {
    for (const rule of policies.get(name) ?? []) {
      if (!matches(rule.path, path)) continue;
      if (!best || rule.path.length > best.path.length) {
        best = rule;
        granted.clear();
      }
      if (rule.path.length === best.path.length) for (const c of rule.capabilities) granted.add(c);
    }
  }
  if (granted.has("deny")) return new Set();
  return granted;
}

/**
 * Whether the policies give any capability at or under `mountPath` (the preflight's `hasMountAccess`,
 * research secrets-anchors §4).
 */
export function hasMountAccess(
  policies: Policies,
  policyNames: readonly string[],
  mountPath: string,
): boolean {
  if (policyNames.includes("root")) return true;
  for (const name of policyNames) {
    for (const rule of policies.get(name) ?? []) {
      const prefix = rule.path.replace(/\*$/, "");
      const related = prefix.startsWith(mountPath) || mountPath.startsWith(prefix);
      if (related && rule.capabilities.some((c) => c !== "deny")) return true;
    }
  }
  return false;
}
