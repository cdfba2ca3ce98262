/**
 * The `.engineignore` matcher: the engine CLI's ordered pattern list (research §3.2 rules 17–19) with
 * each pattern's source line kept, so every decision can name the line that made it. One matcher serves
 * the packer, `enginekit build --list` and the linter's "COPY of an ignored path" rule.
 */
import { goCleanPath } from "./go-path.js";
import { IgnoreFileError } from "./ignore-file-error.js";
import {
  type CompiledPattern,
  compilePattern,
  mayMatchBelow,
  PatternEvaluationError,
  PatternSyntaxError,
  patternMatches,
} from "./pattern.js";
import { PatternIndex } from "./pattern-index.js";
import type { IgnoreLine } from "./read-ignore-file.js";

/** One pattern of an ignore file with where it came from. */
export interface IgnorePattern {
  /** The cleaned pattern without its `!`. */
  readonly text: string;
  /** True for `!` lines (exceptions that re-include). */
  readonly exception: boolean;
  /** File the pattern was read from (as given to the loader). */
  readonly file: string;
  /** 1-based line and column of the pattern in `file`. */
  readonly line: number;
  readonly column: number;
  /** @internal compiled form. */
  readonly compiled: CompiledPattern;
}

/** The outcome for one path: excluded or not, and the last pattern that matched (undefined if none). */
export interface IgnoreDecision {
  excluded: boolean;
  pattern: IgnorePattern | undefined;
}

/**
 * Per-pattern results of a directory, passed to its children by {@link IgnoreMatcher.matchesUsingParent}
 * (the engine's `MatchInfo`). Opaque to callers.
 */
export interface ParentMatchState {
  /** Indexes of the patterns that matched the directory (or one above it), ascending. */
  readonly matched: readonly number[];
}

/** The state of a directory no pattern matched (shared: most directories). */
const NO_MATCH: ParentMatchState = Object.freeze({ matched: Object.freeze([]) as readonly number[] });

/**
 * How exceptions reach into excluded directories when walking:
 * - `exact` (enginekit's default): an excluded directory is walked whenever some exception could match
 *   a path below it, so `!**\/*.py` or `!*\/keep` re-include files as the matcher says;
 * - `engine-cli`: the engine CLI's walker, which walks an excluded directory only if some exception's
 *   text starts with `<dir>/` (research §3.3 rule 21; moby #30018, docker/cli #2919).
 */
export type ExceptionMode = "exact" | "engine-cli";

/**
 * Normalises a `/`-separated path given by a caller to the matcher's form: relative (one leading `/`
 * removed), cleaned like Go's `filepath.Clean`; `.` is the context root. A `\\` is a file name character.
 */
export function normaliseMatchPath(path: string): string {
  let p = goCleanPath(path);
  if (p.startsWith("/")) p = p.slice(1) || ".";
  return p;
}

/** An ordered list of compiled ignore patterns (see the module comment). */
export class IgnoreMatcher {
  readonly patterns: readonly IgnorePattern[];
  readonly hasExceptions: boolean;
  /**
   * True when some pattern is run by the engine's regexp (`engine-regexp.ts`): call `loadEngineRegexp()`
   * (and await it) before matching. The ignore-file loaders do.
   */
  readonly needsEngineRegexp: boolean;
  /** Finds the patterns that may match a path (`pattern-index.ts`), built on first use. */
  private indexCache: PatternIndex | undefined;
  /** Scratch marks of inherited pattern indexes (see {@link IgnoreMatcher.matchesUsingParent}). */
  private inheritedMark: Int32Array | undefined;
  private inheritedGeneration = 0;
  /** The `!` patterns, in order (for {@link IgnoreMatcher.mustDescendExcluded}), listed on first use. */
  private exceptions: IgnorePattern[] | undefined;

  private constructor(patterns: IgnorePattern[]) {
    this.patterns = patterns;
    this.hasExceptions = patterns.some((p) => p.exception);
    this.needsEngineRegexp = patterns.some((p) => p.compiled.kind === "regexp");
  }

  private get index(): PatternIndex {
    this.indexCache ??= new PatternIndex(this.patterns.map((p) => p.compiled));
    return this.indexCache;
  }

  /** A matcher that excludes nothing. */
  static empty(): IgnoreMatcher {
    return new IgnoreMatcher([]);
  }

