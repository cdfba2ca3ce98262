/**
 * Which files the extension hands to the language server, as VS Code patterns. They mirror how the
 * server classifies a document (packages/language-server/src/documents/document-kind.ts): Enginefile
 * names (`isEnginefileName`), manifest names (`kindFromFileName` in @enginekit/manifests:
 * `*.{container,service,network,volume,swarm}.{yaml,yml,json}`), the `enginekit.manifests` globs, ignore
 * files (`isIgnoreFileName` of `@enginekit/enginefile/names`: `.engineignore`, `.dockerignore` and the
 * `<build file>.` forms, served with diagnostics, hover and path completion), and,
 * when `enginekit.dockerfiles` is on, whatever VS Code's built-in `dockerfile` language already claims
 * (`Dockerfile`, `*.dockerfile`, `Dockerfile.*`, `Containerfile`: the extension never re-associates those
 * names, so it does not fight the built-in language or the Docker extension over them).
 */

/** The language id of Enginefiles (registered by this extension; the server also reads `dockerfile`). */
export const ENGINEFILE_LANGUAGE = "enginefile";

/** VS Code's built-in language id for Dockerfile names. */
export const DOCKERFILE_LANGUAGE = "dockerfile";

/** Exact file names of Enginefiles (the `filenames` of the language contribution). */
export const ENGINEFILE_FILENAMES = ["Enginefile"] as const;

/** File name patterns of Enginefiles (the `filenamePatterns` of the language contribution). */
export const ENGINEFILE_FILENAME_PATTERNS = ["*.Enginefile", "Enginefile.*"] as const;

/**
 * Ignore files, mapped to the language `ignore` (the id VS Code's git support and the Docker extension
 * use for `.gitignore`/`.dockerignore`): `Enginefile.engineignore` is not an Enginefile.
 */
export const IGNORE_FILENAME_PATTERNS = [
  "*.engineignore",
  ".engineignore",
  "*.dockerignore",
  ".dockerignore",
] as const;

/** Every ignore file (the names the server serves as ignore files), as one workspace glob. */
export const IGNORE_FILE_GLOB = "**/{.engineignore,*.engineignore,.dockerignore,*.dockerignore}";

/** The manifest kinds a file name may carry (docs/manifests.md). */
export const MANIFEST_KINDS = ["container", "service", "network", "volume", "swarm"] as const;

/** Every file named like a manifest, e.g. `web.container.yaml`, `api.service.json`. */
export const MANIFEST_GLOB = `**/*.{${MANIFEST_KINDS.join(",")}}.{yaml,yml,json}`;

/** Enginefile names as one workspace glob (for "lint workspace"). */
export const ENGINEFILE_GLOB = "**/{Enginefile,*.Enginefile,Enginefile.*}";

/** Dockerfile names as one workspace glob (for "lint workspace" when `enginekit.dockerfiles` is on). */
export const DOCKERFILE_GLOB =
  "**/{Dockerfile,*.Dockerfile,*.dockerfile,Dockerfile.*,Containerfile,*.Containerfile,Containerfile.*}";

/**
 * A glob of the `enginekit.manifests` setting as a workspace pattern: the server matches it against the
 * end of a document's path (`globToRegExp` of `@enginekit/text`, `pathSuffix`), so a relative glob gets a leading `**\/`.
 */
export function manifestSettingPattern(glob: string): string {
  return glob.startsWith("**/") || glob.startsWith("/") ? glob : `**/${glob}`;
}
