/**
 * Engine CLI contexts (docker CLI `cli/context/store`): a context named `N` is stored under the
 * configuration folder as `contexts/meta/<sha256(N)>/meta.json`
 * (`{"Name", "Endpoints": {"docker": {"Host", "SkipTLSVerify"}}}`), with its TLS material, when any, in
 * `contexts/tls/<sha256(N)>/docker/{ca,cert,key}.pem`. The name `default` is the context without a
 * store entry: the default address.
 */
import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { readTlsFiles, TlsFilesError, type TlsOptions } from "../../transport/index.js";
import { EngineConfigError } from "../client/errors.js";

/** The name of the built-in context (no store entry; the default address). */
export const DEFAULT_CONTEXT_NAME = "default";

/** The engine endpoint of a stored context. */
export interface EngineContext {
  name: string;
  /** The endpoint address (`unix://`, `tcp://`, `ssh://`). */
  host: string;
  /** TLS material from the context's `tls/…/docker` folder; absent when the context stores none. */
  tls: TlsOptions | undefined;
}

/** The store folder name of a context: the hex SHA-256 of its name. */
export function contextDigest(name: string): string {
  return createHash("sha256").update(name).digest("hex");
}

/**
 * Reads the context `name` from the store under `configFolder`. `source` says how it was chosen
 * (`DOCKER_CONTEXT`, `currentContext in /…/config.json`, `--context`) for messages.
 * @throws EngineConfigError naming the context, its source and the file when it does not exist, cannot be
 *   read, is malformed or has no engine endpoint.
 */
export function readEngineContext(configFolder: string, name: string, source: string): EngineContext {
  const digest = contextDigest(name);
  const file = join(configFolder, "contexts", "meta", digest, "meta.json");
  const where = `context ${JSON.stringify(name)} (from ${source})`;
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") {
      throw new EngineConfigError(`${where} does not exist: no ${file}`);
    }
    throw new EngineConfigError(`${where}: cannot read ${file} (${code ?? "error"})`);
  }
  let meta: { Endpoints?: { docker?: { Host?: unknown; SkipTLSVerify?: unknown } } };
  try {
    meta = JSON.parse(text) as typeof meta;
  } catch {
    throw new EngineConfigError(`${where}: ${file} is not valid JSON`);
  }
  const endpoint = meta?.Endpoints?.docker;
  if (typeof endpoint?.Host !== "string" || endpoint.Host === "") {
    throw new EngineConfigError(`${where}: ${file} has no engine endpoint (Endpoints.docker.Host)`);
  }
  const tlsFolder = join(configFolder, "contexts", "tls", digest, "docker");
  let tls: TlsOptions | undefined;
  if (isFolder(tlsFolder)) {
    try {
      tls = readTlsFiles(tlsFolder, endpoint.SkipTLSVerify !== true);
    } catch (error) {
      if (error instanceof TlsFilesError) throw new EngineConfigError(`${where}: TLS: ${error.message}`);
      throw error;
    }
  } else if (endpoint.SkipTLSVerify === true) {
    tls = { verify: false };
  }
  return { name, host: endpoint.Host, tls };
}

function isFolder(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
