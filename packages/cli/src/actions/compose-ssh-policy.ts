/**
 * Whether a repository's Compose file may hand the user's SSH credentials to its own build steps through
 * `enginekit build --service` (docs/security.md "What a repository can make enginekit do"). A service's
 * `build.ssh` (`default`, `ID`: the agent of `SSH_AUTH_SOCK`; `ID=PATH`: an agent socket or private key
 * files) is the repository's choice, and an agent or key lets a step authenticate as the user (push with
 * their git identity, log in to their servers), even through the read-only relay. So it is used only when
 * the user agrees: by listing the project directory as safe (`safe-directories.ts`, git's `safe.directory`
 * model, as for `.enginekit.yaml`'s `build.secrets`) or by naming the id on the command line (`--ssh`,
 * which wins over the section). `docker compose build` uses `build.ssh` without asking.
 */
import { CliError, ExitCode } from "../errors.js";
import { isSafeDirectory } from "./safe-directories.js";

/** The id of an `--ssh` value (`default`, `ID` or `ID=PATH[,PATH…]`). */
function sshId(value: string): string {
  const eq = value.indexOf("=");
  return eq < 0 ? value : value.slice(0, eq);
}

/**
 * Checks the `--ssh` values service `service`'s `build.ssh` became (`fromCompose`) against the rule of the
 * module comment; an id the command line (`fromCommandLine`) names is the user's own choice.
 * @throws CliError (usage): one line naming the service and entry, what it would have used and how to allow it.
 */
export function checkComposeSsh(
  service: string,
  fromCompose: readonly string[],
  fromCommandLine: readonly string[],
  where: { projectDir: string; env: NodeJS.ProcessEnv },
): void {
  const given = new Set(fromCommandLine.map(sshId));
  const chosen = fromCompose.filter((value) => !given.has(sshId(value)));
  if (chosen.length === 0 || isSafeDirectory(where.projectDir, where.env)) return;
  const value = chosen[0]!;
  const id = sshId(value);
  const what = value.includes("=")
    ? `the key files or agent socket ${value.slice(id.length + 1)}`
    : "your SSH agent (SSH_AUTH_SOCK)";
  throw new CliError(
    `--service ${service}: build.ssh ${value}: ${what} is not used: a repository's Compose file may not hand your SSH credentials to its build. Give --ssh ${value}, or list ${where.projectDir} in ENGINEKIT_SAFE_DIRECTORIES or ~/.config/enginekit/safe-directories (docs/security.md)`,
    ExitCode.usage,
  );
}
