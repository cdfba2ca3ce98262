/**
 * Options of the secrets client and their resolution (`resolveClientOptions`): address, token (also from
 * `~/.svc-token`/`~/.vault-token`), namespace, CA and TLS verification, timeouts and retries, from explicit
 * options, then `SVC_*`, then `VAULT_*` variables, as the Vault CLI reads its environment (secrets §5).
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { parseDurationMs } from "@enginekit/text";
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
  /** Base address, e.g. `https://127.0.0.1:8200` (env `SVC_ADDR`, `VAULT_ADDR`; default `https://127.0.0.1:8200`). */
  address?: string;
  /** Client token (env `SVC_TOKEN`, `VAULT_TOKEN`, then the token files `~/.svc-token`, `~/.vault-token`). */
  token?: string;
  /** Namespace, e.g. `ns1/ns2/` (env `SVC_NAMESPACE`, `VAULT_NAMESPACE`). */
  namespace?: string;
  /** How the namespace is sent: `header` (`X-<Word>-Namespace`, default) or `prefix` (path prefix); same target (secrets §5.5). */
  namespaceMode?: "header" | "prefix";
  /**
   * How the token is sent: the word's token header, `X-Svc-Token` by default (`header`; `x-svc-token` is
   * the same, kept for compatibility), or `Authorization: Bearer` (`bearer`, secrets §5.2). Env
   * `SVC_TOKEN_HEADER` (`header` or `bearer`).
   */
  tokenHeader?: "x-svc-token" | "header" | "bearer";
  /**
   * The product word in header names: `Svc` (default; the API document's neutral word) gives `X-Svc-Token`,
   * `X-Svc-Namespace`, `X-Svc-Request`; `Vault` (Vault/OpenBao deployments) gives `X-Vault-*`. Env
   * `SVC_HEADER_WORD`; when unset and the address came from `VAULT_ADDR`, `Vault`.
   */
  headerWord?: string;
  /** PEM text of the CA certificate(s) to trust (or env `SVC_CACERT`/`VAULT_CACERT`, a file; `VAULT_CAPATH`, a folder). */
  caCertPem?: string;
  /** Disable TLS certificate verification (env `SVC_SKIP_VERIFY`, `VAULT_SKIP_VERIFY`, a boolean). Verification is on by default. */
  skipVerify?: boolean;
  /** Listing verb: `get` sends `GET ?list=true` (default, proxy-safe); `list` sends the `LIST` method (research §5). */
  listMethod?: "get" | "list";
  /**
   * Whole-attempt deadline in milliseconds, head and body (default 60000, research §6; env
   * `SVC_CLIENT_TIMEOUT`, `VAULT_CLIENT_TIMEOUT`: `60s`, `2m` or seconds).
   */
  timeoutMs?: number;
  /** Largest response body read, in bytes (default {@link SECRETS_MAX_RESPONSE_BYTES}). */
  maxResponseBytes?: number;
  /**
   * A person is waiting (a command line, an editor): the interactive defaults apply — a 10 s attempt
   * deadline and one retry started within 5 s — instead of 60 s and two retries within 10 s. Explicit
   * `timeoutMs`/`retry` and the environment's time limit still win.
   */
  interactive?: boolean;
  /**
   * Once a request has had no answer within its time limit (after its retries), every later request of
   * this client fails at once with a {@link SecretsConnectionError} saying so, instead of waiting out
   * its own limit: a service that accepts connections and never answers costs one time limit, not one
   * per request (`lint --online` with 40 references). Default: `interactive`.
   */
  failFast?: boolean;
  /** Retry policy. */
  retry?: SecretsRetryOptions;
  /** KV version per mount path (`{"secret/": 2}`): skips the preflight for those mounts (research §13.1). */
  kvVersions?: Record<string, 1 | 2>;
  /** Receives one line per request attempt (method, path, status, milliseconds); never tokens or values. */
  logger?: (line: string) => void;
  /** Environment to read `SVC_*`/`VAULT_*` from (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** Home directory holding `.svc-token`/`.vault-token` (default `HOME` of `env`, else `os.homedir()`). */
  homeDir?: string;
}

