/**
 * `documentSelector`: the documents the VS Code client syncs to the language server (Enginefiles, Dockerfiles
 * when `enginekit.dockerfiles` is on, manifests and the `enginekit.manifests` globs, ignore files, Compose files), as
 * vscode-languageclient document filters.
 */
import {
  COMPOSE_GLOB,
  COMPOSE_LANGUAGE,
  DOCKERFILE_GLOB,
  DOCKERFILE_LANGUAGE,
  ENGINEFILE_GLOB,
  ENGINEFILE_LANGUAGE,
  IGNORE_FILE_GLOB,
  MANIFEST_GLOB,
  manifestSettingPattern,
} from "../manifest/file-patterns.js";

/** What the selector depends on: `enginekit.dockerfiles` and `enginekit.manifests`. */
export interface SelectorSettings {
  dockerfiles: boolean;
  manifests: readonly string[];
}

/** A document filter both VS Code's API and vscode-languageclient accept (scheme and language or glob). */
export type EnginekitDocumentFilter =
  | { scheme: string; language: string }
  | { scheme: string; pattern: string };

/**
 * The documents the client syncs to the server (src/manifest/file-patterns.ts says why these): the
 * `enginefile` language and files named like Enginefiles, the `dockerfile` language and files named like
 * Dockerfiles or Containerfiles (any case: `prod.dockerfile`, `build.containerfile`, whatever language VS
 * Code gave them) when `enginekit.dockerfiles` is on, files named like manifests and the
 * `enginekit.manifests` globs, on disk or unsaved, ignore files on disk (whatever
 * `enginekit.dockerfiles` says: `.dockerignore` is what the engine reads for every build), and Compose files
 * by name (`compose.yaml`, `docker-compose.override.yml`…, language `yaml`) or by the Docker extension's
 * `dockercompose` language.
 */
export function documentSelector(settings: SelectorSettings): EnginekitDocumentFilter[] {
  const schemes = ["file", "untitled"];
  const languages = [
    ENGINEFILE_LANGUAGE,
    ...(settings.dockerfiles ? [DOCKERFILE_LANGUAGE] : []),
    COMPOSE_LANGUAGE,
  ];
  const patterns = [
    ENGINEFILE_GLOB,
    ...(settings.dockerfiles ? [DOCKERFILE_GLOB] : []),
    MANIFEST_GLOB,
    IGNORE_FILE_GLOB,
    COMPOSE_GLOB,
    ...settings.manifests.map(manifestSettingPattern),
  ];
  return [
    ...languages.flatMap((language) => schemes.map((scheme) => ({ scheme, language }))),
    ...patterns.map((pattern) => ({ scheme: "file", pattern })),
  ];
}
