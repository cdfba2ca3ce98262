/**
 * Registry credentials for `X-Registry-Config` (engine §5, research §5.3): from a credentials file in
 * the engine CLI's `config.json` format (`{"auths": {"<host>": {"auth": base64("user:pass"), …}}}`) and
 * from the secrets service (`<host>=svc:<api path>` entries whose secret holds `username` and
 * `password`). Values are secrets: they are never put in messages or logs.
 */
import { readFile } from "node:fs/promises";
import type { RegistryConfig, SecretsClient } from "@enginekit/api";

/** Credentials that cannot be loaded. Messages name files, hosts and paths, never values. */
export class RegistryCredentialsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RegistryCredentialsError";
  }
}

type AuthEntry = RegistryConfig[string];

/**
 * Reads a `config.json`-style credentials file into a registry config map (key = registry host as
 * written in the file). An `auth` field is decoded into `username`/`password`; `identitytoken` is kept.
 * Credential helpers (`credsStore`, `credHelpers`) are not run.
 * @throws RegistryCredentialsError for an unreadable file or malformed content.
 */
export async function readCredentialsFile(path: string): Promise<RegistryConfig> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new RegistryCredentialsError(
      `cannot read the credentials file ${path} (${(error as NodeJS.ErrnoException).code})`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new RegistryCredentialsError(`the credentials file ${path} is not JSON`);
  }
  const auths = (parsed as { auths?: unknown } | null)?.auths;
  if (auths === undefined) return {};
  if (typeof auths !== "object" || auths === null) {
    throw new RegistryCredentialsError(`${path}: "auths" must be an object`);
  }
  const out: RegistryConfig = {};
  for (const [host, value] of Object.entries(auths)) {
    if (typeof value !== "object" || value === null) {
      throw new RegistryCredentialsError(`${path}: the entry for ${host} must be an object`);
    }
    const v = value as Record<string, unknown>;
    const entry: AuthEntry = { serveraddress: host };
    if (typeof v.auth === "string" && v.auth !== "") {
      const decoded = Buffer.from(v.auth, "base64").toString("utf8");
      const colon = decoded.indexOf(":");
      if (colon < 0)
        throw new RegistryCredentialsError(
          `${path}: the "auth" value for ${host} is not base64 of user:password`,
        );
      entry.username = decoded.slice(0, colon);
      entry.password = decoded.slice(colon + 1);
    }
    if (typeof v.username === "string") entry.username = v.username;
    if (typeof v.password === "string") entry.password = v.password;
    if (typeof v.identitytoken === "string") entry.identitytoken = v.identitytoken;
    out[host] = entry;
  }
  return out;
}

/** One `--registry-auth <host>=svc:<path>` request. */
export interface SecretRegistryAuth {
  host: string;
  /** API path of the secret below `/v1/`, e.g. `secret/data/ci/registry` (KV v2) or `kv/ci/registry` (v1). */
  path: string;
}

/** Parses `<host>=svc:<path>`. @throws RegistryCredentialsError */
export function parseSecretRegistryAuth(value: string): SecretRegistryAuth {
  const m = /^([^=\s]+)=svc:([^#\s]+)$/.exec(value.trim());
  if (!m)
    throw new RegistryCredentialsError(
      `--registry-auth ${JSON.stringify(value)}: expected <host>=svc:<path>`,
    );
  return { host: m[1]!, path: m[2]!.replace(/^\/+/, "") };
}

/**
 * Reads `username` and `password` for each request through `client` (a raw `GET` of the API path, so
 * KV v1 `{data}` and KV v2 `{data: {data}}` bodies both work).
 * @throws RegistryCredentialsError naming the host and path when the secret is missing or lacks a field.
 */
export async function readSecretRegistryAuth(
  client: Pick<SecretsClient, "request">,
  requests: readonly SecretRegistryAuth[],
  signal?: AbortSignal,
): Promise<RegistryConfig> {
  const out: RegistryConfig = {};
  for (const { host, path } of requests) {
    const res = await client.request("GET", path, { accept: [404], ...(signal ? { signal } : {}) });
    const body = res.body as
      | { data?: { data?: unknown; metadata?: unknown } | Record<string, unknown> }
      | undefined;
    if (res.status === 404 || !body?.data)
      throw new RegistryCredentialsError(`no secret at svc:${path} (for ${host})`);
    const data = (
      "metadata" in body.data && typeof body.data.data === "object" ? body.data.data : body.data
    ) as Record<string, unknown> | null;
    const username = data?.username;
    const password = data?.password;
    if (typeof username !== "string" || typeof password !== "string") {
      throw new RegistryCredentialsError(
        `the secret svc:${path} (for ${host}) needs string fields username and password`,
      );
    }
    out[host] = { username, password, serveraddress: host };
  }
  return out;
}
