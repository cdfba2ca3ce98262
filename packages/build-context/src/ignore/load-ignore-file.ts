/**
 * Finding and loading the ignore file of a build: `<Enginefile>.engineignore` beside the Enginefile
 * wins over the context's `.engineignore` (the BuildKit `<Dockerfile>.dockerignore` rule, research §3.4);
 * a missing file means no patterns.
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { IgnoreFileError } from "./ignore-file-error.js";
import { IgnoreMatcher } from "./ignore-matcher.js";
import { type ReadIgnoreOptions, readIgnoreLines } from "./read-ignore-file.js";

/** The context's ignore file name. */
export const IGNORE_FILE_NAME = ".engineignore";

/** A loaded ignore file: the matcher and the file it came from (undefined when there was none). */
export interface LoadedIgnoreFile {
  matcher: IgnoreMatcher;
  file: string | undefined;
}

/**
 * Reads and compiles ignore-file text (pure). `file` names the file in errors and decisions.
 * @throws IgnoreFileError for a bad pattern or an over-long line, naming `file`, line and column.
 */
export function parseIgnoreFile(text: string, file: string, options: ReadIgnoreOptions = {}): IgnoreMatcher {
  return IgnoreMatcher.fromLines(readIgnoreLines(text, file, options), file);
}

/** Candidate ignore files for a build, best first. */
export function ignoreFileCandidates(contextDir: string, enginefilePath?: string): string[] {
  const out: string[] = [];
  if (enginefilePath !== undefined) out.push(`${enginefilePath}${IGNORE_FILE_NAME}`);
  out.push(join(contextDir, IGNORE_FILE_NAME));
  return out;
}

/**
 * Loads the ignore file of a build from disk: `<enginefilePath>.engineignore` if it exists, otherwise
 * `<contextDir>/.engineignore`, otherwise an empty matcher. Paths are used as given (absolute or
 * relative to the process's working directory).
 * @throws IgnoreFileError for a bad pattern, an over-long line, or a file that exists but cannot be read.
 */
export async function loadIgnoreFile(contextDir: string, enginefilePath?: string): Promise<LoadedIgnoreFile> {
  for (const file of ignoreFileCandidates(contextDir, enginefilePath)) {
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") continue;
      throw new IgnoreFileError(file, 1, 1, `cannot read the ignore file (${code ?? String(error)})`);
    }
    return { matcher: parseIgnoreFile(text, file), file };
  }
  return { matcher: IgnoreMatcher.empty(), file: undefined };
}
