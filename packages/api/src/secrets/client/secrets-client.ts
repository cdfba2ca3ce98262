/**
 * `SecretsClient`: the typed client of the secrets service API v1 (secrets §1–§7) over undici — token,
 * userpass and approle login, token lookup, mounts and namespaces, seal status and health, `help`, and the
 * key/value operations (`kv`), configured from options or the `SVC_*` environment.
 */
import { inspect } from "node:util";
import { lazySchemas } from "../../lazy-schema.js";
import type { TokenLookupData } from "../schemas/auth.js";
import type { HelpResponse } from "../schemas/envelope.js";
import type { SealStatusResponse, SecretsHealthResponse, SecretsMountInfo } from "../schemas/sys.js";
import { AuthSession } from "./auth-session.js";
import { SecretsProtocolError } from "./errors.js";
import { KvApi } from "./kv.js";
import { listFolder } from "./list-folder.js";
import { resolveClientOptions, type SecretsClientOptions } from "./options.js";
import { parseBody } from "./parse.js";
import { REDACTED } from "./redact.js";
import {
  type SecretsCallOptions,
  SecretsTransport,
  type SendRequest,
  type SendResponse,
} from "./transport.js";

/** Answer schemas, each imported on the first call that parses it (start-up: see `lazy-schema.ts`). */
const authSchemas = lazySchemas(
  () => import("../schemas/auth.js"),
  ["LoginResponse", "TokenLookupSelfResponse"],
);
const envelopeSchemas = lazySchemas(() => import("../schemas/envelope.js"), ["HelpResponse"]);
const sysSchemas = lazySchemas(
  () => import("../schemas/sys.js"),
  ["InternalUiMountsResponse", "SealStatusResponse", "SecretsHealthResponse"],
);

/** A secrets-engine mount as `listMounts` reports it. */
export interface SecretsMount {
  /** Mount path with trailing `/`, e.g. `secret/`. */
  path: string;
  /** Engine type, e.g. `kv`. */
  type: string;
  /** For `kv` mounts: 1 or 2; undefined for other engines. */
  kvVersion: 1 | 2 | undefined;
  description: string;
}

/** Statuses of `sys/health` that carry a health body rather than an error (research secrets-anchors §10). */
const HEALTH_STATUSES = [429, 472, 473, 474, 501, 503, 530] as const;

/** Token data from lookup-self, without the token itself (`id`). */
export type TokenInfo = Omit<TokenLookupData, "id">;

/**
 * Typed client of the secrets service API v1 over undici.
 *
 * Configuration comes from options or the environment (`SVC_ADDR`, `SVC_TOKEN` then `~/.svc-token`,
 * `SVC_NAMESPACE`, `SVC_CACERT`, `SVC_SKIP_VERIFY`); TLS is verified unless disabled. Every call accepts
 * `{signal, timeoutMs, retry}` and throws `SecretsApiError` (status ≥ 300), `SecretsConnectionError`
 * (no answer), `SecretsProtocolError` (unexpected body) or `SecretsUsageError`. The token is never
 * printed: `toString()`, `util.inspect` and `JSON.stringify` show `[redacted]`.
 *
 * @example
 * const client = new SecretsClient(); // SVC_ADDR, SVC_TOKEN
 * await client.kv.list("secret/app/"); // ["db", "cache/"]
 */
export class SecretsClient {
  readonly #transport: SecretsTransport;
  /** Key/value engine operations with KV version detection. */
  readonly kv: KvApi;

