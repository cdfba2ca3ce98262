/**
 * What a repository's Compose file may hand to its own build steps through `enginekit build --service`
 * (docs/security.md "What a repository can make enginekit do"): the same rule as `.enginekit.yaml`'s
 * `build.secrets` (`configured-build-secrets.ts`). A Compose file is the repository's, so untrusted: a
 * `build.secrets` entry may serve a file of the project itself (below the project directory, symbolic links
 * resolved), and a `build.ssh` entry key files or a socket there; the user's environment variables
 * (`environment:`), files outside, and the user's SSH agent (`ssh: [default]`, an id without a path: the
 * agent of `SSH_AUTH_SOCK`) only when the user lists the project directory as safe (`safe-directories.ts`,
 * git's `safe.directory` model). `docker compose build` honours them all; enginekit does not let a cloned
 * repository's RUN steps read `~/.aws/credentials`, `$GITHUB_TOKEN` or sign with the user's agent unless the
 * user says so, on the command line (`--secret`, `--ssh`, which win) or by listing the folder.
 */
import { resolve } from "node:path";
import { parseSecretFlag } from "@enginekit/build-context";
import { CliError, ExitCode } from "../errors.js";
import { isInsideFolder, isSafeDirectory, refusedRepositoryChoice } from "./safe-directories.js";

/** The id of an `--ssh` value (`default`, `ID` or `ID=PATH[,PATH…]`). */
function sshId(value: string): string {
  const eq = value.indexOf("=");
  return eq < 0 ? value : value.slice(0, eq);
}

/**
 * Checks the `--secret` and `--ssh` values a service's build section became (`derived`) against the rule
 * of the module comment; values whose id the command line (`given`) also names are the user's and are
 * not judged. `projectDir` is the Compose project's directory; relative paths are resolved from `cwd`, as
 * `--secret` and `--ssh` resolve them.
 * @throws CliError (usage): one line naming the service, the entry and what it would have used.
 */
export function checkComposeBuildSources(
  service: string,
  derived: { secret: readonly string[]; ssh: readonly string[] },
  given: { secret: readonly string[]; ssh: readonly string[] },
  where: { projectDir: string; cwd: string; env: NodeJS.ProcessEnv },
): void {
  const { projectDir, cwd, env } = where;
  const givenSecrets = new Set(given.secret.map((value) => parseSecretFlag(value).id));
  const givenSsh = new Set(given.ssh.map(sshId));
  let safe: boolean | undefined;
  const isSafe = () => (safe ??= isSafeDirectory(projectDir, env));
  const refuse = (entry: string, what: string, instead: string) =>
    new CliError(
      refusedRepositoryChoice(`--service ${service}: ${entry}`, what, "Compose file", instead, projectDir),
      ExitCode.usage,
    );
  for (const value of derived.secret) {
    const source = parseSecretFlag(value);
    if (givenSecrets.has(source.id)) continue;
    const entry = `build.secrets ${source.id}`;
    const instead = `--secret id=${source.id},…`;
    if (source.kind === "file" && !isInsideFolder(projectDir, resolve(cwd, source.path)) && !isSafe())
      throw refuse(entry, `the file ${source.path}, outside ${projectDir},`, instead);
    if (source.kind === "env" && !isSafe())
      throw refuse(entry, `the environment variable ${source.variable}`, instead);
  }
  for (const value of derived.ssh) {
    const id = sshId(value);
    if (givenSsh.has(id)) continue;
    const entry = `build.ssh ${value}`;
    const instead = `--ssh ${id === "default" ? "default" : `${id}=…`}`;
    const paths = value.includes("=") ? value.slice(value.indexOf("=") + 1).split(",") : [];
    if (paths.every((p) => p === "")) {
      if (!isSafe()) throw refuse(entry, "your SSH agent (SSH_AUTH_SOCK)", instead);
      continue;
    }
    for (const path of paths.filter((p) => p !== "")) {
      const full = resolve(cwd, path);
      if (!isInsideFolder(projectDir, full) && !isSafe())
        throw refuse(entry, `the key file or agent socket ${path}, outside ${projectDir},`, instead);
    }
  }
}
