/**
 * `@enginekit/lint/config`: reading `.enginekit.yaml` and `.hadolint.yaml` files — what a program needs
 * when a configuration file applies, and nothing of the rules' manifest half or the `@enginekit/api`
 * schemas. It loads YAML and the configuration schema (zod), so callers import it when a configuration
 * file has been found (docs/cli.md "Start-up"). A bundler places a module in the chunk shared by every
 * entry that reaches it: taking these names from the package root brought that root's manifest and
 * schema modules along. Everything here is also exported from `@enginekit/lint`.
 */
export { ConfigError } from "./config/config-error.js";
export { findConfig, loadConfigFile, parseConfig } from "./config/load.js";
export type { LintConfig } from "./config/schema.js";
