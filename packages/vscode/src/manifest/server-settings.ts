/**
 * The server's settings (packages/language-server/src/config/settings.ts, docs/language-server.md
 * "Settings") as VS Code `contributes.configuration` entries. Types and defaults come from the server's
 * `DEFAULT_SERVER_SETTINGS`; the settings `.enginekit.yaml` also has (`rules`, `manifests`,
 * `secrets.address`, `secrets.namespace`) take their JSON Schema from the linter's zod schema as
 * generated into `@enginekit/lint/schemas/enginekit-config.schema.json` (kept current by
 * packages/lint/test/generated-files.test.ts), so the editor completes and checks rule ids and
 * severities exactly as `enginekit lint` reads them. A server setting without a description here fails
 * the build: a new setting cannot ship unannounced.
 */
import type { SettingContribution } from "./client-settings.js";

/** The part of the `.enginekit.yaml` JSON Schema read here. */
export interface ConfigJsonSchema {
  properties: Record<string, Record<string, unknown>> & {
    secrets: { properties: Record<string, Record<string, unknown>> };
  };
}

/** What each server setting does, by dotted key (markdown). */
const SERVER_SETTING_DESCRIPTIONS: Record<string, string> = {
  rules:
    "Severity by rule id (`error`, `warning`, `info`, `style`, `off`), applied over `.enginekit.yaml` like `--rule` on the command line. Rule pages: `docs/rules/`.",
  manifests:
    "Extra globs of YAML/JSON files read as manifests (besides `*.container.yaml`, `*.service.json`, …), matched against the end of the path, e.g. `deploy/**/*.yaml`.",
  online:
    "Online diagnostics: check that secret references of manifests exist in the secrets service (opt-in).",
  "secrets.address": "Secrets service address (`SVC_ADDR` when empty).",
  "secrets.namespace": "Secrets namespace (`SVC_NAMESPACE` when empty).",
  "secrets.tokenFile":
    "File holding the secrets service token (`SVC_TOKEN`, then `~/.svc-token` when empty). Never the token itself.",
  "secrets.timeoutMs": "Timeout of one secrets service lookup, in milliseconds.",
  "secrets.completion": "Query the secrets service for `svc:` path completion and hover (never values).",
  diagnosticsDelayMs:
    "Quiet time after a change before diagnostics are computed, in milliseconds (an opened document's first diagnostics are not delayed).",
  inlayHints: "Inlay hints with the resolved values of `ARG`/`ENV` variables.",
  ruleDocs:
    "Where your team hosts the rule pages, for the diagnostics' links: a URL ending in `/` (pages `<base><id>.md`) or holding `{id}`. Empty: the pages installed with the extension.",
  "ignoreFiles.maxContextPaths":
    'The most paths of an ignore file\'s build context (its folder) listed for its diagnostics and hover; beyond it counts are "at least".',
  "images.completion":
    "Offer the engine's local images (`GET /images/json`, at `ENGINE_HOST`/`DOCKER_HOST`) in `FROM` completion; silent when no engine answers.",
  "images.timeoutMs": "Timeout of one local-images lookup for `FROM` completion, in milliseconds.",
};

/** Optional server settings (no default value in `DEFAULT_SERVER_SETTINGS`): all strings, empty = unset. */
const OPTIONAL_STRING_SETTINGS = ["secrets.address", "secrets.namespace", "secrets.tokenFile", "ruleDocs"];

/** Leaves of a settings object by dotted key (records such as `rules` are leaves). */
export function settingLeaves(defaults: object, prefix = ""): Map<string, unknown> {
  const leaves = new Map<string, unknown>();
  for (const [key, value] of Object.entries(defaults)) {
    const dotted = `${prefix}${key}`;
    const nested =
      value && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length > 0;
    if (nested && key !== "rules")
      for (const [k, v] of settingLeaves(value as object, `${dotted}.`)) leaves.set(k, v);
    else leaves.set(dotted, value);
  }
  return leaves;
}

/** The JSON Schema of a setting the linter's configuration also has, or undefined. */
function fromConfigSchema(key: string, config: ConfigJsonSchema): Record<string, unknown> | undefined {
  if (key.startsWith("secrets.")) return config.properties.secrets.properties[key.slice("secrets.".length)];
  if (key === "rules") {
    const rules = config.properties.rules as {
      propertyNames?: { enum?: string[] };
      additionalProperties?: Record<string, unknown>;
    };
    // VS Code completes keys from `properties`, not from `propertyNames`: list every rule id.
    const ids = rules.propertyNames?.enum ?? [];
    return {
      ...rules,
      properties: Object.fromEntries(ids.map((id) => [id, rules.additionalProperties ?? {}])),
    };
  }
  return config.properties[key];
}

function schemaOfValue(value: unknown): Record<string, unknown> {
  if (typeof value === "boolean") return { type: "boolean" };
  if (typeof value === "number") return { type: "number", minimum: 0 };
  if (typeof value === "string") return { type: "string" };
  if (Array.isArray(value)) return { type: "array", items: { type: "string" } };
  return { type: "object" };
}

/**
 * Every server setting as a contribution: `defaults` is the server's `DEFAULT_SERVER_SETTINGS`, `config`
 * the `.enginekit.yaml` JSON Schema. Throws when a setting has no description in
 * {@link SERVER_SETTING_DESCRIPTIONS}.
 */
export function serverSettingContributions(
  defaults: object,
  config: ConfigJsonSchema,
): SettingContribution[] {
  const leaves = settingLeaves(defaults);
  for (const key of OPTIONAL_STRING_SETTINGS) if (!leaves.has(key)) leaves.set(key, "");
  return [...leaves].map(([key, value]) => {
    const description = SERVER_SETTING_DESCRIPTIONS[key];
    if (!description)
      throw new Error(
        `server setting enginekit.${key} has no description in packages/vscode/src/manifest/server-settings.ts`,
      );
    const {
      description: _zodDescription,
      format: _format,
      ...schema
    } = fromConfigSchema(key, config) ?? schemaOfValue(value);
    return { key, schema: { ...schema, default: value, markdownDescription: description } };
  });
}
