/**
 * `SecretsService`: the secrets service shared by the secret providers — the client made on first lookup,
 * the lookup cache, field names, mounts and KV versions, and one message per outage (LSP
 * `window/showMessage`).
 */
import { readFileSync } from "node:fs";
import type { SecretsClient, SecretsMount } from "@enginekit/api";
import { type CancellationToken, MessageType } from "vscode-languageserver";
import type { ServerSettings } from "../config/settings.js";
import type { SecretsStatus } from "../protocol/secrets-status.js";
import { LookupCache, LookupCancelled } from "./lookup-cache.js";
import type { SecretsApi } from "./secrets-client.js";
import { type ServiceProblem, serviceProblemOf } from "./service-errors.js";

/** How long listed folders, mounts and field names are reused, in milliseconds. */
const SECRET_CACHE_TTL_MS = 5_000;

/** A secret without its values: field names and whether the current version is deleted. */
export interface SecretShape {
  fields: string[];
  deleted: boolean;
}

/** Problems of the service itself, which a later fresh answer ends (a refused token or a bad configuration stays until the settings change). */
const OUTAGES = new Set<ServiceProblem["kind"]>(["unreachable", "sealed", "failed"]);

/** What the secrets service needs from the server. */
export interface SecretsServiceHost {
  settings(): ServerSettings;
  showMessage(type: MessageType, message: string): void;
  log(message: string): void;
  /**
   * Told how each lookup that reached the service went (`enginekit/secretsStatus` for an editor's status
   * bar, src/protocol/secrets-status.ts); a cached answer says nothing.
   */
  status?(status: SecretsStatus): void;
  env?: NodeJS.ProcessEnv;
  homeDir?: string;
}

/** The connection to the secrets service as the editor sees it: `up` until a lookup fails, then `down` until one succeeds. */
export type SecretsServiceStatus = { state: "up" } | { state: "down"; problem: ServiceProblem };

/** The user path of a written location: on KV v2 the `data/` after the mount is removed. */
export function userPath(mount: string, location: string, kvVersion: 1 | 2 | undefined): string | undefined {
  const rest = location.slice(mount.length);
  if (kvVersion !== 2) return location;
  if (!rest.startsWith("data/")) return undefined;
  return mount + rest.slice("data/".length);
}

/**
 * The secrets service shared by the secret providers (completion, hover, online findings): the client
 * (created on the first lookup, from the settings or the `SVC_*` environment), a {@link LookupCache} (TTL,
 * coalescing, ≈500 ms timeout, abort on cancel), and the outage messages. A lookup that fails because the
 * service is unreachable, sealed or forbidding marks an **outage**: one `window/showMessage` (and one
 * `window/logMessage`) when it starts, nothing while it lasts, and one information message when a lookup
 * succeeds again (#14 item 9: no message per request). Values read to learn field names are dropped at
 * once: never cached, returned or logged.
 */
export class SecretsService {
  /** The client, created on the first lookup (its HTTP stack, ~60 ms to load, is not part of start-up). */
  private client: Promise<SecretsClient> | undefined;
  /** The client module (`SecretsClient` and its error classes), once the first lookup loaded it. */
  private api: SecretsApi | undefined;
  private readonly cache: LookupCache;
  private current: SecretsServiceStatus = { state: "up" };
  private readonly listeners: ((status: SecretsServiceStatus) => void)[] = [];

  constructor(private readonly host: SecretsServiceHost) {
    this.cache = new LookupCache(SECRET_CACHE_TTL_MS, host.settings().secrets.timeoutMs);
  }

  /** Lookups started so far (tests: caching and coalescing). */
  get fetches(): number {
    return this.cache.fetches;
  }

  /** The current connection status. */
  get status(): SecretsServiceStatus {
    return this.current;
  }

  /** Calls `listener` on every change of {@link status} (an outage starts or ends). */
  onStatusChange(listener: (status: SecretsServiceStatus) => void): void {
    this.listeners.push(listener);
  }

  /** The current settings' secrets section. */
  settings(): ServerSettings["secrets"] {
    return this.host.settings().secrets;
  }

  /** Drops the client, the cache and the outage after a settings change. */
  settingsChanged(): void {
    const old = this.client;
    this.client = undefined;
    if (this.current.state === "down") {
      // New settings, new service: the old outage is forgotten without a message.
      this.current = { state: "up" };
      for (const listener of this.listeners) listener(this.current);
    }
    this.cache.clear();
    this.cache.timeoutMs = this.host.settings().secrets.timeoutMs;
    void old?.then((c) => c.close()).catch(() => undefined);
  }

  /** Closes the client. */
  dispose(): void {
    void this.client?.then((c) => c.close()).catch(() => undefined);
  }

  private address(): string {
    return (
      this.host.settings().secrets.address ??
      (this.host.env ?? process.env).SVC_ADDR ??
      "https://127.0.0.1:8200"
    );
  }