/** Options after defaults and environment were applied. */
export interface ResolvedClientOptions {
  origin: string;
  token: string | undefined;
  namespace: string;
  namespaceMode: "header" | "prefix";
  tokenHeader: "header" | "bearer";
  /** Header names for the word (`X-Svc-Token`… or `X-Vault-Token`…). */
  headers: { token: string; namespace: string; request: string };
  caCertPem: string | undefined;
  skipVerify: boolean;
  listMethod: "get" | "list";
  timeoutMs: number;
  maxResponseBytes: number;
  failFast: boolean;
  retry: Required<SecretsRetryOptions>;
  kvVersions: Record<string, 1 | 2>;
  logger: ((line: string) => void) | undefined;
}

/** Default address, like the official client's (research secrets-anchors §9). */
export const DEFAULT_SECRETS_ADDRESS = "https://127.0.0.1:8200";
/** Name of the token file in the home directory. */
export const SECRETS_TOKEN_FILE = ".svc-token";
/** The real product's token file, read when {@link SECRETS_TOKEN_FILE} does not exist. */
export const VAULT_TOKEN_FILE = ".vault-token";
/**
 * Largest response body the client reads: 32 MiB, as large as the biggest request the service accepts
 * (secrets §8); a larger answer fails with SecretsProtocolError without being read whole.
 */
export const SECRETS_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;

/** Parses a boolean the way Go's `strconv.ParseBool` does; invalid text is a usage error (research §9). */
export function parseSvcBool(name: string, value: string): boolean {
  if (["1", "t", "T", "TRUE", "true", "True"].includes(value)) return true;
  if (["0", "f", "F", "FALSE", "false", "False"].includes(value)) return false;
  throw new SecretsUsageError(`${name} must be a boolean (true/false/1/0), got "${value}"`);
}

/** The first set variable of `names` and its value, or `undefined`. */
function firstSet(
  env: NodeJS.ProcessEnv,
  names: readonly string[],
): { name: string; value: string } | undefined {
  for (const name of names) {
    const value = env[name];
    if (value) return { name, value };
  }
  return undefined;
}

/** Reads `~/.svc-token`, else `~/.vault-token`; undefined when neither exists. Names the file when unreadable. */
function readTokenFile(home: string): string | undefined {
  for (const name of [SECRETS_TOKEN_FILE, VAULT_TOKEN_FILE]) {
    const file = join(home, name);
    try {
      const text = readFileSync(file, "utf8").trim();
      if (text.length > 0) return text;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT") continue;
      throw new SecretsUsageError(`cannot read the token file ${file} (${code ?? "error"})`);
    }
  }
  return undefined;
}

