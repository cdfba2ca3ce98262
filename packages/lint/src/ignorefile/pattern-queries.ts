/**
 * Questions the ignore-file rules ask about one pattern, answered with the same matcher `enginekit
 * build` uses: which regexp constructs the engine sees in it, whether its regexp compiles, and which
 * paths of the build context it matches on its own.
 */
import { IgnoreFileError, IgnoreMatcher, type IgnorePattern } from "@enginekit/build-context/ignore";
import type { AnalyzedIgnoreFile } from "./analysis.js";

/** The constructs of a wildcard pattern that the engine's regexp reads as regexp syntax, explained. */
export function regexpConstructs(text: string): string[] {
  const out: string[] = [];
  if (text.includes("|"))
    out.push("`|` separates alternatives (and the `^`…`$` anchors bind only the first and last)");
  if (/[{}]/.test(text)) out.push("`{…}` repeats what comes before it");
  const backslash = /\\([0-9A-Za-z]|[^\x00-\x7f])/.exec(text);
  if (backslash) out.push(`\`\\${backslash[1]}\` is a regexp escape, not the character ${backslash[1]}`);
  if (text.includes("[[:")) out.push("`[[:…:]]` is a POSIX character class");
  if (/\[[^\]]*[*?]/.test(text)) out.push("a `*` or `?` inside brackets becomes part of a regexp class");
  return out;
}

/** A single-pattern matcher for `pattern` without its `!` (so it is always evaluated). */
function alone(pattern: IgnorePattern): IgnoreMatcher {
  return IgnoreMatcher.fromPatterns([pattern.text], pattern.file);
}

/**
 * The engine's error when the pattern's regexp does not compile (raised when the pattern is first
 * evaluated), undefined when it compiles or needs no regexp. Needs `file.regexpReady` for regexp patterns.
 */
export function evaluationError(file: AnalyzedIgnoreFile, pattern: IgnorePattern): string | undefined {
  if (pattern.compiled.kind !== "regexp" || !file.regexpReady) return undefined;
  try {
    alone(pattern).matches("x");
    return undefined;
  } catch (error) {
    if (error instanceof IgnoreFileError) return error.reason.split(":")[0];
    throw error;
  }
}

/** Context paths the pattern matches on its own (the path or one of its parents), at most `limit`. */
export function contextMatches(file: AnalyzedIgnoreFile, pattern: IgnorePattern, limit = Infinity): string[] {
  const context = file.context;
  if (!context || (pattern.compiled.kind === "regexp" && !file.regexpReady)) return [];
  if (evaluationError(file, pattern)) return [];
  const m = alone(pattern);
  const out: string[] = [];
  for (const path of context.paths) {
    if (m.matches(path).excluded) {
      out.push(path);
      if (out.length >= limit) break;
    }
  }
  return out;
}

/** `a`, `b` and `c`, or `a`, `b`, `c` and 4 more. */
export function listPaths(paths: readonly string[], total: number, shown = 3): string {
  const names = paths.slice(0, shown).map((p) => `"${p}"`);
  const more = total - names.length;
  return more > 0 ? `${names.join(", ")} and ${more} more` : names.join(", ");
}
