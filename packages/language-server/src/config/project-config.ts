import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { RULE_SEVERITIES, type RuleSeverity } from "@enginekit/lint";
import { parse as parseYaml } from "yaml";

/**
 * The parts of a project's `.enginekit.yaml` (docs/lint.md "Configuration") the language server uses.
 * This file is the one place that reads it: when `@enginekit/lint` exports its loader, only this file
 * changes.
 */
export interface ProjectConfig {
  file: string;
  rules: Record<string, RuleSeverity>;
  manifests: string[];
  trustedRegistries?: string[];
  inlineSuppressions?: boolean;
  reportUnusedSuppressions?: boolean;
  secrets: { address?: string; namespace?: string };
  /** The first problem reading the file (`file:line: message`), shown once to the user. */
  error?: string;
}

/** Configuration file names, in the order they are looked for. */
export const PROJECT_CONFIG_NAMES = [".enginekit.yaml", ".enginekit.yml"] as const;

function strings(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : undefined;
}

/** Parses configuration text leniently (a bad file gives the defaults and an `error`, never a throw). */
export function parseProjectConfig(text: string, file: string): ProjectConfig {
  const config: ProjectConfig = { file, rules: {}, manifests: [], secrets: {} };
  let raw: unknown;
  try {
    raw = parseYaml(text) ?? {};
  } catch (error) {
    const pos = (error as { linePos?: { line: number; col: number }[] }).linePos?.[0];
    const where = pos ? `:${pos.line}:${pos.col}` : "";
    config.error = `${file}${where}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`;
    return config;
  }
  if (!raw || typeof raw !== "object" || Array.isArray(raw)) {
    config.error = `${file}:1:1: expected a mapping of settings`;
    return config;
  }
  const r = raw as Record<string, unknown>;
  for (const [id, severity] of Object.entries((r.rules as Record<string, unknown>) ?? {})) {
    if (RULE_SEVERITIES.includes(severity as RuleSeverity)) config.rules[id] = severity as RuleSeverity;
  }
  config.manifests = strings(r.manifests) ?? [];
  const trusted = strings(r.trustedRegistries);
  if (trusted) config.trustedRegistries = trusted;
  if (typeof r.inlineSuppressions === "boolean") config.inlineSuppressions = r.inlineSuppressions;
  if (typeof r.reportUnusedSuppressions === "boolean")
    config.reportUnusedSuppressions = r.reportUnusedSuppressions;
  const secrets = (r.secrets ?? {}) as Record<string, unknown>;
  if (typeof secrets.address === "string") config.secrets.address = secrets.address;
  if (typeof secrets.namespace === "string") config.secrets.namespace = secrets.namespace;
  return config;
}

/**
 * Finds the nearest `.enginekit.yaml` in `dir` or an ancestor (as `enginekit lint` does) and reads it.
 * Results are cached by file modification time in `cache`; call `cache.clear()` when a watched
 * configuration file changes. Undefined when there is none.
 */
export function findProjectConfig(
  dir: string,
  cache: Map<string, { mtimeMs: number; config: ProjectConfig }>,
): ProjectConfig | undefined {
  let current = dir;
  for (let depth = 0; depth < 64; depth++) {
    for (const name of PROJECT_CONFIG_NAMES) {
      const file = join(current, name);
      if (!existsSync(file)) continue;
      try {
        const mtimeMs = statSync(file).mtimeMs;
        const cached = cache.get(file);
        if (cached && cached.mtimeMs === mtimeMs) return cached.config;
        const config = parseProjectConfig(readFileSync(file, "utf8"), file);
        cache.set(file, { mtimeMs, config });
        return config;
      } catch {
        return undefined;
      }
    }
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  return undefined;
}
