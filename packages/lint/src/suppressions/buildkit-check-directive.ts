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

/** A parsed check configuration. */
export interface CheckOptions {
  /** BuildKit check names to skip (case-sensitive, as BuildKit compares them). */
  skip: string[];
  skipAll: boolean;
  /** `error=true`: any check finding fails the build. */
  error: boolean;
}

/**
 * Parses a check configuration as BuildKit does: at most two `;`-separated parts (the second takes the
 * rest), each `key=value` with key `skip`, `error` (a Go boolean) or `experimental`. Undefined when
 * BuildKit would reject it (the engine fails the build on a bad top-level directive, and ignores a bad
 * per-instruction comment).
 */
export function parseCheckOptions(value: string): CheckOptions | undefined {
  const out: CheckOptions = { skip: [], skipAll: false, error: false };
  const text = value.trim();
  if (text === "") return out;
  const semi = text.indexOf(";");
  const parts = semi < 0 ? [text] : [text.slice(0, semi), text.slice(semi + 1)];
  for (const part of parts) {
    const eq = part.indexOf("=");
    if (eq < 0) return undefined;
    const key = part.slice(0, eq).trim();
    const v = part.slice(eq + 1).trim();
    if (key === "skip") {
      if (v === "all") out.skipAll = true;
      else out.skip = v.split(",").map((s) => s.trim());
    } else if (key === "error") {
      // Go strconv.ParseBool
      if (["1", "t", "T", "TRUE", "true", "True"].includes(v)) out.error = true;
      else if (!["0", "f", "F", "FALSE", "false", "False"].includes(v)) return undefined;
    } else if (key !== "experimental") return undefined;
  }
  return out;
}

/** Our rule ids that are BuildKit checks (have a `BuildKit <Name>` peer). */
const BUILDKIT_RULES: ReadonlySet<string> = new Set(
  RULES.filter((r) => r.meta.peers?.some((p) => /^BuildKit [A-Z]/.test(p))).map((r) => r.meta.id),
);

/** The rule ids a check configuration skips: the named checks, or every BuildKit check for `all`. */
export function skippedRuleIds(options: CheckOptions): Set<string> {
  if (options.skipAll) return new Set(BUILDKIT_RULES);
  const out = new Set<string>();
  for (const name of options.skip)
    for (const id of resolveRuleIds(name)) if (BUILDKIT_RULES.has(id) && id !== name) out.add(id);
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
