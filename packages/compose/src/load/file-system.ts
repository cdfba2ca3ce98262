/**
 * The file access the loader needs, so that loading stays a synchronous function of its inputs: the CLI and
 * the language server pass {@link nodeFileSystem} (or an editor's open buffers first); tests pass a map.
 */
import { readFileSync, statSync } from "node:fs";

/** Reads files for the loader. Paths are absolute. */
export interface ComposeFileSystem {
  /** The file's text, or undefined when it does not exist or cannot be read. */
  readFile(path: string): string | undefined;
  /** True when `path` is an existing regular file. */
  isFile(path: string): boolean;
}

/** The real file system (UTF-8; a file that cannot be read counts as missing). */
export const nodeFileSystem: ComposeFileSystem = {
  readFile(path) {
    try {
      return readFileSync(path, "utf8");
    } catch {
      return undefined;
    }
  },
  isFile(path) {
    try {
      return statSync(path).isFile();
    } catch {
      return false;
    }
  },
};

/** A file system over a map of absolute paths to texts (tests, editors' unsaved buffers). */
export function memoryFileSystem(files: Record<string, string>): ComposeFileSystem {
  return {
    readFile: (path) => files[path],
    isFile: (path) => path in files,
  };
}
