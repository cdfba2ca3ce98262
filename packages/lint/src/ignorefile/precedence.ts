/**
 * Which ignore files of the same folder `enginekit build` reads before a given one: it takes the first
 * that exists of `<build file>.engineignore`, `.engineignore`, `<build file>.dockerignore`,
 * `.dockerignore` (`@enginekit/build-context` `ignoreFileCandidates`, docs/build.md) and never merges
 * patterns, so a `.dockerignore` beside an `.engineignore` is read only by the engine CLI.
 */
import { ignoreFileCandidates } from "@enginekit/build-context/ignore";
import { buildFileOfIgnoreFile } from "@enginekit/enginefile";
import type { IgnoreContext } from "./analysis.js";

/**
 * The ignore files of `context` (its root) that `enginekit build` reads instead of `fileName` (a base
 * name) when it builds that folder — with the build file `fileName` is named after, if any — best first;
 * empty when `fileName` is the one read.
 */
export function ignoreFilesReadBefore(fileName: string, context: IgnoreContext): string[] {
  // relative to the folder itself: `.engineignore`, `Dockerfile.engineignore` …
  const candidates = ignoreFileCandidates(".", buildFileOfIgnoreFile(fileName));
  const own = candidates.indexOf(fileName);
  if (own < 0) return [];
  const present = new Set(context.paths);
  return candidates.slice(0, own).filter((c) => present.has(c));
}
