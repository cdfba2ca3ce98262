/**
 * Which files the extension hands to the language server, as VS Code patterns. They mirror how the
 * server classifies a document (packages/language-server/src/documents/document-kind.ts) and are generated
 * from the one definition of build-file and ignore-file names, `build-file-names.ts` of `@enginekit/enginefile`
 * (`buildFileFamily`, `buildFileGlobs`, `isIgnoreFileName`; test/file-patterns.test.ts fails when they
 * drift from it): Enginefile names, manifest names (`kindFromFileName` in @enginekit/manifests:
 * `*.{container,service,network,volume,swarm}.{yaml,yml,json}`), the `enginekit.manifests` globs, ignore
 * files (`.engineignore`, `.dockerignore` and the `<build file>.` forms, served with diagnostics, hover
 * and path completion), and, when `enginekit.dockerfiles` is on, whatever VS Code's built-in `dockerfile`
 * language already claims plus every Dockerfile- and Containerfile-named file in any case (`dockerfile`,
 * `prod.dockerfile`, `build.containerfile`), and Compose files (`compose.yaml`, `docker-compose.override.yml`,
 * `docker-compose.prod.yml`: `isComposeFileName` of `@enginekit/compose`, whatever language VS Code or the
 * Docker extension gives them, `yaml` or `dockercompose`): the extension never re-associates those names, so it does not
 * fight the built-in language or the Docker extension over them. VS Code matches language `filenames` and
 * `filenamePatterns` in any case; glob patterns of document filters and `findFiles` spell each letter's
 * two cases (`[Dd][Oo]…`).
 */
import {
  anyCase,
  BUILD_FILE_FAMILIES,
  type BuildFileFamily,
  buildFileGlobs,
  IGNORE_FILE_SUFFIXES,
} from "@enginekit/enginefile";

/** The project's own build-file name (`Enginefile`). */
const ENGINEFILE: BuildFileFamily = BUILD_FILE_FAMILIES[0]!;

/** The engine CLI's and Podman's build-file names (`Dockerfile`, `Containerfile`). */
const DOCKERFILE_FAMILIES = BUILD_FILE_FAMILIES.filter((f) => f !== ENGINEFILE);

/** The language id of Enginefiles (registered by this extension; the server also reads `dockerfile`). */
export const ENGINEFILE_LANGUAGE = "enginefile";

/** VS Code's built-in language id for Dockerfile names. */
export const DOCKERFILE_LANGUAGE = "dockerfile";

/** Exact file names of Enginefiles (the `filenames` of the language contribution). */
export const ENGINEFILE_FILENAMES: readonly string[] = [ENGINEFILE];

/** File name patterns of Enginefiles (the `filenamePatterns` of the language contribution). */
export const ENGINEFILE_FILENAME_PATTERNS: readonly string[] = [`*.${ENGINEFILE}`, `${ENGINEFILE}.*`];

/**
 * Ignore files, mapped to the language `ignore` (the id VS Code's git support and the Docker extension
 * use for `.gitignore`/`.dockerignore`): `Enginefile.engineignore` is not an Enginefile.
 */
export const IGNORE_FILENAME_PATTERNS: readonly string[] = IGNORE_FILE_SUFFIXES.flatMap((suffix) => [
  `*${suffix}`,
  suffix,
]);

/** Every ignore file (the names the server serves as ignore files), as one workspace glob. */
export const IGNORE_FILE_GLOB = `**/{${IGNORE_FILENAME_PATTERNS.join(",")}}`;

/** The manifest kinds a file name may carry (docs/manifests.md). */
export const MANIFEST_KINDS = ["container", "service", "network", "volume", "swarm"] as const;

/** Every file named like a manifest, e.g. `web.container.yaml`, `api.service.json`. */
export const MANIFEST_GLOB = `**/*.{${MANIFEST_KINDS.join(",")}}.{yaml,yml,json}`;

/** Enginefile names in any case as one workspace glob (for "lint workspace" and the document selector). */
export const ENGINEFILE_GLOB = `**/{${buildFileGlobs([ENGINEFILE]).join(",")}}`;

/**
 * Dockerfile and Containerfile names in any case as one workspace glob (for "lint workspace" and the
 * document selector when `enginekit.dockerfiles` is on).
 */
export const DOCKERFILE_GLOB = `**/{${buildFileGlobs(DOCKERFILE_FAMILIES).join(",")}}`;

/**
 * A glob of the `enginekit.manifests` setting as a workspace pattern: the server matches it against the
 * end of a document's path (`globToRegExp` of `@enginekit/text`, `pathSuffix`), so a relative glob gets a leading `**\/`.
 */
export function manifestSettingPattern(glob: string): string {
  return glob.startsWith("**/") || glob.startsWith("/") ? glob : `**/${glob}`;
}

/** The language id the Docker extension gives Compose files (VS Code itself says `yaml`). */
export const COMPOSE_LANGUAGE = "dockercompose";

/**
 * Compose files in any case as one workspace glob: `compose` or `docker-compose`, alone or followed by `.…`
 * or `-…`, ending in `.yaml` or `.yml`, the names `isComposeFileName` of `@enginekit/compose` accepts
 * (test/file-patterns.test.ts checks they agree). One level of braces: VS Code's globs do not nest them.
 */
export const COMPOSE_GLOB = `**/{${["compose", "docker-compose"]
  .flatMap((stem) =>
    ["", ".*", "-*"].flatMap((middle) =>
      ["yaml", "yml"].map((extension) => `${anyCase(stem)}${middle}.${anyCase(extension)}`),
    ),
  )
  .join(",")}}`;
