/**
 * Finding the configuration file: `.enginekit.yaml` (or hadolint's, when there is none) in a folder or its
 * nearest ancestor (`findConfigFile`), read once per folder (`findConfigWith`).
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import type { LintConfig } from "./schema.js";

/**
 * The configuration file names, looked for in this order in each folder: enginekit's own, then
 * hadolint's (read when the folder has no `.enginekit.yaml`; see `hadolint-config.ts`).
 */
export const CONFIG_FILE_NAMES = [
  ".enginekit.yaml",
  ".enginekit.yml",
  ".hadolint.yaml",
  ".hadolint.yml",
] as const;

/** True for a hadolint configuration file name. */
export function isHadolintConfig(file: string): boolean {
  return /(^|[\\/])\.hadolint\.ya?ml$/.test(file);
}

/** A loaded configuration and the file it came from (its folder anchors relative globs). */
export interface LoadedConfig {
  file: string;
  dir: string;
  config: LintConfig;
}

/** Reads and validates one configuration file (`loadConfigFile` in load.ts); throws `ConfigError`. */
export type ConfigReader = (file: string) => LoadedConfig;

/** The configuration file in `dir` itself (in {@link CONFIG_FILE_NAMES} order), or undefined. */
export function configFileIn(dir: string): string | undefined {
  return CONFIG_FILE_NAMES.map((n) => join(dir, n)).find((p) => existsSync(p));
}

/**
 * The nearest configuration file for `dir`: `.enginekit.yaml` (or `.yml`) in `dir` or an ancestor, as an
 * absolute path, or undefined. Only looks (`existsSync`); reading it is the caller's. With `cache`, the
 * answer is kept for `dir` and every ancestor visited, so many lookups in one tree look in each folder once.
 */
export function findConfigFile(dir: string, cache?: Map<string, string | undefined>): string | undefined {
  const visited: string[] = [];
  let found: string | undefined;
  for (let current = dir; ; current = dirname(current)) {
    if (cache?.has(current)) {
      found = cache.get(current);
      break;
    }
    visited.push(current);
    found = configFileIn(current);
    if (found || dirname(current) === current) break;
  }
  if (cache) for (const folder of visited) cache.set(folder, found);
  return found;
}

/**
 * Finds and reads the configuration for a file's folder (see {@link findConfigFile}) with `read`, once
 * per folder: results are cached in `cache` for `dir` and every ancestor visited. Undefined when there
 * is none. Throws what `read` throws.
 */
export function findConfigWith(
  dir: string,
  read: ConfigReader,
  cache: Map<string, LoadedConfig | undefined> = new Map(),
): LoadedConfig | undefined {
  const visited: string[] = [];
  let current = dir;
  let found: LoadedConfig | undefined;
  for (;;) {
    if (cache.has(current)) {
      found = cache.get(current);
      break;
    }
    visited.push(current);
    const name = configFileIn(current);
    if (name) {
      found = read(name);
      break;
    }
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const v of visited) cache.set(v, found);
  return found;
}
