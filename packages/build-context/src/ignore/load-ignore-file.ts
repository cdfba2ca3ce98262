/**
 * Finding and loading the ignore file of a build. The project's own names come first, the engine CLI's
 * after them (ARCHITECTURE.md "Names"), and within each the BuildKit rule that an ignore file named after
 * the build file wins over the context's (research §3.4, `<Dockerfile>.dockerignore`):
 *
 * 1. `<build file>.engineignore` beside the build file,
 * 2. `<context>/.engineignore`,
 * 3. `<build file>.dockerignore` beside the build file,
 * 4. `<context>/.dockerignore` — what the engine CLI itself reads.
 *
 * A context with only `.dockerignore` is therefore packed as the engine CLI packs it; an `.engineignore`
 * anywhere in the list replaces the `.dockerignore` files entirely (patterns are never merged). A missing
 * file means no patterns.
 */

import { basename, join } from "node:path";
import { BoundedReadError, MAX_CONFIG_FILE_BYTES, readBoundedFile } from "@enginekit/node-io";
import { loadEngineRegexp } from "./engine-regexp.js";
import { IgnoreFileError } from "./ignore-file-error.js";
import { IgnoreMatcher } from "./ignore-matcher.js";
import { type ReadIgnoreOptions, readIgnoreLines } from "./read-ignore-file.js";

/** The context's ignore file name. */
export const IGNORE_FILE_NAME = ".engineignore";

/** The engine CLI's ignore file name, honoured when there is no `.engineignore`. */
export const DOCKER_IGNORE_FILE_NAME = ".dockerignore";

/** One place an ignore file may be, with the reason it is looked for there (shown by `build --list`). */
export interface IgnoreFileCandidate {
  /** Path as it will be read (absolute or relative to the working directory, like the inputs). */
  file: string;
  /** Why this file applies when it exists, e.g. "named after the build file Dockerfile". */
  reason: string;
}

/** A loaded ignore file: the matcher and the file it came from (undefined when there was none). */
export interface LoadedIgnoreFile {
  matcher: IgnoreMatcher;
  file: string | undefined;
  /** Why `file` was chosen, or why none was (every candidate missing). */
  reason: string;
}

/**
 * Reads and compiles ignore-file text (pure). `file` names the file in errors and decisions.
 * @throws IgnoreFileError for a bad pattern or an over-long line, naming `file`, line and column.
 */
export function parseIgnoreFile(text: string, file: string, options: ReadIgnoreOptions = {}): IgnoreMatcher {
  return IgnoreMatcher.fromLines(readIgnoreLines(text, file, options), file);
}

/**
 * Candidate ignore files for a build, best first, with the reason each applies (see the module
 * comment). `buildFilePath` is the build file as given (undefined for one from standard input).
 */
export function ignoreFileCandidatesWithReasons(
  contextDir: string,
  buildFilePath?: string,
): IgnoreFileCandidate[] {
  const out: IgnoreFileCandidate[] = [];
  const named = buildFilePath === undefined ? undefined : basename(buildFilePath);
  for (const name of [IGNORE_FILE_NAME, DOCKER_IGNORE_FILE_NAME]) {
    if (buildFilePath !== undefined)
      out.push({ file: `${buildFilePath}${name}`, reason: `named after the build file ${named}` });
    out.push({
      file: join(contextDir, name),
      reason:
        name === IGNORE_FILE_NAME
          ? `the context's ${IGNORE_FILE_NAME}`
          : `the context's ${DOCKER_IGNORE_FILE_NAME}, as the engine CLI reads it (no ${IGNORE_FILE_NAME})`,
    });
  }
  return out;
}

/** Candidate ignore-file paths for a build, best first (see {@link ignoreFileCandidatesWithReasons}). */
export function ignoreFileCandidates(contextDir: string, buildFilePath?: string): string[] {
  return ignoreFileCandidatesWithReasons(contextDir, buildFilePath).map((c) => c.file);
}

/**
 * Loads the ignore file of a build from disk: the first candidate of
 * {@link ignoreFileCandidatesWithReasons} that exists, otherwise an empty matcher; the regexp engine is
 * loaded when a pattern needs it, so the matcher is ready to use. Paths are used as given
 * (absolute or relative to the process's working directory).
 * @throws IgnoreFileError for a bad pattern, an over-long line, or a file that exists but cannot be read.
 */
export async function loadIgnoreFile(contextDir: string, buildFilePath?: string): Promise<LoadedIgnoreFile> {
  for (const { file, reason } of ignoreFileCandidatesWithReasons(contextDir, buildFilePath)) {
    let text: string;
    try {
      // a regular file of at most 4 MiB (docs/security.md "Files read from a repository")
      text = readBoundedFile(file, { maxBytes: MAX_CONFIG_FILE_BYTES, what: "the ignore file" }).toString(
        "utf8",
      );
    } catch (error) {
      if (error instanceof BoundedReadError) throw new IgnoreFileError(file, 1, 1, error.reason);
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") continue;
      throw new IgnoreFileError(file, 1, 1, `cannot read the ignore file (${code ?? String(error)})`);
    }
    const matcher = parseIgnoreFile(text, file);
    if (matcher.needsEngineRegexp) await loadEngineRegexp();
    return { matcher, file, reason };
  }
  return {
    matcher: IgnoreMatcher.empty(),
    file: undefined,
    reason: `no ${IGNORE_FILE_NAME} or ${DOCKER_IGNORE_FILE_NAME}: nothing is excluded`,
  };
}