  /**
   * Compiles lines read by `readIgnoreLines`.
   * @throws IgnoreFileError naming `file`, the line and column, for a pattern the engine would refuse.
   */
  static fromLines(lines: readonly IgnoreLine[], file: string): IgnoreMatcher {
    const patterns: IgnorePattern[] = [];
    for (const l of lines) {
      let compiled: CompiledPattern | undefined;
      try {
        compiled = compilePattern(l.text);
      } catch (error) {
        if (error instanceof PatternSyntaxError) {
          throw new IgnoreFileError(file, l.line, l.column, `${error.message}: ${JSON.stringify(l.text)}`);
        }
        throw error;
      }
      if (compiled) {
        patterns.push({
          text: compiled.text,
          exception: compiled.exception,
          file,
          line: l.line,
          column: l.column,
          compiled,
        });
      }
    }
    return new IgnoreMatcher(patterns);
  }

  /**
   * A matcher over patterns compiled already (e.g. some patterns of another matcher, or one of them
   * with `exception: false` to ask what it matches on its own), in the given order.
   */
  static of(patterns: readonly IgnorePattern[]): IgnoreMatcher {
    return new IgnoreMatcher([...patterns]);
  }

  /**
   * Compiles patterns given as strings (already read; numbered from line 1), e.g. from a test or the
   * linter. @throws IgnoreFileError as {@link IgnoreMatcher.fromLines}.
   */
  static fromPatterns(patterns: readonly string[], file = "<patterns>"): IgnoreMatcher {
    return IgnoreMatcher.fromLines(
      patterns.map((text, i) => ({ text, line: i + 1, column: 1 })),
      file,
    );
  }

  /**
   * Decides one path on its own (the engine's `MatchesOrParentMatches`): patterns are tried top to
   * bottom, an exclusion only while the path is included and an exception only while it is excluded; a
   * pattern matches when it matches the path or any ancestor directory; the last match wins. `path` is
   * relative to the context root (a leading `/` or `./` is ignored); the root itself is never excluded.
   * Whether the path is a directory does not matter: the engine has no directory-only patterns.
   * `upTo` applies only the first `upTo` patterns (what the file decides down to a line; default all).
   */
  matches(path: string, upTo = this.patterns.length): IgnoreDecision {
    const file = normaliseMatchPath(path);
    if (file === ".") return { excluded: false, pattern: undefined };
    const above: Above = {};
    let excluded = false;
    let decider: IgnorePattern | undefined;
    // Only patterns whose literal occurs in the path can match it or an ancestor (pattern-index.ts).
    for (const i of this.index.candidates(file)) {
      if (i >= upTo) break;
      const pattern = this.patterns[i]!;
      if (pattern.exception !== excluded) continue;
      if (matchesOnOwn(pattern, file, true, above)) {
        excluded = !pattern.exception;
        decider = pattern;
      }
    }
    return { excluded, pattern: decider };
  }

  /**
   * Decides a path during a walk from its parent directory's state (the engine's
   * `MatchesUsingParentResults`, which the CLI's tar walker uses): a pattern that matched the parent
   * counts as matched without re-testing; others are tested on the path itself only. Pass `undefined`
   * for entries at the context root. Returns the decision and the state to pass to this path's children.
   */
  matchesUsingParent(
    path: string,
    parent: ParentMatchState | undefined,
  ): { decision: IgnoreDecision; state: ParentMatchState } {
    const inherited = parent?.matched;
    // Candidates: the inherited patterns and those whose literal occurs in the path (pattern-index.ts);
    // any other pattern cannot match, so skipping it leaves every decision as the engine makes it.
    const order = this.index.candidates(path, inherited);
    let mark: Int32Array | undefined;
    let generation = 0;
    if (inherited !== undefined && inherited.length > 0) {
      mark = this.inheritedMark ??= new Int32Array(this.patterns.length);
      if (this.inheritedGeneration === 0x7fffffff) {
        mark.fill(0);
        this.inheritedGeneration = 0;
      }
      generation = ++this.inheritedGeneration;
      for (const i of inherited) mark[i] = generation;
    }
    let matched: number[] | undefined;
    let excluded = false;
    let decider: IgnorePattern | undefined;
    const above: Above = {};
    for (const i of order) {
      const pattern = this.patterns[i]!;
      let match = mark !== undefined && mark[i] === generation;
      if (!match) {
        if (pattern.exception !== excluded) continue;
        match = matchesOnOwn(pattern, path, inherited === undefined, above);
      }
      if (match) {
        (matched ??= []).push(i);
        excluded = !pattern.exception;
        decider = pattern;
      }
    }
    return {
      decision: { excluded, pattern: decider },
      state: matched === undefined ? NO_MATCH : { matched },
    };
  }

