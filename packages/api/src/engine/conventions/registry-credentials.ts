/**
 * Every registry credential the engine CLI's configuration gives (docker CLI `GetAllCredentials`), for
 * `X-Registry-Config` on `POST /build`: the `auths` entries (an `auth` field is base64 of `user:password`),
 * overlaid by the `credsStore` helper's credentials (`list`, then `get` for each), overlaid by the
 * `credHelpers` entry of each host (`get`). Values are secrets: never put in messages or logs.
 */

import { EngineConfigError } from "../client/errors.js";
import type { RegistryConfig } from "../schemas/index.js";
import type { EngineCliConfig } from "./cli-config.js";
import { helperGet, helperList } from "./credential-helpers.js";

/** Options of {@link registryCredentials}: the helpers' environment and time limit. */
export interface RegistryCredentialsOptions {
  env?: NodeJS.ProcessEnv;
  helperTimeoutMs?: number;
}

/**
 * Collects the credentials of `config` (see the module comment). Helpers run one at a time.
 * @throws EngineConfigError naming the file and host for a malformed `auth` value; CredentialHelperError
 *   naming the helper and where it was configured when one is missing, fails or prints garbage.
 */
export async function registryCredentials(
  config: EngineCliConfig,
  options: RegistryCredentialsOptions = {},
): Promise<RegistryConfig> {
  const out: RegistryConfig = {};
  for (const [host, entry] of Object.entries(config.auths))
    out[host] = decodeAuthEntry(config.file, host, entry);
  const base = {
    ...(options.env ? { env: options.env } : {}),
    ...(options.helperTimeoutMs !== undefined ? { timeoutMs: options.helperTimeoutMs } : {}),
  };
  if (config.credsStore) {
    const helper = { ...base, source: `credsStore in ${config.file}` };
    for (const host of await helperList(config.credsStore, helper)) {
      const credentials = await helperGet(config.credsStore, host, helper);
      if (credentials) out[host] = credentials;
    }
  }
  for (const [host, name] of Object.entries(config.credHelpers)) {
    const credentials = await helperGet(name, host, { ...base, source: `credHelpers in ${config.file}` });
    if (credentials) out[host] = credentials;
  }
  return out;
}

function decodeAuthEntry(file: string, host: string, v: Record<string, unknown>): RegistryConfig[string] {
  const entry: RegistryConfig[string] = { serveraddress: host };
  if (typeof v.auth === "string" && v.auth !== "") {
    const decoded = Buffer.from(v.auth, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) {
      throw new EngineConfigError(`${file}: the "auth" value for ${host} is not base64 of user:password`);
    }
    entry.username = decoded.slice(0, colon);
    entry.password = decoded.slice(colon + 1);
  }
  if (typeof v.username === "string") entry.username = v.username;
  if (typeof v.password === "string") entry.password = v.password;
  if (typeof v.identitytoken === "string") entry.identitytoken = v.identitytoken;
  return entry;
}
