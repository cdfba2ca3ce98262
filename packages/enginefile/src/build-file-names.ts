/**
 * The names build files go by. An `Enginefile` is a Dockerfile by another name, so the engine CLI's
 * `Dockerfile` and Podman/Buildah's `Containerfile` are build files too (ARCHITECTURE.md "Names": the
 * project's own names come first, the real products' after them). One definition for every consumer:
 * `enginekit build`'s default build file, `enginekit lint`'s directory walk and the language server's
 * document kinds. Exported from the package's one entry; a bundle that takes only these names loads no parser. The
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
 * `<anything>.<F>` or `<F>.<anything>` for F in {@link BUILD_FILE_FAMILIES}, in any case (`Dockerfile`,
 * `dockerfile`, `Dockerfile.dev`, `api.Dockerfile`, `prod.dockerfile`, `build.containerfile`). Case does
 * not matter because the engine CLI takes the lower-case `dockerfile` as the default name too (docker/cli
 * `getDockerfileRelPath`), `.dockerfile`/`.containerfile` are the usual extensions (GitHub linguist, VS Code's
 * `dockerfile` language, which matches names in any case), and on macOS and Windows the engine finds
 * `DockerFile` as `Dockerfile`. Ignore files that sit beside a build file (`Dockerfile.dockerignore`,
 * `Enginefile.engineignore`) are not build files: undefined.
 */
export function buildFileFamily(base: string): BuildFileFamily | undefined {
  if (isIgnoreFileName(base)) return undefined;
  const lower = base.toLowerCase();
  for (const family of BUILD_FILE_FAMILIES) {
    const name = family.toLowerCase();
    if (lower === name || lower.endsWith(`.${name}`) || lower.startsWith(`${name}.`)) return family;
  }
  return undefined;
}

/** `[Dd][Oo]…`: a glob (and regular-expression) class per letter, so a pattern matches in any case. */
export function anyCase(name: string): string {
  return [...name].map((c) => (/[a-z]/i.test(c) ? `[${c.toUpperCase()}${c.toLowerCase()}]` : c)).join("");
}

/**
 * The names of `families` as glob patterns of a base name (VS Code / minimatch syntax: `*`, `[…]`),
 * in any case, as {@link buildFileFamily} reads them: `<F>`, `*.<F>`, `<F>.*` per family. Ignore files
 * named after a build file match `<F>.*` too; consumers put the ignore-file patterns first or
 * classify with {@link buildFileFamily}.
 */
export function buildFileGlobs(families: readonly BuildFileFamily[] = BUILD_FILE_FAMILIES): string[] {
  return families.flatMap((f) => [anyCase(f), `*.${anyCase(f)}`, `${anyCase(f)}.*`]);
}

/**
 * A regular expression (its source, the same in JavaScript and in Python's `re`, which pre-commit's
 * `files` uses) matching a path whose last segment is a build file ({@link buildFileFamily}: any case,
 * through a scoped `(?i:…)`) or an ignore file ({@link isIgnoreFileName}), with `/` between folders.
 */
export function buildAndIgnoreFilePathPattern(): string {
  const families = `(?i:${BUILD_FILE_FAMILIES.join("|")})`;
  const ignores = IGNORE_FILE_SUFFIXES.map((s) => s.replace(".", "[.]")).join("|");
  return `(^|/)(${families}([.][^/]*)?|[^/]+[.]${families}|[^/]*(${ignores}))$`;
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
