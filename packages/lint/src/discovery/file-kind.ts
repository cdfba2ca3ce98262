/**
 * Which files a directory walk lints, and as what. Build-file names come from the one definition in
 * `@enginekit/enginefile/names` (`Enginefile`, `Dockerfile`, `Containerfile` families); manifests from
 * `@enginekit/manifests`' kind suffixes.
 */
import { buildFileFamily, isIgnoreFileName } from "@enginekit/enginefile/names";
import { kindFromFileName } from "@enginekit/manifests/schema-free";
import type { FileKind } from "../runner/lint-document.js";

/** `Enginefile`, `*.Enginefile`, `Enginefile.*` (case-sensitive, as the engine's default name). */
export function isEnginefileName(base: string): boolean {
  return buildFileFamily(base) === "Enginefile";
}

/**
 * `Dockerfile`, `*.Dockerfile`, `Dockerfile.*`, and the same for Podman's `Containerfile` (linted in
 * directories unless `dockerfiles: false`).
 */
export function isDockerfileName(base: string): boolean {
  const family = buildFileFamily(base);
  return family === "Dockerfile" || family === "Containerfile";
}

/**
 * The kind of a file met while walking a directory, or undefined to skip it. Ignore files
 * (`.engineignore`, `.dockerignore`, `Dockerfile.dockerignore` …) are linted as ignore files, never as
 * build files.
 * `options.dockerfiles` (default on, `--no-dockerfiles` or `dockerfiles: false` turns it off) decides
 * whether Dockerfile- and Containerfile-named files are Enginefiles too.
 */
export function kindInDirectory(base: string, options: { dockerfiles: boolean }): FileKind | undefined {
  if (isIgnoreFileName(base)) return "ignorefile";
  const family = buildFileFamily(base);
  if (family === "Enginefile" || (family !== undefined && options.dockerfiles)) return "enginefile";
  if (family === undefined && kindFromFileName(base)) return "manifest";
  return undefined;
}

/** An ignore file's name (the one definition in `@enginekit/enginefile/names`). */
export { isIgnoreFileName };

/**
 * The kind of a file named explicitly (or given on stdin by `--stdin-filename`): an ignore file by its
 * name, a manifest for `.yaml`/`.yml`/`.json`, else an Enginefile.
 */
export function kindOfNamedFile(path: string): FileKind {
  if (isIgnoreFileName(path.slice(path.lastIndexOf("/") + 1))) return "ignorefile";
  return /\.(ya?ml|json)$/i.test(path) ? "manifest" : "enginefile";
}