  /**
   * Every pattern that matches `path` on its own — the path itself, or a folder above it — whatever
   * the other patterns decide (the per-pattern view `build --list` and the linter's "matches nothing"
   * take), in one pass for all patterns. `parent` is the state this method returned for the path's
   * folder (its patterns count as matched without re-testing); pass `undefined` at the context root or
   * when the folder's state is unknown, and the path's ancestors are tested. Returns the indexes of the
   * matching patterns (ascending, as `state.matched`), which is also the state for the path's children.
   * @throws IgnoreFileError as {@link IgnoreMatcher.matches} (a pattern whose engine regexp does not compile).
   */
  patternsMatching(path: string, parent: ParentMatchState | undefined): ParentMatchState {
    const inherited = parent?.matched;
    let matched: number[] | undefined;
    let k = 0;
    const above: Above = {};
    for (const i of this.index.candidates(path, inherited)) {
      while (inherited !== undefined && k < inherited.length && inherited[k]! < i) k++;
      let match = inherited !== undefined && inherited[k] === i;
      if (!match) {
        const pattern = this.patterns[i]!;
        match = matchesOnOwn(pattern, path, inherited === undefined, above);
      }
      if (match) (matched ??= []).push(i);
    }
    return matched === undefined ? NO_MATCH : { matched };
  }

  /**
   * How many of `paths` each pattern matches on its own — the path itself or one of its parent
   * directories, as the engine tests a pattern — whatever the other patterns decide (index-aligned with
   * {@link IgnoreMatcher.patterns}). `build --list` shows it; 0 marks a pattern that matches nothing.
   * @throws IgnoreFileError as {@link IgnoreMatcher.matches}.
   */
  matchCounts(paths: Iterable<string>): number[] {
    const counts = new Array<number>(this.patterns.length).fill(0);
    for (const path of paths) {
      const file = normaliseMatchPath(path);
      if (file === ".") continue;
      const above: Above = {};
      for (const i of this.index.candidates(file)) {
        if (matchesOnOwn(this.patterns[i]!, file, true, above)) counts[i]!++;
      }
    }
    return counts;
  }

  /**
   * Whether a walk must still descend into the excluded directory `dir` because an exception may
   * re-include something below it (see {@link ExceptionMode}).
   */
  mustDescendExcluded(dir: string, mode: ExceptionMode): boolean {
    if (!this.hasExceptions) return false;
    const dirSlash = `${dir}/`;
    this.exceptions ??= this.patterns.filter((p) => p.exception);
    for (const pattern of this.exceptions) {
      if (mode === "engine-cli") {
        if (`${pattern.text}/`.startsWith(dirSlash)) return true;
      } else if (mayMatchBelow(pattern.compiled, dir)) {
        return true;
      }
    }
    return false;
  }
}

/**
 * One pattern against one path. A pattern whose engine regexp does not compile fails here, the first time
 * it is evaluated, as the engine fails (an exception after which nothing was excluded is never evaluated).
 * @throws IgnoreFileError naming the pattern's file, line and column.
 */
function evaluate(pattern: IgnorePattern, path: string): boolean {
  try {
    return patternMatches(pattern.compiled, path);
  } catch (error) {
    if (!(error instanceof PatternEvaluationError)) throw error;
    throw new IgnoreFileError(
      pattern.file,
      pattern.line,
      pattern.column,
      `${error.message}: ${JSON.stringify(`${pattern.exception ? "!" : ""}${pattern.text}`)} (the engine reads it as a regular expression that does not compile, and fails when it first evaluates it, for ${JSON.stringify(path)})`,
    );
  }
}

/** The ancestor folders of one path, computed when first needed (see {@link matchesOnOwn}). */
interface Above {
  parents?: string[];
}

/**
 * Whether `pattern` matches `path` itself or, when `withAncestors`, one of its ancestor folders (the
 * engine's parent rule when no folder's result is known). `above` keeps the ancestors for the path's
 * other patterns. @throws IgnoreFileError as {@link evaluate}.
 */
function matchesOnOwn(pattern: IgnorePattern, path: string, withAncestors: boolean, above: Above): boolean {
  if (evaluate(pattern, path)) return true;
  if (!withAncestors) return false;
  const slash = path.lastIndexOf("/");
  if (slash <= 0) return false;
  above.parents ??= ancestors(path.slice(0, slash));
  return above.parents.some((p) => evaluate(pattern, p));
}

/** `a/b/c` → [`a`, `a/b`, `a/b/c`]. */
function ancestors(dir: string): string[] {
  const out: string[] = [];
  let i = dir.indexOf("/");
  while (i >= 0) {
    out.push(dir.slice(0, i));
    i = dir.indexOf("/", i + 1);
  }
  out.push(dir);
  return out;
}
