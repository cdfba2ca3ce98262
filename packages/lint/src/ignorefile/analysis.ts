/**
 * An ignore file (`.engineignore`, `.dockerignore`, `<build file>.dockerignore` …) analysed for the
 * ignore-file rules: every pattern line with its exact range, compiled on its own by the same matcher
 * `enginekit build` uses (`@enginekit/build-context/ignore`), so one bad line is one finding and the rest
 * are still checked. When the caller knows the build context (the folder's paths), rules can say what a
 * pattern really matches there. Pure: the context listing is given, never read here.
 */
import {
  engineRegexpLoaded,
  IgnoreFileError,
  IgnoreMatcher,
  type IgnorePattern,
  readIgnoreLines,
} from "@enginekit/build-context/ignore";
import { isGoSpace, LineIndex } from "@enginekit/text";
import type { Range } from "../model/finding.js";

/** The build context an ignore file applies to, as listed by the caller. */
export interface IgnoreContext {
  /**
   * Every path of the context, relative and `/`-separated, directories included (without a trailing
   * `/`), at most a bounded number (rules treat the list as complete only when `complete`).
   */
  paths: readonly string[];
  /** False when the listing stopped at its bound: "matches nothing" is then not said. */
  complete: boolean;
  /** Directories among `paths`. */
  directories: ReadonlySet<string>;
  /** Build files of the context (`Enginefile`, `Dockerfile` …, relative paths), which the CLI always sends. */
  buildFiles: readonly string[];
}

/** One pattern line of the file. */
export interface AnalyzedIgnoreLine {
  /** The line as the engine reads it (`!` + cleaned pattern). */
  text: string;
  /** 1-based line number. */
  line: number;
  /** Range of the pattern as written (trimmed) in the file. */
  range: Range;
  /** The compiled pattern, when the engine accepts the line. */
  pattern?: IgnorePattern;
  /** The engine's error for the line, when it refuses it. */
  error?: string;
}

/** An analysed ignore file (see the module comment). */
export interface AnalyzedIgnoreFile {
  text: string;
  fileName: string;
  lines: LineIndex;
  patterns: AnalyzedIgnoreLine[];
  /** The accepted patterns, in order, as one matcher (what the engine applies). */
  matcher: IgnoreMatcher;
  /** True when patterns that need the engine's regexp can be evaluated (`loadEngineRegexp()` done). */
  regexpReady: boolean;
  context?: IgnoreContext;
}

/**
 * Analyses ignore-file text. `fileName` names the file in messages. Never throws: a line the engine
 * refuses keeps its `error` (over-long lines included).
 */
export function analyzeIgnoreFile(
  text: string,
  fileName: string,
  context?: IgnoreContext,
): AnalyzedIgnoreFile {
  const slices = analyzeIgnoreFileSlices(text, fileName, context);
  for (;;) {
    const step = slices.next();
    if (step.done) return step.value;
  }
}

/** How many pattern lines {@link analyzeIgnoreFileSlices} compiles between two slices. */
const SLICE_LINES = 1024;

/**
 * {@link analyzeIgnoreFile} as a generator that yields after every {@link SLICE_LINES} pattern lines
 * compiled, so a server can answer other requests between slices (10,000 lines take a few hundred
 * milliseconds); returns the analysis.
 */
export function* analyzeIgnoreFileSlices(
  text: string,
  fileName: string,
  context?: IgnoreContext,
): Generator<void, AnalyzedIgnoreFile> {
  const lines = new LineIndex(text);
  const rawLines = text.split("\n");
  const lineStart: number[] = [];
  let at = 0;
  for (const raw of rawLines) {
    lineStart.push(at);
    at += raw.length + 1;
  }
  const patterns: AnalyzedIgnoreLine[] = [];
  // Read as the engine reads the whole file; an over-long line is an error of its own, then blanked.
  let readable = rawLines;
  let read: ReturnType<typeof readIgnoreLines> = [];
  for (;;) {
    try {
      read = readIgnoreLines(readable.join("\n"), fileName);
      break;
    } catch (error) {
      if (!(error instanceof IgnoreFileError)) throw error;
      const index = error.line - 1;
      const start = lineStart[index]!;
      patterns.push({
        text: "",
        line: error.line,
        range: lines.range(start, start + rawLines[index]!.length),
        error: error.reason,
      });
      readable = readable.map((raw, i) => (i === index ? "" : raw));
    }
  }
  const accepted: IgnorePattern[] = [];
  for (let k = 0; k < read.length; k++) {
    if (k % SLICE_LINES === SLICE_LINES - 1) yield;
    const one = read[k]!;
    const raw = rawLines[one.line - 1]!;
    let end = raw.length;
    while (end > 0 && isGoSpace(raw.charCodeAt(end - 1))) end--;
    const start = lineStart[one.line - 1]!;
    const range = lines.range(start + one.column - 1, start + Math.max(end, one.column - 1));
    try {
      const pattern = IgnoreMatcher.fromLines([one], fileName).patterns[0];
      patterns.push({ text: one.text, line: one.line, range, ...(pattern ? { pattern } : {}) });
      if (pattern) accepted.push(pattern);
    } catch (error) {
      if (!(error instanceof IgnoreFileError)) throw error;
      patterns.push({ text: one.text, line: one.line, range, error: error.reason });
    }
  }
  patterns.sort((a, b) => a.line - b.line);
  return {
    text,
    fileName,
    lines,
    patterns,
    // the lines' own compiled patterns, in order (compiling them again costs as much as the first time)
    matcher: IgnoreMatcher.of(accepted),
    regexpReady: engineRegexpLoaded(),
    ...(context ? { context } : {}),
  };
}
