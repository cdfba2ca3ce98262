/**
 * Which repositories the user allows to choose the secrets service their token goes to
 * (docs/security.md "What a repository can make enginekit do"). A repository's `.enginekit.yaml` is
 * untrusted input: Vault's clients never take the address from the working folder, and git refuses a
 * repository's configuration until the user lists it in `safe.directory`. enginekit follows git: the
 * user lists the folders whose configuration may name a secrets address while a token of theirs is
 * around, in the environment variable `ENGINEKIT_SAFE_DIRECTORIES` (folders separated by `:`, as `PATH`)
 * or the user file `$XDG_CONFIG_HOME/enginekit/safe-directories` (default `~/.config/…`; one folder a
 * line, `#` comments). A folder matches itself; `DIR/*` matches every folder below `DIR` too; `*` alone
 * matches every folder (git's `safe.directory=*`). Folders are compared after resolving symbolic links.
 */
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, join, sep } from "node:path";

/** The user's list of safe folders (see the module comment), as written. */
function safeDirectories(env: NodeJS.ProcessEnv): string[] {
  const fromEnv = (env.ENGINEKIT_SAFE_DIRECTORIES ?? "").split(delimiter);
  const file = join(
    env.XDG_CONFIG_HOME || join(env.HOME || homedir(), ".config"),
    "enginekit",
    "safe-directories",
  );
  let lines: string[] = [];
  try {
    lines = readFileSync(file, "utf8").split("\n");
  } catch {
    // no user file: nothing listed there
  }
  return [...fromEnv, ...lines].map((line) => line.replace(/#.*/, "").trim()).filter(Boolean);
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Whether the user lists `folder` (the folder holding a configuration file) as safe. */
export function isSafeDirectory(folder: string, env: NodeJS.ProcessEnv): boolean {
  const target = real(folder);
  return safeDirectories(env).some((entry) => {
    if (entry === "*") return true;
    if (entry.endsWith(`${sep}*`)) {
      const base = real(entry.slice(0, -2));
      return target === base || target.startsWith(base + sep);
    }
    return real(entry) === target;
  });
}

/**
 * Where a credential of the user's own is found for the secrets service: `SVC_TOKEN`/`VAULT_TOKEN`, or
 * the token file `~/.svc-token`/`~/.vault-token` (the api client's order); undefined when there is none.
 */
export function userSecretsCredential(env: NodeJS.ProcessEnv): string | undefined {
  for (const name of ["SVC_TOKEN", "VAULT_TOKEN"]) if (env[name]) return name;
  const home = env.HOME || homedir();
  for (const name of [".svc-token", ".vault-token"]) if (existsSync(join(home, name))) return `~/${name}`;
  return undefined;
}
