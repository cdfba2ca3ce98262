/**
 * The build secrets of the project configuration (`.enginekit.yaml`'s `build.secrets`, docs/build.md
 * "Secrets and SSH"): the nearest configuration file in the working directory or above names, by id, a
 * file (`src`), an environment variable (`env`) or a field on the secrets service (`svc`); `enginekit
 * build` serves each id that no `--secret` gives (the command line wins, as `docker buildx bake`'s
 * `--set` wins over the bake file).
 *
 * The configuration is the repository's, so it is untrusted (docs/security.md): a repository may name its
 * own files (a `src` inside the configuration file's folder, symbolic links resolved), but reading the
 * user's environment, the user's secrets service or a file outside the repository on its say is allowed
 * only when the user lists the folder as safe (`safe-directories.ts`, git's `safe.directory` model);
 * otherwise the build stops with one line naming the file, the id and the way to allow it. Values are
 * never read here (they are read with the `--secret` values, by `readBuildSecrets`).
 */
import { realpathSync } from "node:fs";
import { isAbsolute, relative, resolve } from "node:path";
import { parseSecretFlag, type SecretSource, svcSecretSource } from "@enginekit/build-context";
import { ConfigError, findConfigFile, isHadolintConfig, loadConfigReader } from "@enginekit/lint/config";
import { CliError, ExitCode } from "../errors.js";
import type { CliIo } from "../io.js";
import { isSafeDirectory } from "./safe-directories.js";

/** One entry of `build.secrets` as the configuration schema checked it. */
interface ConfiguredSource {
  src?: string;
  env?: string;
  svc?: string;
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

/** Whether `path` (absolute) is `folder` or lies below it, after resolving symbolic links. */
function inside(folder: string, path: string): boolean {
  const rel = relative(real(folder), real(path));
  return rel !== "" && !rel.startsWith("..") && !isAbsolute(rel);
}

/**
 * The sources of the configured build secrets whose ids no `--secret` value of `secretFlags` gives; file
 * paths are made absolute (relative to the configuration file's folder). Empty without a configuration
 * file or without `build.secrets`.
 * @throws BuildFlagError for a malformed `--secret` value; CliError (usage) with the file, line and column of an invalid configuration, or naming the file
 *   and id of a source the repository may not choose (see the module comment).
 */
export async function configuredBuildSecrets(
  io: CliIo,
  secretFlags: readonly string[],
): Promise<SecretSource[]> {
  const file = findConfigFile(io.cwd);
  if (file === undefined || isHadolintConfig(file)) return [];
  const loadConfigFile = await loadConfigReader();
  let loaded: { dir: string; config: { build?: { secrets?: Record<string, ConfiguredSource> } } };
  try {
    loaded = loadConfigFile(file);
  } catch (error) {
    if (error instanceof ConfigError) throw new CliError(error.message, ExitCode.usage);
    throw error;
  }
  const given = new Set(secretFlags.map((value) => parseSecretFlag(value).id));
  const entries = Object.entries(loaded.config.build?.secrets ?? {}).filter(([id]) => !given.has(id));
  if (entries.length === 0) return [];
  const safe = isSafeDirectory(loaded.dir, io.env);
  const out: SecretSource[] = [];
  for (const [id, source] of entries) {
    const origin = `${file}: build.secrets.${id}`;
    const refuse = (what: string) =>
      new CliError(
        `${origin}: ${what} is not used: a repository's configuration may name only its own files. Give --secret id=${id},…, or list ${loaded.dir} in ENGINEKIT_SAFE_DIRECTORIES or ~/.config/enginekit/safe-directories (docs/security.md)`,
        ExitCode.usage,
      );
    if (source.src !== undefined) {
      const path = resolve(loaded.dir, source.src);
      if (!safe && !inside(loaded.dir, path)) throw refuse(`the file ${source.src}, outside ${loaded.dir},`);
      out.push({ id, origin, kind: "file", path });
    } else if (source.env !== undefined) {
      if (!safe) throw refuse(`the environment variable ${source.env}`);
      out.push({ id, origin, kind: "env", variable: source.env });
    } else if (source.svc !== undefined) {
      if (!safe) throw refuse(`the secrets service's svc:${source.svc.replace(/^svc:/, "")}`);
      const svc = svcSecretSource(id, source.svc);
      if (svc) out.push({ ...svc, origin });
    }
  }
  return out;
}
