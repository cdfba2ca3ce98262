/**
 * Listing the build context an ignore file applies to (the folder it sits in), for the ignore-file rules
 * that say what a pattern matches there. Bounded: at most {@link MAX_CONTEXT_PATHS} paths are listed, and
 * a partial listing says so, so no rule claims "matches nothing" on a guess. Symbolic links are listed,
 * never followed, as the engine CLI archives them.
 */
import { type Dirent, readdirSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_BUILD_FILES } from "@enginekit/enginefile/names";
import type { IgnoreContext } from "../ignorefile/analysis.js";

/** The most paths listed for one context. */
export const MAX_CONTEXT_PATHS = 100_000;

/**
 * Lists the context folder `root` for the ignore file `ignoreFile` (a base name): every path, relative
 * and `/`-separated; the build files it holds (the default names, and the one an ignore file named
 * `<build file>.dockerignore` belongs to). Unreadable folders are left out of the listing (and make it
 * incomplete).
 */
export function listIgnoreContext(root: string, ignoreFile: string): IgnoreContext {
  const paths: string[] = [];
  const directories = new Set<string>();
  let complete = true;
  const pending: string[] = [""];
  while (pending.length > 0 && complete) {
    const dir = pending.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir === "" ? root : join(root, dir), { withFileTypes: true });
    } catch {
      complete = false;
      break;
    }
    for (const e of entries) {
      const rel = dir === "" ? e.name : `${dir}/${e.name}`;
      if (paths.length >= MAX_CONTEXT_PATHS) {
        complete = false;
        break;
      }
      paths.push(rel);
      if (e.isDirectory()) {
        directories.add(rel);
        pending.push(rel);
      }
    }
  }
  paths.sort();
  const present = new Set(paths);
  const named = ignoreFile.replace(/\.(dockerignore|engineignore)$/, "");
  const buildFiles = [
    ...DEFAULT_BUILD_FILES,
    ...(named !== "" && named !== ignoreFile ? [named] : []),
  ].filter((f) => present.has(f));
  return { paths, complete, directories, buildFiles };
}
