import type { EnginefileDocument } from "@enginekit/enginefile";
import type { Finding } from "../model/finding.js";
import { RULES } from "../rules/registry.js";

/** Our rule ids by the BuildKit check names in their `peers` (`BuildKit JSONArgsRecommended` → exec-form-command). */
const BY_BUILDKIT_NAME: ReadonlyMap<string, string[]> = (() => {
  const out = new Map<string, string[]>();
  for (const r of RULES)
    for (const peer of r.meta.peers ?? []) {
      const m = /^BuildKit (\w+)$/.exec(peer);
      if (m) out.set(m[1]!, [...(out.get(m[1]!) ?? []), r.meta.id]);
    }
  return out;
})();

/**
 * Honours BuildKit's `# check=skip=<Name>[,<Name>]` / `# check=skip=all` parser directive (lint-anchors
 * §2.2), so a file already tuned for `docker build --check` needs no second set of comments: findings of
 * our rules that are the named BuildKit checks are dropped (`all`: every rule with a BuildKit peer). Other
 * parts of the directive (`error=true`, `experimental=`) do not change what enginekit reports.
 */
export function applyBuildkitCheckDirective(doc: EnginefileDocument, findings: Finding[]): Finding[] {
  const directive = doc.directives.find((d) => d.name === "check");
  if (!directive) return findings;
  const skipped = new Set<string>();
  for (const part of directive.value.split(";")) {
    const [key, value = ""] = part.split("=", 2).map((s) => s.trim());
    if (key !== "skip") continue;
    for (const name of value.split(",").map((s) => s.trim())) {
      if (name === "all") for (const ids of BY_BUILDKIT_NAME.values()) for (const id of ids) skipped.add(id);
      for (const id of BY_BUILDKIT_NAME.get(name) ?? []) skipped.add(id);
    }
  }
  return skipped.size === 0 ? findings : findings.filter((f) => !skipped.has(f.ruleId));
}
