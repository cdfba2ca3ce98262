/**
 * The network settings of the project configuration for the commands that talk to a service
 * (`build`, `engine`, `secrets ls`, `lint --online`): `.enginekit.yaml`'s `engine:` time limits and
 * `secrets:` address, namespace and time limit, from the nearest configuration file in the working
 * directory or above (docs/cli.md "Time-outs and limits").
 *
 * Precedence, highest first: the command's flags (explicit client options), the environment (`ENGINE_*`,
 * `DOCKER_*`, `SVC_*`, `VAULT_*`), the configuration file, the clients' defaults. The configuration is
 * applied as the environment variable it stands for, and only when no variable of that setting is set, so
 * the api clients keep one resolver per service and one place for every default.
 *
 * The configuration is the repository's, so it is untrusted (docs/security.md "What a repository can make
 * enginekit do"): its `secrets.address` is used only when no credential of the user's is around
 * (`SVC_TOKEN`, `VAULT_TOKEN`, `~/.svc-token`, `~/.vault-token`) or when the user lists the folder as safe
 * (`safe-directories.ts`, as git's `safe.directory`). Otherwise a command that talks to the secrets
 * service refuses to run, naming the file, and the others ignore the address.
 */
import { ConfigError, findConfigFile, isHadolintConfig, loadConfigReader } from "@enginekit/lint/config";
import { CliError, ExitCode } from "../errors.js";
import type { CliIo } from "../io.js";
import { isSafeDirectory, userSecretsCredential } from "./safe-directories.js";

/** A configuration key and the variables (in the clients' order) that set the same thing. */
interface Mapping {
  /** The variable the configuration value is given as. */
  variable: string;
  /** Variables that win over the configuration (the first is `variable`). */
  family: readonly string[];
  value: (config: ProjectNetworkConfig) => string | number | undefined;
}

/** The part of a parsed `.enginekit.yaml` this module reads. */
export interface ProjectNetworkConfig {
  engine?: { connectTimeout?: string | number; timeout?: string | number; idleTimeout?: string | number };
  secrets?: { address?: string; namespace?: string; timeout?: string | number };
}

const MAPPINGS: readonly Mapping[] = [
  {
    variable: "ENGINE_CONNECT_TIMEOUT",
    family: ["ENGINE_CONNECT_TIMEOUT"],
    value: (c) => c.engine?.connectTimeout,
  },
  {
    variable: "ENGINE_TIMEOUT",
    family: ["ENGINE_TIMEOUT", "DOCKER_CLIENT_TIMEOUT"],
    value: (c) => c.engine?.timeout,
  },
  { variable: "ENGINE_IDLE_TIMEOUT", family: ["ENGINE_IDLE_TIMEOUT"], value: (c) => c.engine?.idleTimeout },
  { variable: "SVC_ADDR", family: ["SVC_ADDR", "VAULT_ADDR"], value: (c) => c.secrets?.address },
  {
    variable: "SVC_NAMESPACE",
    family: ["SVC_NAMESPACE", "VAULT_NAMESPACE"],
    value: (c) => c.secrets?.namespace,
  },
  {
    variable: "SVC_CLIENT_TIMEOUT",
    family: ["SVC_CLIENT_TIMEOUT", "VAULT_CLIENT_TIMEOUT"],
    value: (c) => c.secrets?.timeout,
  },
];

/**
 * `env` with the configuration's settings added as the variables they stand for, where no variable of the
 * same setting is set (see the module comment). Durations are checked when the configuration is read, so
 * a value given here is always one the clients accept.
 */
export function applyNetworkConfig(
  env: NodeJS.ProcessEnv,
  config: ProjectNetworkConfig,
  options: { secretsAddress?: boolean } = {},
): NodeJS.ProcessEnv {
  const out = { ...env };
  for (const mapping of MAPPINGS) {
    if (mapping.variable === "SVC_ADDR" && options.secretsAddress === false) continue;
    const value = mapping.value(config);
    if (value === undefined || value === "") continue;
    if (mapping.family.some((name) => (env[name] ?? "").trim() !== "")) continue;
    out[mapping.variable] = String(value);
  }
  return out;
}

/**
 * The environment the api clients of a command get: `io.env` with the nearest `.enginekit.yaml`'s (or
 * `.enginekit.yml`'s) network settings applied ({@link applyNetworkConfig}); `io.env` itself when there is
 * none (or when the nearest is hadolint's, which has no such settings). The reader (YAML and zod) loads
 * only when there is a file to read. `use.secrets`: the command talks to the secrets service.
 * @throws CliError (exit 2) with the file, line and column of an invalid configuration; with
 *   `use.secrets`, naming the file when its `secrets.address` may not receive the user's token (see the
 *   module comment).
 */
export async function projectClientEnvironment(
  io: CliIo,
  use: { secrets?: boolean } = {},
): Promise<NodeJS.ProcessEnv> {
  const file = findConfigFile(io.cwd);
  // A hadolint file has no network settings; without a file the reader is never loaded (start-up time).
  if (file === undefined || isHadolintConfig(file)) return io.env;
  const loadConfigFile = await loadConfigReader();
  let loaded: { dir: string; config: ProjectNetworkConfig };
  try {
    loaded = loadConfigFile(file);
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message, ExitCode.usage);
    throw error;
  }
  const address = loaded.config.secrets?.address;
  const addressSet = ["SVC_ADDR", "VAULT_ADDR"].some((name) => (io.env[name] ?? "").trim() !== "");
  const credential = address && !addressSet ? userSecretsCredential(io.env) : undefined;
  const refused = credential !== undefined && !isSafeDirectory(loaded.dir, io.env);
  if (refused && use.secrets) {
    throw new CliError(
      `${file}: secrets.address "${address}" is not used: a repository's configuration cannot send your token (${credential}) to a service it names. Set SVC_ADDR, or list ${loaded.dir} in ENGINEKIT_SAFE_DIRECTORIES or ~/.config/enginekit/safe-directories (docs/security.md)`,
      ExitCode.usage,
    );
  }
  return applyNetworkConfig(io.env, loaded.config, { secretsAddress: !refused });
}
