import { kindFromFileName } from "@enginekit/manifests/schema-free";
import type { FileKind } from "../engine/lint-document.js";

/** `Enginefile`, `*.Enginefile`, `Enginefile.*` (case-sensitive, as the engine's default name). */
export function isEnginefileName(base: string): boolean {
  return base === "Enginefile" || base.endsWith(".Enginefile") || base.startsWith("Enginefile.");
}

/** `Dockerfile`, `*.Dockerfile`, `Dockerfile.*` (linted only when `dockerfiles: true`). */
export function isDockerfileName(base: string): boolean {
  return base === "Dockerfile" || base.endsWith(".Dockerfile") || base.startsWith("Dockerfile.");
}

/**
 * The kind of a file met while walking a directory, or undefined to skip it. Ignore files next to an
 * Enginefile (`Enginefile.engineignore`) are not Enginefiles.
 */
export function kindInDirectory(base: string, options: { dockerfiles: boolean }): FileKind | undefined {
  if (base.endsWith(".engineignore") || base.endsWith(".dockerignore")) return undefined;
  if (isEnginefileName(base) || (options.dockerfiles && isDockerfileName(base))) return "enginefile";
  if (kindFromFileName(base)) return "manifest";
  return undefined;
}

/** The kind of a file named explicitly: a manifest for `.yaml`/`.yml`/`.json`, else an Enginefile. */
export function kindOfNamedFile(path: string): FileKind {
  return /\.(ya?ml|json)$/i.test(path) ? "manifest" : "enginefile";
}
