/**
 * The server's settings (section `enginekit` of LSP `workspace/configuration`, docs/language-server.md
 * "Settings"): `ServerSettings`, `DEFAULT_SERVER_SETTINGS`, and `readServerSettings`, which reads the
 * client's section leniently, keeping the defaults for unknown keys and wrong types.
 */
import {
  MAX_CONTEXT_PATHS,
  RULE_SEVERITIES,
  type RuleSeverity,
  ruleDocsBaseError,
} from "@enginekit/lint/files";

/**
 * The server's settings (section `enginekit` of `workspace/configuration`, docs/language-server.md
 * "Settings"). Rule severities use the linter's model (`.enginekit.yaml` `rules:`), so the editor and
 * `enginekit lint` agree; editor values win over the project file.
 */
export interface ServerSettings {
  /** Severity by rule id (`error`, `warning`, `info`, `style`, `off`). */
  rules: Record<string, RuleSeverity>;
  /** Extra globs of YAML/JSON files read as manifests (besides `*.container.yaml` etc.). */
  manifests: string[];
  secrets: {
    /** Secrets service address (`SVC_ADDR` when unset). */
    address?: string;
    /** Namespace (`SVC_NAMESPACE` when unset). */
    namespace?: string;
    /** File holding the token (`SVC_TOKEN`, then `~/.svc-token` when unset). Never the token itself. */
    tokenFile?: string;
    /** Per-lookup timeout in milliseconds (default 500). */
    timeoutMs: number;
    /** Whether secret-path completion and hover query the service (default true). */
    completion: boolean;
  };
  images: {
    /** Whether `FROM` completion offers the engine's local images (`GET /images/json`; default true). */
    completion: boolean;
    /** Timeout of the image list request in milliseconds (default 500). */
    timeoutMs: number;
  };
  /** Online diagnostics for missing secrets and fields (opt-in, default false). */
  online: boolean;
  /** Delay in milliseconds between the last change and pushed diagnostics (default 200). */
  diagnosticsDelayMs: number;
  /** Inlay hints with resolved ARG/ENV values (default true). */
  inlayHints: boolean;
  /**
   * Where the team hosts the rule pages, for diagnostics' links (`codeDescription`): a URL ending in `/`
   * (`<base><id>.md`) or holding `{id}`; unset, the pages installed with the server.
   */
  ruleDocs?: string;
  ignoreFiles: {
    /**
     * The most paths listed of an ignore file's build context for its diagnostics and hover (default
     * 100,000, as `enginekit lint`); beyond it counts are "at least" and `ignore-pattern-unmatched` is silent.
     */
    maxContextPaths: number;
  };
}

/** Defaults of {@link ServerSettings}. */
export const DEFAULT_SERVER_SETTINGS: ServerSettings = {
  rules: {},
  manifests: [],
  secrets: { timeoutMs: 500, completion: true },
  images: { completion: true, timeoutMs: 500 },
  online: false,
  diagnosticsDelayMs: 200,
  inlayHints: true,
  ignoreFiles: { maxContextPaths: MAX_CONTEXT_PATHS },
};

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function stringOr(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

/**
 * Reads the client's `enginekit` section leniently: unknown keys and values of the wrong type are
 * ignored (the defaults stay), never thrown.
 */
export function readServerSettings(section: unknown): ServerSettings {
  const raw = record(section);
  const secrets = record(raw.secrets);
  const images = record(raw.images);
  const ignoreFiles = record(raw.ignoreFiles);
  const rules: Record<string, RuleSeverity> = {};
  for (const [id, severity] of Object.entries(record(raw.rules))) {
    if (RULE_SEVERITIES.includes(severity as RuleSeverity)) rules[id] = severity as RuleSeverity;
  }
  const number = (value: unknown, fallback: number) =>
    typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : fallback;
  const d = DEFAULT_SERVER_SETTINGS;
  return {
    rules,
    manifests: Array.isArray(raw.manifests)
      ? raw.manifests.filter((g): g is string => typeof g === "string")
      : [],
    secrets: {
      ...(stringOr(secrets.address) ? { address: stringOr(secrets.address) } : {}),
      ...(stringOr(secrets.namespace) ? { namespace: stringOr(secrets.namespace) } : {}),
      ...(stringOr(secrets.tokenFile) ? { tokenFile: stringOr(secrets.tokenFile) } : {}),
      timeoutMs: number(secrets.timeoutMs, d.secrets.timeoutMs),
      completion: typeof secrets.completion === "boolean" ? secrets.completion : d.secrets.completion,
    },
    images: {
      completion: typeof images.completion === "boolean" ? images.completion : d.images.completion,
      timeoutMs: number(images.timeoutMs, d.images.timeoutMs),
    },
    online: typeof raw.online === "boolean" ? raw.online : d.online,
    diagnosticsDelayMs: number(raw.diagnosticsDelayMs, d.diagnosticsDelayMs),
    inlayHints: typeof raw.inlayHints === "boolean" ? raw.inlayHints : d.inlayHints,
    ...(stringOr(raw.ruleDocs) && ruleDocsBaseError(raw.ruleDocs as string) === undefined
      ? { ruleDocs: raw.ruleDocs as string }
      : {}),
    ignoreFiles: {
      maxContextPaths: Math.floor(number(ignoreFiles.maxContextPaths, d.ignoreFiles.maxContextPaths)),
    },
  };
}