  /** Throws `SecretsUsageError` for a malformed address, boolean environment variable or unreadable CA file. */
  constructor(options: SecretsClientOptions = {}) {
    const resolved = resolveClientOptions(options);
    this.#transport = new SecretsTransport(resolved);
    this.kv = new KvApi(this.#transport, resolved.listMethod, resolved.kvVersions);
  }

  /** The service origin, e.g. `http://127.0.0.1:8200`. */
  get address(): string {
    return this.#transport.origin;
  }

  /** The namespace (`ns1/`), or `""` for the root namespace. */
  get namespace(): string {
    return this.#transport.namespace;
  }

  /** Whether a token is set (from options, environment, token file or a login). */
  get hasToken(): boolean {
    return this.#transport.hasToken;
  }

  /**
   * Low-level call: `method` (`GET`, `POST`, `PUT`, `DELETE`, `LIST`) on the API path `path` (below
   * `/v1/`, unencoded). Resolves to the status and JSON body (undefined for 204).
   */
  request(
    method: string,
    path: string,
    options: Omit<SendRequest, "method" | "path"> = {},
  ): Promise<SendResponse> {
    return this.#transport.send({ ...options, method, path });
  }

  /**
   * The secrets-engine mounts the token can see (`GET sys/internal/ui/mounts`, research §4), for
   * completing the first path segment. KV mounts are remembered for later KV calls.
   */
  async listMounts(options: SecretsCallOptions = {}): Promise<SecretsMount[]> {
    const route = "sys/internal/ui/mounts";
    const res = await this.#transport.send({ ...options, method: "GET", path: route });
    const mounts = parseBody(await sysSchemas.InternalUiMountsResponse(), res.body, "GET", route).data.secret;
    return Object.entries(mounts).map(([path, info]) => {
      const kvVersion = kvVersionOf(info);
      if (kvVersion) this.kv.remember({ path, version: kvVersion });
      return { path, type: info.type, kvVersion, description: info.description ?? "" };
    });
  }

  /**
   * The child namespaces of the client's namespace (`LIST sys/namespaces`, research §7), e.g.
   * `["dev/", "prod/"]`; an empty list when there are none (404) or the server has no namespaces.
   */
  async listNamespaces(options: SecretsCallOptions = {}): Promise<string[]> {
    return listFolder(this.#transport, "sys/namespaces/", "get", options);
  }

  /** Help for a path (`GET <path>?help=1`): markdown and an OpenAPI document relative to the path (secrets §4). */
  async help(path: string, options: SecretsCallOptions = {}): Promise<HelpResponse> {
    const res = await this.#transport.send({ ...options, method: "GET", path, query: { help: "1" } });
    return parseBody(await envelopeSchemas.HelpResponse(), res.body, "GET", path);
  }

  /** The caller's token (`GET auth/token/lookup-self`), without the token itself. 403 for a bad token. */
  async lookupSelf(options: SecretsCallOptions = {}): Promise<TokenInfo> {
    const route = "auth/token/lookup-self";
    const res = await this.#transport.send({ ...options, method: "GET", path: route });
    const { id: _token, ...info } = parseBody(
      await authSchemas.TokenLookupSelfResponse(),
      res.body,
      "GET",
      route,
    ).data;
    return info;
  }

  /**
   * Token login: checks `token` with lookup-self and, if valid, uses it for later calls. On failure the
   * previous token stays in use and the error (403 for a bad token) is thrown.
   */
  async loginWithToken(token: string, options: SecretsCallOptions = {}): Promise<TokenInfo> {
    const previous = this.#transport.swapToken(token);
    try {
      return await this.lookupSelf(options);
    } catch (error) {
      this.#transport.setToken(previous);
      throw error;
    }
  }

  /**
   * Userpass login (`POST auth/<mount>/login/<username>` with `{password}`); the returned client token is
   * used for later calls. Wrong credentials answer 400 (research §9).
   */
  loginUserpass(
    username: string,
    password: string,
    options: SecretsCallOptions & { mount?: string } = {},
  ): Promise<AuthSession> {
    return this.#login(`auth/${options.mount ?? "userpass"}/login/${username}`, { password }, options);
  }

  /** AppRole login (`POST auth/<mount>/login` with `{role_id, secret_id}`); the client token is used afterwards. */
  loginAppRole(
    roleId: string,
    secretId: string | undefined,
    options: SecretsCallOptions & { mount?: string } = {},
  ): Promise<AuthSession> {
    const body: Record<string, string> = { role_id: roleId };
    if (secretId !== undefined) body.secret_id = secretId;
    return this.#login(`auth/${options.mount ?? "approle"}/login`, body, options);
  }

  async #login(
    route: string,
    body: Record<string, string>,
    options: SecretsCallOptions,
  ): Promise<AuthSession> {
    const res = await this.#transport.send({
      ...options,
      method: "POST",
      path: route,
      body,
      authenticated: false,
    });
    const auth = parseBody(await authSchemas.LoginResponse(), res.body, "POST", route).auth;
    if (!auth) throw new SecretsProtocolError("login answer has no auth block", "POST", route);
    this.#transport.setToken(auth.client_token);
    return new AuthSession(auth);
  }

  /** `GET sys/seal-status` (unauthenticated; 200 whenever reachable). */
  async sealStatus(options: SecretsCallOptions = {}): Promise<SealStatusResponse> {
    const route = "sys/seal-status";
    const res = await this.#transport.send({ ...options, method: "GET", path: route, authenticated: false });
    return parseBody(await sysSchemas.SealStatusResponse(), res.body, "GET", route);
  }

  /**
   * `GET sys/health` (unauthenticated). The status encodes the state (200 active, 429 standby, 501 not
   * initialised, 503 sealed …); all of them resolve to `{status, health}` instead of throwing, and none
   * is retried.
   */
  async health(options: SecretsCallOptions = {}): Promise<{ status: number; health: SecretsHealthResponse }> {
    const route = "sys/health";
    const res = await this.#transport.send({
      ...options,
      method: "GET",
      path: route,
      authenticated: false,
      accept: HEALTH_STATUSES,
      retry: { maxRetries: 0 },
    });
    return {
      status: res.status,
      health: parseBody(await sysSchemas.SecretsHealthResponse(), res.body, "GET", route),
    };
  }

  /** Closes pooled connections. The client must not be used afterwards. */
  close(): Promise<void> {
    return this.#transport.close();
  }

  [inspect.custom](): string {
    return this.toString();
  }

  toString(): string {
    return `SecretsClient { address: ${this.address}, namespace: ${JSON.stringify(this.namespace)}, token: ${this.hasToken ? REDACTED : "none"} }`;
  }

  toJSON(): Record<string, unknown> {
    return { address: this.address, namespace: this.namespace, token: this.hasToken ? REDACTED : null };
  }
}

/** KV version of a mount: `kv` with `options.version` `"2"` → 2, other `kv` → 1, else undefined (research §4 steps 5–6). */
function kvVersionOf(info: SecretsMountInfo): 1 | 2 | undefined {
  if (info.type !== "kv") return undefined;
  return info.options?.version === "2" ? 2 : 1;
}
