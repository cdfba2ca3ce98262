/**
 * Questions the ignore-file rules ask about one pattern, answered with the same matcher `enginekit
 * build` uses: which regexp constructs the engine sees in it, whether its regexp compiles, and which
 * paths of the build context it matches on its own, and what it decides there once the whole file is
 * applied (the language server's hover).
 */
import {
  type IgnoreDecision,
  IgnoreFileError,
  IgnoreMatcher,
  type IgnorePattern,
  type ParentMatchState,
} from "@enginekit/build-context/ignore";
import type { AnalyzedIgnoreFile, IgnoreContext } from "./analysis.js";

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

/** `pattern` as a non-exception, so it is always evaluated (what it matches on its own). */
function asExclusion(pattern: IgnorePattern): IgnorePattern {
  return pattern.exception ? { ...pattern, exception: false } : pattern;
}

/** A single-pattern matcher for `pattern` without its `!` (so it is always evaluated). */
function alone(pattern: IgnorePattern): IgnoreMatcher {
  return IgnoreMatcher.of([asExclusion(pattern)]);
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

/** Per path of a listing: the index of its folder in the listing (-1 at the root, -2 when not listed), and whether it is a folder. */
interface ListingIndex {
  parents: Int32Array;
  folders: Uint8Array;
}

/** By the listing's `paths` (shared by every context made from one listing, whatever its ignore file). */
const listingIndexes = new WeakMap<readonly string[], ListingIndex>();

/** The {@link ListingIndex} of a context, computed once per listing. */
function listingIndexOf(context: IgnoreContext): ListingIndex {
  const cached = listingIndexes.get(context.paths);
  if (cached) return cached;
  const { paths, directories } = context;
  const parents = new Int32Array(paths.length);
  const folders = new Uint8Array(paths.length);
  const folderAt = new Map<string, number>();
  for (let i = 0; i < paths.length; i++) {
    const path = paths[i]!;
    const slash = path.lastIndexOf("/");
    parents[i] = slash < 0 ? -1 : (folderAt.get(path.slice(0, slash)) ?? -2);
    if (directories.has(path)) {
      folders[i] = 1;
      folderAt.set(path, i);
    }
  }
  const index = { parents, folders };
  listingIndexes.set(context.paths, index);
  return index;
}

/** How many paths a walk decides between two slices (see {@link walkDecisions}). */
const SLICE_PATHS = 4096;

/**
 * Visits each listed path of `context` (by index) with `matcher`'s decision, decided as `enginekit
 * build`'s walk decides it (`IgnoreMatcher.matchesUsingParent`: each path from its folder's result, so a
 * pattern is evaluated once per path, not once per ancestor), in the listing's order (sorted: a folder
 * before what it holds). Stops when `visit` returns false. A generator that yields after every
 * {@link SLICE_PATHS} paths, so a caller may run it in slices (see {@link patternReachSlices}); run it
 * at once with {@link runSlices}. @throws IgnoreFileError as the matcher does.
 */
function* walkDecisions(
  matcher: IgnoreMatcher,
  context: IgnoreContext,
  visit: (index: number, decision: IgnoreDecision) => boolean | undefined,
): Generator<void, void> {
  const { parents, folders } = listingIndexOf(context);
  const states: (ParentMatchState | undefined)[] = new Array(context.paths.length);
  for (let i = 0; i < context.paths.length; i++) {
    const p = parents[i]!;
    // at the root, or a folder missing from the listing: the matcher then tests the path's ancestors itself
    const { decision, state } = matcher.matchesUsingParent(context.paths[i]!, p >= 0 ? states[p] : undefined);
    if (folders[i] === 1) states[i] = state;
    if (visit(i, decision) === false) return;
    if (i % SLICE_PATHS === SLICE_PATHS - 1) yield;
  }
}

/** Runs a computation made of slices (a generator) to its end at once. */
export function runSlices<T>(slices: Generator<void, T>): T {
  for (;;) {
    const step = slices.next();
    if (step.done) return step.value;
  }
}

/** What is known of one pattern's matches in a listing (see {@link contextMatchesSlices}). */
interface KnownMatches {
  /** The first matched paths, in listing order, at most {@link BATCH_PATHS}. */
  paths: readonly string[];
  /** True when `paths` holds every match. */
  complete: boolean;
}

/**
 * Known matches by listing (its `paths`) and pattern text: an editor re-lints the file after every change
 * against the same listing, and only the edited line's pattern is new.
 */
const matchesMemo = new WeakMap<readonly string[], Map<string, KnownMatches>>();

/** The fewest answers kept per listing (more when a file has more patterns; then they are forgotten and computed again). */
const MEMO_ENTRIES = 1000;

/** How many matched paths per pattern one pass keeps (the rules ask for 1, or 50 examples). */
const BATCH_PATHS = 50;

/** The patterns of `file` whose matches {@link contextMatches} can tell (a regexp pattern needs its engine and a regexp that compiles). */
function answerable(file: AnalyzedIgnoreFile): IgnorePattern[] {
  const out: IgnorePattern[] = [];
  for (const line of file.patterns) {
    const p = line.pattern;
    if (!p) continue;
    if (p.compiled.kind === "regexp" && (!file.regexpReady || evaluationError(file, p))) continue;
    out.push(p);
  }
  return out;
}

/**
 * Finds what every pattern of `file` matches on its own in its context, in one walk over the listing
 * for all patterns not known yet (`IgnoreMatcher.patternsMatching`: a path costs its candidate patterns,
 * not every pattern), and remembers the first {@link BATCH_PATHS} matches of each for
 * {@link contextMatches}. A generator that yields every few thousand paths, so a server can run it in
 * slices between other requests (and stop it when the file changed); {@link contextMatches} runs it at
 * once when needed.
 */
export function* contextMatchesSlices(file: AnalyzedIgnoreFile): Generator<void, void> {
  const context = file.context;
  if (!context) return;
  const known = memoOf(context);
  const todo: IgnorePattern[] = [];
  const texts = new Set<string>();
  for (const p of answerable(file)) {
    if (known.has(p.text) || texts.has(p.text)) continue;
    texts.add(p.text);
    todo.push(asExclusion(p));
  }
  if (todo.length === 0) return;
  const matcher = IgnoreMatcher.of(todo);
  const found: string[][] = todo.map(() => []);
  const { parents, folders } = listingIndexOf(context);
  const states: (ParentMatchState | undefined)[] = new Array(context.paths.length);
  for (let i = 0; i < context.paths.length; i++) {
    const p = parents[i]!;
    const state = matcher.patternsMatching(context.paths[i]!, p >= 0 ? states[p] : undefined);
    if (folders[i] === 1) states[i] = state;
    for (const j of state.matched) if (found[j]!.length < BATCH_PATHS) found[j]!.push(context.paths[i]!);
    if (i % SLICE_PATHS === SLICE_PATHS - 1) yield;
  }
  // The listing may have changed hands meanwhile: store into the memo it has now.
  const memo = memoOf(context, todo.length);
  todo.forEach((p, j) => {
    memo.set(p.text, { paths: found[j]!, complete: found[j]!.length < BATCH_PATHS });
  });
}

/** The memo of a listing, emptied first when `adding` more answers would pass its bound. */
function memoOf(context: IgnoreContext, adding = 0): Map<string, KnownMatches> {
  let memo = matchesMemo.get(context.paths);
  if (!memo || (adding > 0 && memo.size + adding > Math.max(MEMO_ENTRIES, 2 * adding)))
    matchesMemo.set(context.paths, (memo = new Map()));
  return memo;
}

/** Context paths the pattern matches on its own (the path or one of its parents), at most `limit`. */
export function contextMatches(
  file: AnalyzedIgnoreFile,
  pattern: IgnorePattern,
  limit = Infinity,
): readonly string[] {
  const context = file.context;
  if (!context || (pattern.compiled.kind === "regexp" && !file.regexpReady)) return [];
  if (evaluationError(file, pattern)) return [];
  let known = memoOf(context).get(pattern.text);
  if (!known) {
    runSlices(contextMatchesSlices(file));
    known = memoOf(context).get(pattern.text);
  }
  if (known && (known.complete || limit <= known.paths.length))
    return limit >= known.paths.length ? known.paths : known.paths.slice(0, limit);
  // more than one pass keeps, or a pattern of another file: walk for this pattern alone
  const out: string[] = [];
  runSlices(
    walkDecisions(alone(pattern), context, (i, decision) => {
      if (decision.excluded) out.push(context.paths[i]!);
      return out.length < limit;
    }),
  );
  return out;
}

/**
 * Whether `pattern` on its own matches some context path below the folder `dir` (the path or a folder
 * above it, as {@link contextMatches} counts): answered from the known matches when they are complete,
 * else by trying the paths below `dir`. False without a context.
 * @throws IgnoreFileError as the matcher does (a regexp pattern that does not compile, tried on a path).
 */
export function matchesBelow(file: AnalyzedIgnoreFile, pattern: IgnorePattern, dir: string): boolean {
  const context = file.context;
  if (!context) return false;
  const prefix = `${dir}/`;
  let known = memoOf(context).get(pattern.text);
  if (!known) {
    runSlices(contextMatchesSlices(file));
    known = memoOf(context).get(pattern.text);
  }
  if (known?.complete) return known.paths.some((path) => path.startsWith(prefix));
  const matcher = alone(pattern);
  return context.paths.some((path) => path.startsWith(prefix) && matcher.matches(path).excluded);
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
   * How many of those this line decides in the end — with every line of the file applied in order, this
   * is the line that excludes them (or, for a `!` exception, re-includes them), the line `enginekit build
   * --list` names — undefined when `stoppedBy` says why the file cannot be applied.
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
  return runSlices(patternReachSlices(file, pattern, limit));
}

/**
 * {@link patternReach} in slices of a few thousand paths: a generator that yields between slices and
 * returns the reach, so a server can let other work run between them (the language server's hover).
 */
export function* patternReachSlices(
  file: AnalyzedIgnoreFile,
  pattern: IgnorePattern,
  limit = 10,
): Generator<void, PatternReach | undefined> {
  const context = file.context;
  if (!context || (pattern.compiled.kind === "regexp" && !file.regexpReady)) return undefined;
  const { parents } = listingIndexOf(context);
  // for each matched path, the index of its top-most matched folder (or its own)
  const topOf = new Int32Array(context.paths.length).fill(-1);
  const tops: MatchedTop[] = [];
  const topAt = new Map<number, MatchedTop>();
  let matched = 0;
  if (!evaluationError(file, pattern))
    yield* walkDecisions(alone(pattern), context, (i, decision) => {
      if (!decision.excluded) return true;
      matched++;
      const p = parents[i]!;
      const top = p >= 0 ? topOf[p]! : -1;
      if (top >= 0) {
        topOf[i] = top;
        topAt.get(top)!.below++;
      } else {
        topOf[i] = i;
        const own = {
          path: context.paths[i]!,
          directory: context.directories.has(context.paths[i]!),
          below: 0,
        };
        topAt.set(i, own);
        tops.push(own);
      }
      return true;
    });
  let decided: number | undefined = 0;
  let stoppedBy: string | undefined;
  try {
    yield* walkDecisions(file.matcher, context, (_, decision) => {
      if (decision.pattern?.line === pattern.line) decided!++;
      return true;
    });
  } catch (error) {
    if (!(error instanceof IgnoreFileError)) throw error;
    decided = undefined;
    stoppedBy = `line ${error.line}: ${error.reason}`;
  }
  return {
    matched,
    decided,
    ...(stoppedBy !== undefined ? { stoppedBy } : {}),
    tops: tops.slice(0, limit),
    topCount: tops.length,
  };
}