/** PEM text of every file of a CA folder (`VAULT_CAPATH`), in name order. */
function readCaFolder(name: string, folder: string): string {
  try {
    if (!statSync(folder).isDirectory()) throw new SecretsUsageError(`${name}=${folder} is not a folder`);
    return readdirSync(folder)
      .sort()
      .map((file) => join(folder, file))
      .filter((file) => statSync(file).isFile())
      .map((file) => readFileSync(file, "utf8"))
      .join("\n");
  } catch (error) {
    if (error instanceof SecretsUsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new SecretsUsageError(`cannot read the ${name} folder ${folder} (${code ?? "error"})`);
  }
}

/**
 * Applies defaults and the environment, the project's names first, then the real product's
 * (ARCHITECTURE "Names"): `SVC_ADDR`/`VAULT_ADDR`, `SVC_TOKEN`/`VAULT_TOKEN` (then `~/.svc-token`,
 * `~/.vault-token`), `SVC_NAMESPACE`/`VAULT_NAMESPACE`, `SVC_CACERT`/`VAULT_CACERT` (a PEM file) or
 * `VAULT_CAPATH` (a folder of PEM files), `SVC_SKIP_VERIFY`/`VAULT_SKIP_VERIFY`,
 * `SVC_CLIENT_TIMEOUT`/`VAULT_CLIENT_TIMEOUT`, `SVC_HEADER_WORD`, `SVC_TOKEN_HEADER`. Explicit options win
 * over the environment. Throws {@link SecretsUsageError} naming the variable or file for a malformed
 * address, boolean, duration, or an unreadable CA or token file.
 */
export function resolveClientOptions(options: SecretsClientOptions): ResolvedClientOptions {
  const env = options.env ?? process.env;
  const fromEnv = firstSet(env, ["SVC_ADDR", "VAULT_ADDR"]);
  const address = options.address ?? fromEnv?.value ?? DEFAULT_SECRETS_ADDRESS;
  const source = options.address !== undefined ? "" : fromEnv ? ` (${fromEnv.name})` : "";
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new SecretsUsageError(
      `the secrets service address "${address}"${source} is not a URL (e.g. https://127.0.0.1:8200)`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new SecretsUsageError(
      `the secrets service address${source} must use http or https, got "${url.protocol}"`,
    );
  }
  let caCertPem = options.caCertPem;
  const caFile = firstSet(env, ["SVC_CACERT", "VAULT_CACERT"]);
  if (caCertPem === undefined && caFile) {
    try {
      caCertPem = readFileSync(caFile.value, "utf8");
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new SecretsUsageError(`cannot read ${caFile.name} file ${caFile.value} (${code ?? "error"})`);
    }
  }
  if (caCertPem === undefined && env.VAULT_CAPATH) caCertPem = readCaFolder("VAULT_CAPATH", env.VAULT_CAPATH);
  const skip = firstSet(env, ["SVC_SKIP_VERIFY", "VAULT_SKIP_VERIFY"]);
  const skipVerify = options.skipVerify ?? (skip ? parseSvcBool(skip.name, skip.value) : false);
  const timeout = firstSet(env, ["SVC_CLIENT_TIMEOUT", "VAULT_CLIENT_TIMEOUT"]);
  let timeoutMs = options.timeoutMs;
  if (timeoutMs === undefined && timeout) {
    timeoutMs = parseDurationMs(timeout.value);
    if (timeoutMs === undefined) {
      throw new SecretsUsageError(
        `${timeout.name} must be a duration like 60s or 2m, got "${timeout.value}"`,
      );
    }
  }
  const word = headerWordOf(
    options.headerWord ??
      env.SVC_HEADER_WORD ??
      (fromEnv?.name === "VAULT_ADDR" && options.address === undefined ? "Vault" : "Svc"),
  );
  const tokenHeaderText = options.tokenHeader ?? env.SVC_TOKEN_HEADER ?? "header";
  if (!["header", "x-svc-token", "bearer"].includes(tokenHeaderText)) {
    throw new SecretsUsageError(`SVC_TOKEN_HEADER must be header or bearer, got "${tokenHeaderText}"`);
  }
  const token = options.token ?? firstSet(env, ["SVC_TOKEN", "VAULT_TOKEN"])?.value;
  return {
    origin: url.origin,
    token: token ?? readTokenFile(options.homeDir ?? (env.HOME || homedir())),
    namespace: normalizeNamespace(
      options.namespace ?? firstSet(env, ["SVC_NAMESPACE", "VAULT_NAMESPACE"])?.value,
    ),
    namespaceMode: options.namespaceMode ?? "header",
    tokenHeader: tokenHeaderText === "bearer" ? "bearer" : "header",
    headers: { token: `X-${word}-Token`, namespace: `X-${word}-Namespace`, request: `X-${word}-Request` },
    caCertPem,
    skipVerify,
    listMethod: options.listMethod ?? "get",
    timeoutMs: timeoutMs ?? (options.interactive ? 10_000 : 60_000),
    maxResponseBytes: options.maxResponseBytes ?? SECRETS_MAX_RESPONSE_BYTES,
    failFast: options.failFast ?? options.interactive === true,
    retry: {
      maxRetries: options.retry?.maxRetries ?? (options.interactive ? 1 : 2),
      minWaitMs: options.retry?.minWaitMs ?? 1000,
      maxWaitMs: options.retry?.maxWaitMs ?? 1500,
      maxElapsedMs: options.retry?.maxElapsedMs ?? (options.interactive ? 5_000 : 10_000),
    },
    kvVersions: options.kvVersions ?? {},
    logger: options.logger,
  };
}

/** Checks a header word (letters and digits, e.g. `Svc`, `Vault`). */
function headerWordOf(word: string): string {
  if (!/^[A-Za-z][A-Za-z0-9]*$/.test(word)) {
    throw new SecretsUsageError(
      `the header word must be letters and digits (e.g. Svc, Vault), got "${word}"`,
    );
  }
  return word;
}
