/**
 * The variables interpolation reads, in Compose's precedence (compose-go `cli/options.go` `WithDotEnv`,
 * `WithOsEnv`): the process environment (or the caller's) first, then the project's env files (`.env` in
 * the project directory, or every `--env-file` in order, a later file winning). Each answer says where it
 * came from, so a finding can say "from .env" without showing the value.
 */
import type { VariableSource } from "../interpolate/interpolate-tree.js";
import { type EnvFileRead, readEnvFile } from "../read/dotenv.js";

/** The project's variables and the env files they were read from. */
export class ProjectVariables implements VariableSource {
  readonly #environment: Readonly<Record<string, string | undefined>>;
  readonly #fromFiles = new Map<string, { value: string; envFile: string }>();

  constructor(environment: Readonly<Record<string, string | undefined>>) {
    this.#environment = environment;
  }

  /** Reads an env file's text into the variables (later files win); returns what was read. */
  addEnvFile(path: string, text: string): EnvFileRead {
    const read = readEnvFile(text, (name) => this.lookup(name)?.value);
    for (const entry of read.entries) this.#fromFiles.set(entry.name, { value: entry.value, envFile: path });
    return read;
  }

  lookup(name: string) {
    const value = this.#environment[name];
    if (value !== undefined) return { value, source: "environment" as const };
    const found = this.#fromFiles.get(name);
    return found ? { value: found.value, source: "env-file" as const, envFile: found.envFile } : undefined;
  }

  /** A copy with more env files to read on top (an `include`d project's `env_file`). */
  derive(): ProjectVariables {
    const copy = new ProjectVariables(this.#environment);
    for (const [name, entry] of this.#fromFiles) copy.#fromFiles.set(name, entry);
    return copy;
  }

  /** The value of `name`, or undefined. */
  get(name: string): string | undefined {
    return this.lookup(name)?.value;
  }
}
