/**
 * Open ignore files (`.engineignore`, `.dockerignore`, `<build file>.engineignore`/`.dockerignore`, the
 * names of `build-file-names.ts` of `@enginekit/enginefile`) analysed once per version over a listing of their build
 * context, for diagnostics, hover and path completion. The context is the ignore file's folder — for
 * `<build file>.dockerignore` the build file's folder, since build finds that file beside the build file
 * (`@enginekit/build-context` `ignoreFileCandidates`) — listed exactly as `enginekit lint` lists it
 * (`@enginekit/lint` `listContextFolder`), but asynchronously, bounded by the setting
 * `ignoreFiles.maxContextPaths` and by {@link LISTING_TIME_BUDGET_MS}, and cached per folder until a
 * file under it is created, deleted or saved (`workspace/didChangeWatchedFiles`, `didSave`). Typing in
 * the ignore file re-analyses its text against the cached listing and never walks the folder again;
 * a hover matches the pattern against the listing in slices, between which other requests run.
 */
import { dirname, sep } from "node:path";
import {
  type AnalyzedIgnoreFile,
  analyzeIgnoreFileReady,
  type ContextListing,
  contextMatchesSlices,
  ignoreContextOf,
  listContextFolder,
  type PatternReach,
  patternReachSlices,
} from "@enginekit/lint/files";
import type { TextDocument } from "vscode-languageserver-textdocument";
import { baseNameOf, filePathOf } from "../../documents/document-kind.js";

/** The longest a context listing may take before it stops incomplete ("at least" in hovers), in milliseconds. */
const LISTING_TIME_BUDGET_MS = 2000;

/** How many example paths a pattern's hover lists. */
const HOVER_EXAMPLE_PATHS = 10;

/**
 * Runs a sliced computation to its end, letting the event loop run between slices (a context of 100,000
 * paths is matched in slices of a few thousand, so other requests are answered meanwhile); stops, with
 * undefined, when `wanted()` turns false between two slices (the work was superseded).
 */
async function runInSlices<T>(
  slices: Generator<void, T>,
  wanted: () => boolean = () => true,
): Promise<T | undefined> {
  for (;;) {
    const step = slices.next();
    if (step.done) return step.value;
    await new Promise((resolve) => setImmediate(resolve));
    if (!wanted()) {
      slices.return(undefined as T);
      return undefined;
    }
  }
}

/** The folder of a `file:` URI's document (its build context), undefined for other schemes. */
export function contextRootOf(uri: string): string | undefined {
  const path = filePathOf(uri);
  return path === undefined ? undefined : dirname(path);
}

interface Listing {
  maxPaths: number;
  promise: Promise<ContextListing>;
}

interface Analysis {
  version: number;
  listing: Listing | undefined;
  promise: Promise<AnalyzedIgnoreFile>;
  reaches: Map<number, PatternReach | undefined>;
}

/** See the module comment. */
export class IgnoreFiles {
  private readonly listings = new Map<string, Listing>();
  private readonly analyses = new Map<string, Analysis>();
  /** How many folder listings were started (for tests: one per folder until a change). */
  listingsStarted = 0;

  constructor(private readonly maxContextPaths: () => number) {}

  /** The cached listing of the context folder `root`, started when missing (or when the bound changed). */
  private listing(root: string): Listing {
    const maxPaths = this.maxContextPaths();
    const cached = this.listings.get(root);
    if (cached && cached.maxPaths === maxPaths) return cached;
    this.listingsStarted++;
    const listing = {
      maxPaths,
      promise: listContextFolder(root, { maxPaths, timeBudgetMs: LISTING_TIME_BUDGET_MS }),
    };
    this.listings.set(root, listing);
    return listing;
  }

  /**
   * The analysis of the document's current version, with its context when it is a file on disk (the
   * engine's regexp loaded when a pattern needs it). Shared by every feature until the text or the
   * context listing changes.
   */
  analysis(document: TextDocument): Promise<AnalyzedIgnoreFile> {
    const root = contextRootOf(document.uri);
    const listing = root === undefined ? undefined : this.listing(root);
    const cached = this.analyses.get(document.uri);
    if (cached && cached.version === document.version && cached.listing === listing) return cached.promise;
    const name = baseNameOf(document.uri);
    const text = document.getText();
    const uri = document.uri;
    const entry: Analysis = {
      version: document.version,
      listing,
      promise: undefined as never,
      reaches: new Map(),
    };
    entry.promise = (async () => {
      const file = await analyzeIgnoreFileReady(
        text,
        name,
        listing ? ignoreContextOf(await listing.promise, name) : undefined,
        async (slices) => (await runInSlices(slices))!,
      );
      // What each pattern matches in the context, in slices between which other requests run; stopped
      // when this analysis is superseded (an edit, a close, a new listing).
      await runInSlices(contextMatchesSlices(file), () => this.analyses.get(uri) === entry);
      return file;
    })();
    this.analyses.set(uri, entry);
    return entry.promise;
  }

  /**
   * What the pattern of the 1-based `line` matches in the context (`@enginekit/lint` `patternReach`),
   * computed once per analysis and line; undefined without a context or pattern.
   */
  async reach(document: TextDocument, line: number): Promise<PatternReach | undefined> {
    const file = await this.analysis(document);
    const entry = this.analyses.get(document.uri);
    const pattern = file.patterns.find((p) => p.line === line)?.pattern;
    if (!pattern) return undefined;
    if (entry?.reaches.has(line)) return entry.reaches.get(line);
    const reach = await runInSlices(patternReachSlices(file, pattern, HOVER_EXAMPLE_PATHS));
    if (entry && (await entry.promise) === file) entry.reaches.set(line, reach);
    return reach;
  }

  /**
   * Files changed on disk (absolute paths; all folders when undefined): drops the listings of the
   * folders that hold them. Returns whether a listing was dropped.
   */
  invalidate(paths?: readonly string[]): boolean {
    let dropped = false;
    for (const root of [...this.listings.keys()]) {
      const prefix = root.endsWith(sep) ? root : `${root}${sep}`;
      if (paths === undefined || paths.some((p) => p === root || p.startsWith(prefix))) {
        this.listings.delete(root);
        dropped = true;
      }
    }
    return dropped;
  }

  /** Forgets a closed document's analysis, and its folder's listing when no other open ignore file uses it. */
  forget(uri: string): void {
    const listing = this.analyses.get(uri)?.listing;
    this.analyses.delete(uri);
    if (!listing || [...this.analyses.values()].some((a) => a.listing === listing)) return;
    for (const [root, l] of this.listings) if (l === listing) this.listings.delete(root);
  }
}
