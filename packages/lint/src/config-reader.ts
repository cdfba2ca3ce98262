/**
 * `@enginekit/lint/config`: configuration files without the linter — their names and the lookup
 * (nearest `.enginekit.yaml`, `.hadolint.yaml` upward), `ConfigError`, and {@link loadConfigReader},
 * which imports the reader (YAML, the configuration schema and the rule registry) when a file is to be
 * read. The language server and the commands that talk to a service (`build`, `engine`, `secrets`)
 * import this; nothing here loads the rules or YAML until then. A bundler places a module in the chunk
 * shared by every entry that reaches it: the same names taken from `@enginekit/lint/files` brought the
 * linter's chunk along (docs/cli.md "Start-up"). Everything here is also exported from `@enginekit/lint`.
 */
export { ConfigError } from "./config/config-error.js";
export {
  CONFIG_FILE_NAMES,
  type ConfigReader,
  findConfigFile,
  isHadolintConfig,
  type LoadedConfig,
} from "./config/find-config.js";
export { loadConfigReader } from "./config/reader.js";
export type { LintConfig } from "./config/schema.js";
