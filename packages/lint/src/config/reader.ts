/**
 * `loadConfigReader`: imports the configuration reader only when a configuration file is to be read, so a
 * program that finds none never loads YAML, zod or the rule registry (the project's own design).
 */
import type { ConfigReader } from "./find-config.js";

/**
 * Loads the configuration reader, `loadConfigFile` (load.ts): YAML, the configuration schema (zod) and
 * the rule registry, which checks rule ids. Imported only when a configuration file is to be read, so a
 * program that finds none never loads them (docs/cli.md "Start-up").
 */
export async function loadConfigReader(): Promise<ConfigReader> {
  return (await import("./load.js")).loadConfigFile;
}
