/**
 * Listing the build context an ignore file applies to (the folder it sits in), for the ignore-file rules
 * and the language server's hover that say what a pattern matches there. Bounded: at most
 * {@link MAX_CONTEXT_PATHS} paths are listed (fewer when the caller asks, or when a time budget runs
 * out), and a partial listing says so, so no rule claims "matches nothing" on a guess and a hover says
 * "at least". Asynchronous (the folder reads run off the event loop), so a language server stays
 * responsive while a large context is listed. Symbolic links are listed, never followed, as the engine
 * CLI archives them.
 */
import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { loadEngineRegexp } from "@enginekit/build-context/ignore";
import { buildFileOfIgnoreFile, DEFAULT_BUILD_FILES } from "@enginekit/enginefile";
import {
  type AnalyzedIgnoreFile,
  analyzeIgnoreFileSlices,
  type IgnoreContext,
} from "../ignorefile/analysis.js";
import { runSlices } from "../ignorefile/pattern-queries.js";
import type { Finding } from "../model/finding.js";
import { lintAnalyzedIgnoreFile } from "../runner/lint-ignore-file.js";
import type { LintSettings } from "../runner/settings.js";

/** The most paths listed for one context (the default bound). */
export const MAX_CONTEXT_PATHS = 100_000;

/** The listing of a context folder, whatever ignore file applies to it. */
export type ContextListing = Omit<IgnoreContext, "buildFiles">;

/** Bounds of {@link listContextFolder}. */
export interface ContextListingOptions {
  /** The most paths listed (default {@link MAX_CONTEXT_PATHS}). */
  maxPaths?: number;
  /** Stop (incomplete) once this much time has passed, in milliseconds (default: no time limit). */
  timeBudgetMs?: number;
}

/**
 * Lists the context folder `root`: every path, relative and `/`-separated, sorted, directories marked.
 * Unreadable folders are left out (and make the listing incomplete), as do the bounds of `options`.
 * Never throws.
 */
export async function listContextFolder(
  root: string,
  options: ContextListingOptions = {},
): Promise<ContextListing> {
  const maxPaths = options.maxPaths ?? MAX_CONTEXT_PATHS;
  const deadline = options.timeBudgetMs === undefined ? Infinity : Date.now() + options.timeBudgetMs;
  const paths: string[] = [];
  const directories = new Set<string>();
  let complete = true;
  const pending: string[] = [""];
  while (pending.length > 0 && complete) {
    const dir = pending.pop()!;
    let entries: Dirent[];
    try {
      entries = await readdir(dir === "" ? root : join(root, dir), { withFileTypes: true });
    } catch {
      complete = false;
      break;
    }
    for (const e of entries) {
      if (paths.length >= maxPaths) {
        complete = false;
        break;
      }
      const rel = dir === "" ? e.name : `${dir}/${e.name}`;
      paths.push(rel);
      if (e.isDirectory()) {
        directories.add(rel);
        pending.push(rel);
      }
    }
    if (Date.now() > deadline && pending.length > 0) complete = false;
  }
  paths.sort();
  return { paths, complete, directories };
}

/**
 * The context of the ignore file `ignoreFile` (a base name) from a listing of its folder: the listing
 * and the build files it holds (the default names, and the one an ignore file named
 * `<build file>.dockerignore` belongs to), each once: `Enginefile.engineignore` belongs to `Enginefile`,
 * which is a default name too.
 */
export function ignoreContextOf(listing: ContextListing, ignoreFile: string): IgnoreContext {
  const present = new Set(listing.paths);
  const named = buildFileOfIgnoreFile(ignoreFile);
  const candidates = new Set([...DEFAULT_BUILD_FILES, ...(named !== undefined ? [named] : [])]);
  const buildFiles = [...candidates].filter((f) => present.has(f));
  return { ...listing, buildFiles };
}

/** Lists the context folder `root` for the ignore file `ignoreFile` (a base name): see {@link listContextFolder}. */
export async function listIgnoreContext(
  root: string,
  ignoreFile: string,
  options: ContextListingOptions = {},
): Promise<IgnoreContext> {
  return ignoreContextOf(await listContextFolder(root, options), ignoreFile);
}

/**
 * Analyses ignore-file text with the engine's regexp loaded first when a pattern may need it, so every
 * pattern can be evaluated (`regexpReady`). `context` lists the build context, when known. `run` runs the
 * analysis' slices (`analyzeIgnoreFileSlices`): at once by default; the language server lets other
 * requests run between them.
 */
export async function analyzeIgnoreFileReady(
  text: string,
  fileName: string,
  context?: IgnoreContext,
  run: (slices: Generator<void, AnalyzedIgnoreFile>) => Promise<AnalyzedIgnoreFile> = async (slices) =>
    runSlices(slices),
): Promise<AnalyzedIgnoreFile> {
  if (/[|{}\\[]/.test(text)) await loadEngineRegexp();
  return run(analyzeIgnoreFileSlices(text, fileName, context));
}

/**
 * Lints ignore-file text as the file at `path` (absolute) on disk: its folder listed as the build
 * context, and the engine's regexp loaded first when a pattern may need it. What `enginekit lint` does
 * for an ignore file (the language server does the same over a cached listing).
 */
export async function lintIgnoreFileAt(
  text: string,
  path: string,
  settings: LintSettings,
): Promise<Finding[]> {
  const name = basename(path);
  const context = await listIgnoreContext(dirname(path), name);
  return lintAnalyzedIgnoreFile(await analyzeIgnoreFileReady(text, name, context), settings);
}
