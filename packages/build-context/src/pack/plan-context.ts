/**
 * Planning a build context before anything is sent (research §2 steps 1–7, §3.4): resolve the context
 * directory and the Enginefile like the engine CLI, load the ignore file, walk the tree, fail on
 * unreadable or vanished files, and decide the injected entries:
 *
 * - an Enginefile inside the context is always sent, even when the ignore file excludes it; it is then
 *   also named in a `.dockerignore` entry so the engine deletes it after reading it (hidden from `COPY .`);
 * - an Enginefile outside the context, or from standard input, is added as `.enginefile.<20 hex>` (mode
 *   0600) and named in `.dockerignore` the same way (the engine CLI's `.dockerfile.<random>` trick; the
 *   name here is derived from the content, so it is reproducible);
 * - a `.dockerignore` already being sent gets those names appended (as the engine CLI does); otherwise a
 *   new `.dockerignore` containing `.dockerignore` and the names is added at the end.
 *
 * The result knows the exact archive size, so progress can show a total.
 */
import { createHash } from "node:crypto";
import { lstatSync, readFileSync, realpathSync, statSync } from "node:fs";
import { basename, isAbsolute, join, relative, resolve, sep } from "node:path";
import { DEFAULT_BUILD_FILES } from "@enginekit/enginefile";
import { MAX_SOURCE_FILE_BYTES, readBoundedFile } from "@enginekit/node-io";
import type { ExceptionMode, IgnoreMatcher } from "../ignore/ignore-matcher.js";
import { loadIgnoreFile } from "../ignore/load-ignore-file.js";
import { ContextError } from "./context-error.js";
import { END_OF_ARCHIVE_BYTES, entryBytes, TypeFlag } from "./tar-header.js";
import {
  type ContextEntry,
  type ExcludedEntry,
  type WalkOptions,
  type WalkProblem,
  walkContext,
  walkContextInSlices,
} from "./walk-context.js";

/** The default build file's name: the first of {@link DEFAULT_BUILD_FILES} that a context has. */
export const DEFAULT_ENGINEFILE = DEFAULT_BUILD_FILES[0]!;

/** Options of {@link planContext}. */
export interface PlanOptions {
  /** The context directory, relative to `cwd` or absolute. */
  context: string;
  /**
   * The Enginefile: a path relative to `cwd` (like the engine CLI's `-f`), or its content (from standard
   * input). Default: the first of `Enginefile`, `enginefile`, `Dockerfile`, `dockerfile`, `Containerfile`
   * that exists in the context ({@link DEFAULT_BUILD_FILES}).
   */
  enginefile?: string | { content: Buffer };
  /** Working directory for relative paths (default `process.cwd()`). */
  cwd?: string;
  /** How exceptions reach into excluded directories (default `exact`). */
  exceptionMode?: ExceptionMode;
  /**
   * Reproducible archive: every mtime is `sourceDateEpoch` (seconds, default 0), so the same tree gives
   * the same bytes.
   */
  reproducible?: boolean;
  sourceDateEpoch?: number;
  /** Apply the engine CLI's Windows mode rule (default: when running on Windows). */
  windowsModes?: boolean;
  /** Record exact nanosecond mtimes (`ContextEntry.mtimeNs`), which BuildKit's file sync sends. */
  nanoseconds?: boolean;
}

/**
 * The build file as BuildKit's file sync serves it (the `dockerfile` directory of the session): its file
 * name, and its real path or, from standard input or outside the context, its content.
 */
export interface BuildFile {
  /** The file name the build is told (`dockerfile=`): the name given with `-f`, or the default found. */
  name: string;
  /** Absolute, symlink-resolved path of the file (undefined when read from standard input). */
  path: string | undefined;
  /** The content when it was read already (standard input, or a file outside the context). */
  content: Buffer | undefined;
}

/** A context ready to pack. */
export interface ContextPlan {
  /** Absolute, symlink-resolved context directory. */
  root: string;
  /** Value for the `dockerfile` query parameter: the Enginefile's `/`-separated path in the archive. */
  enginefile: string;
  /** Why that build file: named with `-f`, read from standard input, or the first default name found. */
  enginefileReason: string;
  /** The ignore file used, if any. */
  ignoreFile: string | undefined;
  /** Why that ignore file (or why none): see `ignoreFileCandidatesWithReasons`. */
  ignoreFileReason: string;
  /** The compiled patterns of that ignore file (empty when there is none). */
  ignoreMatcher: IgnoreMatcher;
  /** Entries in archive order (walked entries, then injected ones). */
  entries: ContextEntry[];
  /**
   * The context as a build's `COPY` sees it, in walk order: the walked entries without what the archive
   * adds or changes for the engine (the hidden build-file copy, an injected or extended `.dockerignore`,
   * files sent only so that the engine reads and deletes them). BuildKit's file sync serves this.
   */
  buildContext: ContextEntry[];
  /** The build file, for BuildKit's file sync. */
  buildFile: BuildFile;
  /** Excluded paths with the pattern that excluded each (directories are not walked further). */
  excluded: ExcludedEntry[];
  /** Skipped special files (sockets). */
  warnings: WalkProblem[];
  /** Exact size of the uncompressed archive in bytes. */
  totalBytes: number;
}

