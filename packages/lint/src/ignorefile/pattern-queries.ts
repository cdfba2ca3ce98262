/**
 * Questions the ignore-file rules ask about one pattern, answered with the same matcher `enginekit
 * build` uses: which regexp constructs the engine sees in it, whether its regexp compiles, and which
 * paths of the build context it matches on its own, and what it decides there once the whole file is
 * applied (the language server's hover).
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

/** A top-most path a pattern matches (its parent folder is not matched), with how many matched paths lie below it. */
export interface MatchedTop {
  path: string;
  directory: boolean;
  /** Matched paths below `path` (all of them, when `path` is a folder the pattern matches). */
  below: number;
}

/** What one pattern line does in the listed build context (see {@link patternReach}). */
export interface PatternReach {
  /** How many context paths the pattern matches on its own: the path or a parent folder, as `build --list` counts. */
  matched: number;
  /**
   * How many of those this line decides in the end — the last line that changed them (excluded by an
   * exclusion, re-included by a `!` exception) — with every line of the file applied in order, as
   * `enginekit build` applies them; undefined when `stoppedBy` says why the file cannot be applied.
   */
  decided: number | undefined;
  /** The engine's error when a pattern of the file fails as it is evaluated for one of these paths (the build fails). */
  stoppedBy?: string;
  /** The top-most matched paths, sorted, at most the limit asked for. */
  tops: MatchedTop[];
  /** How many top-most matched paths there are in all. */
  topCount: number;
}

/**
 * What `pattern` (a line of `file`) matches in `file.context`, with the matcher `enginekit build` uses:
 * the paths it matches on its own, how many of them it decides once the whole file is applied, and the
 * first `limit` top-most paths as examples. Undefined without a context, or when the pattern needs the
 * engine's regexp and it is not loaded; a pattern whose regexp fails matches nothing.
 */
export function patternReach(
  file: AnalyzedIgnoreFile,
  pattern: IgnorePattern,
  limit = 10,
): PatternReach | undefined {
  if (!file.context || (pattern.compiled.kind === "regexp" && !file.regexpReady)) return undefined;
  const matched = contextMatches(file, pattern);
  const set = new Set(matched);
  const topOf = new Map<string, MatchedTop>();
  const tops: MatchedTop[] = [];
  // `paths` are sorted, so a folder comes before everything below it.
  for (const path of matched) {
    const slash = path.lastIndexOf("/");
    const parent = slash < 0 ? undefined : path.slice(0, slash);
    const top = parent !== undefined && set.has(parent) ? topOf.get(parent) : undefined;
    if (top) {
      top.below++;
      topOf.set(path, top);
    } else {
      const own = { path, directory: file.context.directories.has(path), below: 0 };
      topOf.set(path, own);
      tops.push(own);
    }
  }
  let decided: number | undefined = 0;
  let stoppedBy: string | undefined;
  try {
    for (const path of matched) if (file.matcher.matches(path).pattern?.line === pattern.line) decided++;
  } catch (error) {
    if (!(error instanceof IgnoreFileError)) throw error;
    decided = undefined;
    stoppedBy = `line ${error.line}: ${error.reason}`;
  }
  return {
    matched: matched.length,
    decided,
    ...(stoppedBy !== undefined ? { stoppedBy } : {}),
    tops: tops.slice(0, limit),
    topCount: tops.length,
  };
}