  /**
   * The client for the current settings, created once (a configuration error is kept and rethrown until
   * the settings change). `SecretsClient` is imported here, on the first lookup, not at start-up.
   */
  clientOrThrow(): Promise<SecretsClient> {
    this.client ??= this.createClient();
    return this.client;
  }

  private async createClient(): Promise<SecretsClient> {
    const s = this.host.settings().secrets;
    const token = s.tokenFile ? readFileSync(s.tokenFile, "utf8").trim() : undefined;
    const api = (await import("./secrets-client.js")).SECRETS_API;
    this.api = api;
    const { SecretsClient } = api;
    return new SecretsClient({
      ...(s.address ? { address: s.address } : {}),
      ...(s.namespace ? { namespace: s.namespace } : {}),
      ...(token ? { token } : {}),
      ...(this.host.env ? { env: this.host.env } : {}),
      ...(this.host.homeDir ? { homeDir: this.host.homeDir } : {}),
      timeoutMs: s.timeoutMs,
      retry: { maxRetries: 0 },
    });
  }

  /** The cached lookup of `key` without outage handling (the online checks report errors as findings). */
  cached<T>(key: string, fetch: (signal: AbortSignal) => Promise<T>): Promise<T> {
    return this.cache.get(key, fetch);
  }

  /**
   * Runs a lookup through the cache; on failure reports the outage (once) and returns undefined; a success
   * ends an outage. Cancellation returns undefined silently.
   */
  async lookup<T>(
    key: string,
    fetch: (client: SecretsClient, signal: AbortSignal) => Promise<T>,
    token?: CancellationToken,
  ): Promise<T | undefined> {
    try {
      const client = await this.clientOrThrow();
      const started = this.cache.fetches;
      const value = await this.cache.get(key, (signal) => fetch(client, signal), token);
      // Only a fresh answer ends an outage of the service itself; a refused token stays reported.
      const fresh = this.cache.fetches > started;
      if (fresh) this.host.status?.({ state: "connected", address: this.address() });
      if (fresh && this.current.state === "down" && OUTAGES.has(this.current.problem.kind))
        this.setStatus({ state: "up" });
      return value;
    } catch (error) {
      if (error instanceof LookupCancelled) return undefined;
      this.report(error);
      return undefined;
    }
  }

  /** Reports a failure: a message when an outage starts or its kind changes, nothing while it lasts. */
  report(error: unknown): void {
    const problem = serviceProblemOf(error, this.address(), this.api);
    this.host.status?.({ state: problem.kind, address: this.address(), message: problem.message });
    if (this.current.state === "down" && this.current.problem.kind === problem.kind) return;
    this.setStatus({ state: "down", problem });
  }

  private setStatus(status: SecretsServiceStatus): void {
    const before = this.current;
    if (before.state === "up" && status.state === "up") return;
    this.current = status;
    if (status.state === "down") {
      this.host.showMessage(
        status.problem.kind === "failed" ? MessageType.Error : MessageType.Warning,
        status.problem.message,
      );
      this.host.log(status.problem.message);
    } else {
      const message = `enginekit: the secrets service at ${this.address()} answers again. Secret completion is back on.`;
      this.host.showMessage(MessageType.Info, message);
      this.host.log(message);
    }
    for (const listener of this.listeners) listener(status);
  }

  /**
   * What a secret looks like without its values: its field names and whether its current version is
   * deleted; `null` when nothing is stored at the user path. The values are dropped right after the read,
   * so they are never cached, returned or logged.
   */
  shapeOf(path: string, signal: AbortSignal, client: SecretsClient): Promise<SecretShape | null> {
    return client.kv
      .read(path, { signal })
      .then((secret) =>
        secret ? { fields: secret.data ? Object.keys(secret.data) : [], deleted: secret.deleted } : null,
      );
  }

  /** The field names of the secret at a user path (`[]` when nothing is stored there; undefined on failure). */
  async fieldNames(path: string, token?: CancellationToken): Promise<string[] | undefined> {
    const shape = await this.lookup(`shape:${path}`, (c, signal) => this.shapeOf(path, signal, c), token);
    return shape === undefined ? undefined : (shape?.fields ?? []);
  }

  /** The mounts (`sys/internal/ui/mounts`); undefined on failure. */
  mounts(token?: CancellationToken): Promise<SecretsMount[] | undefined> {
    return this.lookup("mounts", (c, signal) => c.listMounts({ signal }), token);
  }

  /** The KV version of a mount (`secret/`), from the mount list or the client's preflight. */
  async kvVersionOf(mount: string, token?: CancellationToken): Promise<1 | 2 | undefined> {
    const known = (await this.mounts(token))?.find((m) => m.path === mount)?.kvVersion;
    if (known) return known;
    const preflight = await this.lookup(
      `mount:${mount}`,
      (c, signal) => c.kv.mount(mount, { signal }),
      token,
    );
    return preflight?.version;
  }
}
