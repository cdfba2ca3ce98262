import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { SecretsUsageError } from "./errors.js";
import { normalizeNamespace } from "./paths.js";

/** Retry policy (research secrets-anchors §6: official clients retry network errors, 412, 429, 5xx ≠ 501). */
export interface SecretsRetryOptions {
  /** Retries after the first attempt (default 2, i.e. 3 attempts). */
  maxRetries?: number;
  /** Lower bound of the linear-jitter wait before retry n, multiplied by n, in milliseconds (default 1000). */
  minWaitMs?: number;
  /** Upper bound of the same wait, in milliseconds (default 1500). */
  maxWaitMs?: number;
  /** No retry starts once this many milliseconds have passed since the first attempt, counting the wait (default 10000). */
  maxElapsedMs?: number;
}

/** Options of `new SecretsClient()`. Unset values come from the environment (see {@link resolveClientOptions}). */
export interface SecretsClientOptions {
  /** Base address, e.g. `https://127.0.0.1:8200` (env `SVC_ADDR`; default `https://127.0.0.1:8200`). */
  address?: string;
  /** Client token (env `SVC_TOKEN`, then the token file `~/.svc-token`). */
  token?: string;
  /** Namespace, e.g. `ns1/ns2/` (env `SVC_NAMESPACE`). */
  namespace?: string;
  /** How the namespace is sent: `header` (`X-Svc-Namespace`, default) or `prefix` (path prefix); same target (secrets §5.5). */
  namespaceMode?: "header" | "prefix";
  /** How the token is sent: `X-Svc-Token` (default) or `Authorization: Bearer` (secrets §5.2). */
  tokenHeader?: "x-svc-token" | "bearer";
  /** PEM text of the CA certificate(s) to trust (or env `SVC_CACERT`, a file path). */
  caCertPem?: string;
  /** Disable TLS certificate verification (env `SVC_SKIP_VERIFY`, a boolean). Verification is on by default. */
  skipVerify?: boolean;
  /** Listing verb: `get` sends `GET ?list=true` (default, proxy-safe); `list` sends the `LIST` method (research §5). */
  listMethod?: "get" | "list";
  /** Per-attempt timeout in milliseconds (default 60000, research §6). */
  timeoutMs?: number;
  /** Retry policy. */
  retry?: SecretsRetryOptions;
  /** KV version per mount path (`{"secret/": 2}`): skips the preflight for those mounts (research §13.1). */
  kvVersions?: Record<string, 1 | 2>;
  /** Receives one line per request attempt (method, path, status, milliseconds); never tokens or values. */
  logger?: (line: string) => void;
  /** Environment to read `SVC_*` from (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** Home directory holding `.svc-token` (default `os.homedir()`). */
  homeDir?: string;
}

/** Options after defaults and environment were applied. */
export interface ResolvedClientOptions {
  origin: string;
  token: string | undefined;
  namespace: string;
  namespaceMode: "header" | "prefix";
  tokenHeader: "x-svc-token" | "bearer";
  caCertPem: string | undefined;
  skipVerify: boolean;
  listMethod: "get" | "list";
  timeoutMs: number;
  retry: Required<SecretsRetryOptions>;
  kvVersions: Record<string, 1 | 2>;
  logger: ((line: string) => void) | undefined;
}

/** Default address, like the official client's (research secrets-anchors §9). */
export const DEFAULT_SECRETS_ADDRESS = "https://127.0.0.1:8200";
/** Name of the token file in the home directory. */
export const SECRETS_TOKEN_FILE = ".svc-token";

/** Parses a boolean the way Go's `strconv.ParseBool` does; invalid text is a usage error (research §9). */
export function parseSvcBool(name: string, value: string): boolean {
  if (["1", "t", "T", "TRUE", "true", "True"].includes(value)) return true;
  if (["0", "f", "F", "FALSE", "false", "False"].includes(value)) return false;
  throw new SecretsUsageError(`${name} must be a boolean (true/false/1/0), got "${value}"`);
}

/** Reads the token file, or undefined when it does not exist. */
function readTokenFile(home: string): string | undefined {
  try {
    const text = readFileSync(join(home, SECRETS_TOKEN_FILE), "utf8").trim();
    return text.length > 0 ? text : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new SecretsUsageError(
      `cannot read the token file ~/${SECRETS_TOKEN_FILE}: ${(error as Error).message}`,
    );
  }
}

/**
 * Applies defaults and the environment: `SVC_ADDR`, `SVC_TOKEN` (then `~/.svc-token`), `SVC_NAMESPACE`,
 * `SVC_CACERT` (a PEM file path), `SVC_SKIP_VERIFY`. Explicit options win over the environment.
 * Throws {@link SecretsUsageError} for a malformed address, boolean or unreadable CA file.
 */
export function resolveClientOptions(options: SecretsClientOptions): ResolvedClientOptions {
  const env = options.env ?? process.env;
  const address = options.address ?? env.SVC_ADDR ?? DEFAULT_SECRETS_ADDRESS;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new SecretsUsageError(
      `the secrets service address "${address}" is not a URL (e.g. https://127.0.0.1:8200)`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new SecretsUsageError(`the secrets service address must use http or https, got "${url.protocol}"`);
  }
  let caCertPem = options.caCertPem;
  if (caCertPem === undefined && env.SVC_CACERT) {
    try {
      caCertPem = readFileSync(env.SVC_CACERT, "utf8");
    } catch (error) {
      throw new SecretsUsageError(
        `cannot read SVC_CACERT file ${env.SVC_CACERT}: ${(error as Error).message}`,
      );
    }
  }
  const skipVerify =
    options.skipVerify ??
    (env.SVC_SKIP_VERIFY ? parseSvcBool("SVC_SKIP_VERIFY", env.SVC_SKIP_VERIFY) : false);
  return {
    origin: url.origin,
    token: options.token ?? (env.SVC_TOKEN || undefined) ?? readTokenFile(options.homeDir ?? homedir()),
    namespace: normalizeNamespace(options.namespace ?? env.SVC_NAMESPACE),
    namespaceMode: options.namespaceMode ?? "header",
    tokenHeader: options.tokenHeader ?? "x-svc-token",
    caCertPem,
    skipVerify,
    listMethod: options.listMethod ?? "get",
    timeoutMs: options.timeoutMs ?? 60_000,
    retry: {
      maxRetries: options.retry?.maxRetries ?? 2,
      minWaitMs: options.retry?.minWaitMs ?? 1000,
      maxWaitMs: options.retry?.maxWaitMs ?? 1500,
      maxElapsedMs: options.retry?.maxElapsedMs ?? 10_000,
    },
    kvVersions: options.kvVersions ?? {},
    logger: options.logger,
  };
}
