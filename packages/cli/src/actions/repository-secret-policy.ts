/**
 * What a repository's own files may name as a build secret's source (docs/security.md "What a repository
 * can make enginekit do"): `.enginekit.yaml`'s `build.secrets` (configured-build-secrets.ts) and a Compose
 * service's `build.secrets` (compose-service-build.ts) are the repository's, so they may name the
 * repository's own files (inside the folder, symbolic links resolved) and, for Compose, values of its own
 * `.env`; the user's environment, the user's secrets service or a file outside are used only when the user
 * lists the folder as safe (`safe-directories.ts`, git's `safe.directory` model).
 */
import { realpathSync } from "node:fs";
import { isAbsolute, relative } from "node:path";
import { CliError, ExitCode } from "../errors.js";

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Whether `path` (absolute) lies below `folder`, after resolving symbolic links. */
export function insideFolder(folder: string, path: string): boolean {
  const rel = relative(real(folder), real(path));
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
}

/**
 * The one-line refusal of a source a repository may not choose: `origin` names the file and entry,
 * `what` the source (`the environment variable NPM_TOKEN`), `id` the secret, `folder` the folder to list
 * as safe, `allows` what a repository may name instead.
 */
export function repositorySourceRefused(
  origin: string,
  what: string,
  id: string,
  folder: string,
  allows = "only its own files",
): CliError {
  return new CliError(
    `${origin}: ${what} is not used: a repository's configuration may name ${allows}. Give --secret id=${id},…, or list ${folder} in ENGINEKIT_SAFE_DIRECTORIES or ~/.config/enginekit/safe-directories (docs/security.md)`,
    ExitCode.usage,
  );
}