/** Resolves and checks the context directory. @throws ContextError */
function resolveContext(context: string, cwd: string): string {
  const abs = resolve(cwd, context);
  let root: string;
  try {
    root = realpathSync(abs);
  } catch {
    throw new ContextError(`build context ${context} does not exist`, [context], "usage");
  }
  if (!statSync(root).isDirectory())
    throw new ContextError(`build context ${context} is not a directory`, [context], "usage");
  return root;
}

interface ResolvedEnginefile {
  /** Path inside the context (`/`-separated), when it is inside. */
  inside?: string;
  /** Absolute, symlink-resolved path, unless from standard input. */
  real?: string;
  /** Content to inject, when outside the context or from standard input. */
  content?: Buffer;
  /** Absolute path as given (for `<Enginefile>.engineignore`), unless from standard input. */
  given?: string;
  /** Why this build file (for `--list`). */
  reason: string;
}

/**
 * Finds the build file like the engine CLI's `getDockerfileRelPath`, with our default names first
 * ({@link DEFAULT_BUILD_FILES}). @throws ContextError naming the file, or every default name tried.
 */
function resolveEnginefile(root: string, spec: PlanOptions["enginefile"], cwd: string): ResolvedEnginefile {
  if (spec !== undefined && typeof spec !== "string")
    return { content: spec.content, reason: "read from standard input (-f -)" };
  let given: string;
  let reason: string;
  if (spec === undefined) {
    const found = DEFAULT_BUILD_FILES.find((name) => exists(join(root, name)));
    if (found === undefined)
      throw new ContextError(
        `cannot find a build file in ${root} (looked for ${DEFAULT_BUILD_FILES.join(", ")}; use -f to name one)`,
        [join(root, DEFAULT_ENGINEFILE)],
        "usage",
      );
    given = join(root, found);
    const skipped = DEFAULT_BUILD_FILES.slice(0, DEFAULT_BUILD_FILES.indexOf(found));
    reason =
      skipped.length === 0
        ? `the default name ${found}`
        : `no ${skipped.join(" or ")} in the context; default names in order: ${DEFAULT_BUILD_FILES.join(", ")}`;
  } else {
    given = resolve(cwd, spec);
    reason = `named with -f ${spec}`;
  }
  let real: string;
  try {
    real = realpathSync(given);
  } catch {
    throw new ContextError(
      `cannot find the Enginefile ${spec ?? given} (use -f to name it)`,
      [given],
      "usage",
    );
  }
  if (!statSync(real).isFile())
    throw new ContextError(`the Enginefile ${given} is not a file`, [given], "usage");
  const rel = relative(root, real);
  if (rel.startsWith("..") || isAbsolute(rel)) {
    try {
      return {
        content: readBoundedFile(real, { maxBytes: MAX_SOURCE_FILE_BYTES, what: "the Enginefile" }),
        given,
        real,
        reason: `${reason}, outside the context (sent as a hidden copy)`,
      };
    } catch (error) {
      throw new ContextError(`cannot read the Enginefile ${given}: ${(error as Error).message}`, [given]);
    }
  }
  return { inside: rel.split(sep).join("/"), given, real, reason };
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * A context whose directory, build file and ignore file are resolved, not yet walked: what a BuildKit
 * build needs to open its session and start while the walk goes on (docs/build.md "How the context
 * reaches the engine").
 */
export interface PreparedContext {
  /** Absolute, symlink-resolved context directory. */
  root: string;
  /** The `dockerfile` query value the plan will have ({@link ContextPlan.enginefile}). */
  enginefile: string;
  /** The build file, for BuildKit's file sync. */
  buildFile: BuildFile;
  /**
   * Walks the context and completes the plan. `inSlices`: give the event loop a turn every 250
   * entries (`walkContextInSlices`); `signal` stops such a walk between two slices.
   * @throws ContextError listing every unreadable or vanished path.
   */
  walk(options?: { inSlices?: boolean; signal?: AbortSignal }): Promise<ContextPlan>;
}

/**
 * Plans the archive (see the module comment).
 * @throws ContextError for a bad context or Enginefile, or listing every unreadable or vanished path.
 * @throws IgnoreFileError for a bad ignore file.
 */
export async function planContext(options: PlanOptions): Promise<ContextPlan> {
  return (await prepareContext(options)).walk();
}

/**
 * Resolves the context directory, the build file and the ignore file (the first half of
 * {@link planContext}); the walk is left to {@link PreparedContext.walk}.
 * @throws ContextError for a bad context or Enginefile. @throws IgnoreFileError for a bad ignore file.
 */
export async function prepareContext(options: PlanOptions): Promise<PreparedContext> {
  const cwd = options.cwd ?? process.cwd();
  const root = resolveContext(options.context, cwd);
  const enginefile = resolveEnginefile(root, options.enginefile, cwd);
  const {
    matcher,
    file: ignoreFile,
    reason: ignoreFileReason,
  } = await loadIgnoreFile(root, enginefile.given);
  const fixedMtime = options.reproducible ? (options.sourceDateEpoch ?? 0) : undefined;
  const walkOptions: WalkOptions = {
    matcher,
    exceptionMode: options.exceptionMode ?? "exact",
    forcedPath: enginefile.inside,
    // The engine CLI re-includes `.dockerignore` when its own patterns exclude it, because the engine reads
    // it and then deletes it (and the build file) when its patterns name them (moby `removeDockerfile`).
    // The engine never reads `.engineignore`, so one its own patterns exclude is not sent: re-included, it
    // would reach the image, where docker's `.dockerignore` does not.
    ...(options.exceptionMode === "engine-cli" ? { alwaysSent: [".dockerignore"] } : {}),
    windowsModes: options.windowsModes ?? process.platform === "win32",
    fixedMtime,
    ...(options.nanoseconds ? { nanoseconds: true } : {}),
  };
  const enginefileName =
    enginefile.content === undefined
      ? enginefile.inside!
      : `.enginefile.${createHash("sha256").update(enginefile.content).digest("hex").slice(0, 20)}`;
  const buildFile: BuildFile = {
    name: enginefile.given === undefined ? DEFAULT_ENGINEFILE : basename(enginefile.given),
    path: enginefile.real,
    content: enginefile.content,
  };
  const walk = async (how: { inSlices?: boolean; signal?: AbortSignal } = {}): Promise<ContextPlan> => {
    const walked = how.inSlices
      ? await walkContextInSlices(root, walkOptions, how.signal)
      : walkContext(root, walkOptions);
    if (walked.errors.length > 0) {
      const list = walked.errors.map((e) => `  ${e.path}: ${e.reason}`).join("\n");
      throw new ContextError(
        `cannot send the build context: ${walked.errors.length} path(s) cannot be read:\n${list}`,
        walked.errors.map((e) => e.path),
      );
    }
    const entries = walked.entries;
    const buildContext =
      walked.sentDespitePatterns.size === 0
        ? entries.slice()
        : entries.filter((e) => !walked.sentDespitePatterns.has(e.path));
    const injectedMtime = fixedMtime ?? Math.floor(Date.now() / 1000);
    const hidden: string[] = [];
    if (enginefile.content !== undefined) {
      entries.push({
        path: enginefileName,
        header: {
          name: enginefileName,
          type: TypeFlag.file,
          mode: 0o600,
          size: enginefile.content.length,
          mtime: injectedMtime,
        },
        content: enginefile.content,
      });
      hidden.push(enginefileName);
    } else if (walked.forcedWasExcluded) {
      hidden.push(enginefileName);
    }
    if (hidden.length > 0) injectDockerignore(entries, hidden, injectedMtime);
    let totalBytes = END_OF_ARCHIVE_BYTES;
    for (const e of entries) totalBytes += entryBytes(e.header);
    return {
      root,
      enginefile: enginefileName,
      enginefileReason: enginefile.reason,
      ignoreFile,
      ignoreFileReason,
      ignoreMatcher: matcher,
      entries,
      buildContext,
      buildFile,
      excluded: walked.excluded,
      warnings: walked.warnings,
      totalBytes,
    };
  };
  return { root, enginefile: enginefileName, buildFile, walk };
}

/**
 * Appends `names` to the `.dockerignore` being sent, or adds one (see the module comment). The entry is
 * replaced, never changed in place: the plan's `buildContext` keeps the walked one.
 */
function injectDockerignore(entries: ContextEntry[], names: string[], mtime: number): void {
  const at = entries.findIndex((e) => e.path === ".dockerignore");
  const existing = at < 0 ? undefined : entries[at]!;
  if (existing && existing.header.type === TypeFlag.file && existing.source) {
    const old = readFileSync(existing.source);
    const sepLine = old.length === 0 || old[old.length - 1] === 0x0a ? "" : "\n";
    const content = Buffer.concat([old, Buffer.from(`${sepLine}${names.join("\n")}\n`)]);
    entries[at] = { path: existing.path, header: { ...existing.header, size: content.length }, content };
    return;
  }
  const content = Buffer.from(`.dockerignore\n${names.join("\n")}\n`);
  const header = { name: ".dockerignore", type: TypeFlag.file, mode: 0o644, size: content.length, mtime };
  if (existing) entries[at] = { path: ".dockerignore", header, content };
  else entries.push({ path: ".dockerignore", header, content });
}
