/**
 * Which kind a document is (`documentKindOf`): an Enginefile, a manifest or a Compose file, from its language
 * id, its file name (`isEnginefileName`, ignore files excluded) and the configured manifest globs (the
 * project's own design, docs/language-server.md).
 */
import { isComposeFileName } from "@enginekit/compose/schema-free";
import { buildFileFamily, isIgnoreFileName } from "@enginekit/enginefile/names";
import { kindFromFileName } from "@enginekit/manifests/schema-free";

/** What the server does with a document: lint it as an Enginefile, a manifest, a Compose file, or leave it alone. */
export type DocumentKind = "enginefile" | "manifest" | "compose";

/** Language ids editors use for Compose files (VS Code's Docker extension: `dockercompose`). */
const COMPOSE_LANGUAGES = new Set(["dockercompose", "compose"]);

/** Language ids editors use for Enginefiles (Dockerfile syntax). */
const ENGINEFILE_LANGUAGES = new Set(["enginefile", "dockerfile"]);

/** The last path segment of a URI or path, decoded. */
export function baseNameOf(uri: string): string {
  const path = uri.split(/[?#]/)[0] ?? "";
  const last = path.slice(path.lastIndexOf("/") + 1);
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * True for a build file's name: the Enginefile, Dockerfile and Containerfile families of
 * `@enginekit/enginefile/names` in any case (`Enginefile`, `api.Dockerfile`, `Dockerfile.dev`,
 * `prod.dockerfile`, `Containerfile` …) — a Dockerfile is an Enginefile by another name. Ignore files
 * beside a build file (`Enginefile.engineignore`, `Dockerfile.dockerignore`) are not build files.
 */
function isEnginefileName(name: string): boolean {
  return buildFileFamily(name) !== undefined;
}

/**
 * Classifies a document (task §1 "Documents"): an ignore file's name (`.dockerignore`,
 * `Dockerfile.dockerignore` …) → `undefined` whatever its language id (src/documents/ignore-files.ts
 * serves those); language id `enginefile`/`dockerfile` or a build-file
 * name ({@link isEnginefileName}: Enginefile, Dockerfile, Containerfile) → `enginefile`; a file name with a manifest kind (`*.container.yaml`, docs/manifests.md) → `manifest`; a Compose file's
 * name (`compose.yaml`, `docker-compose.override.yml` …, docs/compose.md) or language id `dockercompose` → `compose`; a
 * YAML/JSON file matching one of the configured manifest globs → `manifest`; anything else `undefined`.
 */
export function documentKindOf(
  uri: string,
  languageId: string,
  manifestGlobs: readonly RegExp[] = [],
): DocumentKind | undefined {
  const name = baseNameOf(uri);
  if (isIgnoreFileName(name)) return undefined;
  if (ENGINEFILE_LANGUAGES.has(languageId.toLowerCase()) || isEnginefileName(name)) return "enginefile";
  if (kindFromFileName(name)) return "manifest";
  if (COMPOSE_LANGUAGES.has(languageId.toLowerCase()) || isComposeFileName(name)) return "compose";
  const path = decodeUriPath(uri);
  if (/\.(ya?ml|json)$/i.test(name) && manifestGlobs.some((glob) => glob.test(path))) return "manifest";
  return undefined;
}

function decodeUriPath(uri: string): string {
  const path = uri.replace(/^[a-z]+:\/\//i, "").split(/[?#]/)[0] ?? "";
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
