/**
 * Which files a directory walk lints, and as what. Build-file names come from the one definition in
 * `build-file-names.ts` of `@enginekit/enginefile` (`Enginefile`, `Dockerfile`, `Containerfile` families); manifests from
 * `@enginekit/manifests`' kind suffixes; Compose files from `@enginekit/compose/schema-free`.
 */
import {
  DEFAULT_FILE_NAMES,
  DEFAULT_OVERRIDE_FILE_NAMES,
  isComposeFileName,
} from "@enginekit/compose/schema-free";
import { buildFileFamily, isIgnoreFileName } from "@enginekit/enginefile";
import { kindFromFileName } from "@enginekit/manifests/schema-free";
import type { FileKind } from "../runner/lint-document.js";

/** Compose's default and default override file names: what a directory walk lints as Compose files. */
const COMPOSE_DIRECTORY_NAMES = new Set<string>([...DEFAULT_FILE_NAMES, ...DEFAULT_OVERRIDE_FILE_NAMES]);

/** `Enginefile`, `*.Enginefile`, `Enginefile.*`, in any case (`build-file-names.ts` of `@enginekit/enginefile` says why). */
export function isEnginefileName(base: string): boolean {
  return buildFileFamily(base) === "Enginefile";
}

/**
 * `Dockerfile`, `*.Dockerfile`, `Dockerfile.*`, and the same for Podman's `Containerfile`, in any case
 * (`dockerfile`, `prod.dockerfile`, `build.containerfile`; linted in directories unless `dockerfiles: false`).
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
 * whether Dockerfile- and Containerfile-named files are Enginefiles too; `options.compose` (default on,
 * `--no-compose` or `compose: false`) whether Compose's default file names are linted as Compose files.
 */
export function kindInDirectory(
  base: string,
  options: { dockerfiles: boolean; compose?: boolean },
): FileKind | undefined {
  if (isIgnoreFileName(base)) return "ignorefile";
  if (options.compose !== false && COMPOSE_DIRECTORY_NAMES.has(base)) return "compose";
  const family = buildFileFamily(base);
  if (family === "Enginefile" || (family !== undefined && options.dockerfiles)) return "enginefile";
  if (family === undefined && kindFromFileName(base)) return "manifest";
  return undefined;
}

/** An ignore file's name (the one definition in `build-file-names.ts` of `@enginekit/enginefile`). */
export { isIgnoreFileName };

/**
 * The kind of a file named explicitly (or given on stdin by `--stdin-filename`): an ignore file by its
 * name, a Compose file by its name (`compose*.yaml`, `docker-compose*.yml` …), a manifest for other
 * `.yaml`/`.yml`/`.json`, else an Enginefile.
 */
export function kindOfNamedFile(path: string): FileKind {
  const base = path.slice(path.lastIndexOf("/") + 1);
  if (isIgnoreFileName(base)) return "ignorefile";
  if (isComposeFileName(base) && !kindFromFileName(base)) return "compose";
  return /\.(ya?ml|json)$/i.test(path) ? "manifest" : "enginefile";
}
