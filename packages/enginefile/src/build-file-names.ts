/**
 * The names build files go by. An `Enginefile` is a Dockerfile by another name, so the engine CLI's
 * `Dockerfile` and Podman/Buildah's `Containerfile` are build files too (ARCHITECTURE.md "Names": the
 * project's own names come first, the real products' after them). One definition for every consumer:
 * `enginekit build`'s default build file, `enginekit lint`'s directory walk and the language server's
 * document kinds. Also the package's light entry `@enginekit/enginefile/names` (no chevrotain). The
 * ignore files that go with build files are named here too.
 */

/** The families of build-file names, in the order they are preferred. */
export type BuildFileFamily = "Enginefile" | "Dockerfile" | "Containerfile";

/** Every family, own name first (the order {@link DEFAULT_BUILD_FILES} follows). */
export const BUILD_FILE_FAMILIES: readonly BuildFileFamily[] = ["Enginefile", "Dockerfile", "Containerfile"];

/**
 * The file names `enginekit build` tries in a context when no `-f` is given, best first: our own name,
 * then the engine CLI's (which also accepts the lower-case `dockerfile`, docker/cli
 * `build.DefaultDockerfileName` and `getDockerfileRelPath`), then Podman's `Containerfile`.
 */
export const DEFAULT_BUILD_FILES: readonly string[] = [
  "Enginefile",
  "enginefile",
  "Dockerfile",
  "dockerfile",
  "Containerfile",
];

/**
 * The family of a file name (a base name, no folder) when it is named like a build file: `<F>`,
 * `<anything>.<F>` or `<F>.<anything>` for F in {@link BUILD_FILE_FAMILIES} (case-sensitive, as the
 * tools that pick these names are; `Dockerfile.dev`, `api.Dockerfile`). Ignore files that sit beside a
 * build file (`Dockerfile.dockerignore`, `Enginefile.engineignore`) are not build files: undefined.
 */
export function buildFileFamily(base: string): BuildFileFamily | undefined {
  if (isIgnoreFileName(base)) return undefined;
  for (const family of BUILD_FILE_FAMILIES) {
    if (base === family || base.endsWith(`.${family}`) || base.startsWith(`${family}.`)) return family;
  }
  return undefined;
}

/** The suffixes of ignore-file names: the project's own first, then the engine CLI's. */
export const IGNORE_FILE_SUFFIXES: readonly string[] = [".engineignore", ".dockerignore"];

/**
 * An ignore file's name (a base name): `.engineignore`, `.dockerignore`, or one named after a build file
 * (`web.Enginefile.engineignore`, `Dockerfile.dockerignore`), as `enginekit build` looks for them
 * (`@enginekit/build-context` `ignoreFileCandidates`).
 */
export function isIgnoreFileName(base: string): boolean {
  return IGNORE_FILE_SUFFIXES.some((suffix) => base.endsWith(suffix));
}

/**
 * The build file an ignore file is named after (`Dockerfile` for `Dockerfile.dockerignore`), undefined
 * for `.engineignore`/`.dockerignore` and for names that are not ignore files.
 */
export function buildFileOfIgnoreFile(base: string): string | undefined {
  const suffix = IGNORE_FILE_SUFFIXES.find((s) => base.endsWith(s));
  if (suffix === undefined || base.length === suffix.length) return undefined;
  return base.slice(0, -suffix.length);
}
