/**
 * BuildKit's check configuration value (`skip=A,B;error=true`, `experimental=…`), as its linter parses it
 * (moby/buildkit `frontend/dockerfile/linter/linter.go`, `ParseLintOptions`). Kept apart from the rule
 * registry so a rule can read which experimental checks a file asks for.
 */
import type { EnginefileDocument } from "@enginekit/enginefile";

/** BuildKit's experimental checks that enginekit has (off unless a file's `experimental=` names them). */
export const EXPERIMENTAL_CHECKS: readonly string[] = ["InvalidDefinitionDescription"];

/** A parsed check configuration. */
export interface CheckOptions {
  /** BuildKit check names to skip (case-sensitive, as BuildKit compares them). */
  skip: string[];
  skipAll: boolean;
  /** `error=true`: any check finding fails the build. */
  error: boolean;
  /** Experimental checks asked for (`experimental=A,B`); BuildKit runs them only then, `skip` aside. */
  experimental: string[];
  experimentalAll: boolean;
}

/**
 * Parses a check configuration as BuildKit does: at most two `;`-separated parts (the second takes the
 * rest), each `key=value` with key `skip`, `error` (a Go boolean) or `experimental`. Undefined when
 * BuildKit would reject it (the engine fails the build on a bad top-level directive, and ignores a bad
 * per-instruction comment).
 */
export function parseCheckOptions(value: string): CheckOptions | undefined {
  const out: CheckOptions = {
    skip: [],
    skipAll: false,
    error: false,
    experimental: [],
    experimentalAll: false,
  };
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
    } else if (key === "experimental") {
      if (v === "all") out.experimentalAll = true;
      else out.experimental = v.split(",").map((s) => s.trim());
    } else return undefined;
  }
  return out;
}

/** True when the file's top `# check=` directive asks for the experimental BuildKit check `name`. */
export function asksForExperimentalCheck(doc: EnginefileDocument, name: string): boolean {
  const directive = doc.directives.find((d) => d.name === "check");
  const options = directive && parseCheckOptions(directive.value);
  return options !== undefined && (options.experimentalAll || options.experimental.includes(name));
}
