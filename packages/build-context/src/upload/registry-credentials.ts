/**
 * Registry credentials for `X-Registry-Config` (engine §5, research §5.3): from a credentials file in
 * the engine CLI's `config.json` format (`auths`, and the `credsStore`/`credHelpers` credential helpers,
 * read by `@enginekit/api`'s `registryCredentials`) and from the secrets service
 * (`<host>=svc:<api path>` entries whose secret holds `username` and `password`). Values are secrets:
 * they are never put in messages or logs.
 */
import { readFile } from "node:fs/promises";
import {
  CredentialHelperError,
  EngineConfigError,
  parseCliConfig,
  type RegistryConfig,
  type RegistryCredentialsOptions,
  registryCredentials,
  type SecretsClient,
} from "@enginekit/api";

/** Credentials that cannot be loaded. Messages name files, hosts, helpers and paths, never values. */
export class RegistryCredentialsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RegistryCredentialsError";
  }
}

/**
 * Reads a `config.json`-style credentials file into a registry config map (key = registry host as
 * written in the file): `auths` entries (an `auth` field decoded into `username`/`password`,
 * `identitytoken` kept), then the credentials of its `credsStore` and `credHelpers` helpers.
 * @throws RegistryCredentialsError for an unreadable file, malformed content, or a credential helper
 *   that is missing, fails or prints garbage.
 */
export async function readCredentialsFile(
  path: string,
  options: RegistryCredentialsOptions = {},
): Promise<RegistryConfig> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    throw new RegistryCredentialsError(
      `cannot read the credentials file ${path} (${(error as NodeJS.ErrnoException).code})`,
    );
  }
  try {
    return await registryCredentials(parseCliConfig(path, text), options);
  } catch (error) {
    if (error instanceof EngineConfigError || error instanceof CredentialHelperError) {
      throw new RegistryCredentialsError(error.message);
    }
    throw error;
  }
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
