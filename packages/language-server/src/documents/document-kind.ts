/**
 * Which kind a document is (`documentKindOf`): an Enginefile, an ignore file, a manifest or a Compose file,
 * from its language id, its file name (`isEnginefileName`, `isIgnoreFileName`) and the configured manifest
 * globs (the project's own design, docs/language-server.md). Each kind is served by its own module under
 * src/kinds/.
 */
import { fileURLToPath } from "node:url";
import { isComposeFileName } from "@enginekit/compose/schema-free";
import { buildFileFamily, isIgnoreFileName } from "@enginekit/enginefile";
import { kindFromFileName } from "@enginekit/manifests/schema-free";

/**
 * What the server does with a document: serve it as an Enginefile, an ignore file (`.engineignore`,
 * `.dockerignore` …), a manifest or a Compose file (src/kinds/<kind>/), or leave it alone (undefined).
 */
export type DocumentKind = "enginefile" | "ignorefile" | "manifest" | "compose";

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

/** The path of a `file:` URI, undefined for other schemes and malformed URIs. */
export function filePathOf(uri: string): string | undefined {
  if (!uri.startsWith("file:")) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}

/**
 * True for a build file's name: the Enginefile, Dockerfile and Containerfile families of
 * `build-file-names.ts` of `@enginekit/enginefile` in any case (`Enginefile`, `api.Dockerfile`, `Dockerfile.dev`,
 * `prod.dockerfile`, `Containerfile` …) — a Dockerfile is an Enginefile by another name. Ignore files
 * beside a build file (`Enginefile.engineignore`, `Dockerfile.dockerignore`) are not build files.
 */
function isEnginefileName(name: string): boolean {
  return buildFileFamily(name) !== undefined;
}

/**
 * Classifies a document (task §1 "Documents"): an ignore file's name (`.dockerignore`,
 * `Dockerfile.dockerignore` …) → `ignorefile` whatever its language id; language id `enginefile`/`dockerfile` or a build-file
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
  if (isIgnoreFileName(name)) return "ignorefile";
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
