/**
 * BuildKit's check configuration in an Enginefile (moby/buildkit `frontend/dockerfile/linter/linter.go`
 * `ParseLintOptions`, `WithMergedConfigFromComments`; lint-anchors §2.2): the `# check=` parser directive
 * at the top of the file (`skip=A,B`, `skip=all`, `error=true`, `experimental=…`, joined by `;`) and, since
 * 2025, the same `# check=skip=…` comment above one instruction, which skips checks for that instruction
 * only. Our rules that are BuildKit checks (their `peers`) are skipped the same way, so a file tuned for
 * `docker build --check` needs no second set of comments.
 */
import type { EnginefileDocument } from "@enginekit/enginefile";
import type { Finding } from "../model/finding.js";
import { RULES, resolveRuleIds } from "../rules/registry.js";
import { type CheckOptions, EXPERIMENTAL_CHECKS, parseCheckOptions } from "./check-options.js";

export { type CheckOptions, parseCheckOptions };

/** Our rule ids that are BuildKit checks (have a `BuildKit <Name>` peer). */
const BUILDKIT_RULES: ReadonlySet<string> = new Set(
  RULES.filter((r) => r.meta.peers?.some((p) => /^BuildKit [A-Z]/.test(p))).map((r) => r.meta.id),
);

/** Our rule ids that are BuildKit's experimental checks: `experimental=` alone decides whether they run. */
const EXPERIMENTAL_RULES: ReadonlySet<string> = new Set(
  EXPERIMENTAL_CHECKS.flatMap((n) => resolveRuleIds(n)),
);

/**
 * The rule ids a check configuration skips: the named checks, or every BuildKit check for `all` — never
 * an experimental one, which BuildKit runs whenever `experimental=` asks for it.
 */
export function skippedRuleIds(options: CheckOptions): Set<string> {
  const out = new Set<string>();
  if (options.skipAll) {
    for (const id of BUILDKIT_RULES) if (!EXPERIMENTAL_RULES.has(id)) out.add(id);
    return out;
  }
  for (const name of options.skip)
    for (const id of resolveRuleIds(name))
      if (BUILDKIT_RULES.has(id) && !EXPERIMENTAL_RULES.has(id) && id !== name) out.add(id);
  return out;
}

/**
 * Applies the top-level `# check=` directive: findings of skipped checks are dropped; with `error=true`
 * the remaining findings of BuildKit checks become errors (BuildKit fails the build on any of them).
 */
export function applyBuildkitCheckDirective(doc: EnginefileDocument, findings: Finding[]): Finding[] {
  const directive = doc.directives.find((d) => d.name === "check");
  if (!directive) return findings;
  const options = parseCheckOptions(directive.value);
  if (!options) return findings;
  const skipped = skippedRuleIds(options);
  const kept = skipped.size === 0 ? findings : findings.filter((f) => !skipped.has(f.ruleId));
  return options.error
    ? kept.map((f) => (BUILDKIT_RULES.has(f.ruleId) ? { ...f, severity: "error" } : f))
    : kept;
}
