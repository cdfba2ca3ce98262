import { homedir } from "node:os";
import { join } from "node:path";
import {
  type DispatcherTarget,
  readTlsFiles,
  TlsFilesError,
  type TlsOptions,
} from "../../transport/index.js";
import { DEFAULT_ENGINE_HOST, type EngineAddress, parseEngineAddress } from "./address.js";
import { EngineConfigError } from "./errors.js";

/** How to reach the engine; every field falls back to the environment, then to the default. */
export interface EngineConnectionOptions {
  /** `unix:///path` or `tcp://host:port`. Default: `ENGINE_HOST`, else {@link DEFAULT_ENGINE_HOST}. */
  host?: string;
  /**
   * TLS for `tcp://` addresses. Default from the environment: enabled when `ENGINE_TLS_VERIFY` is set to
   * anything but `""`, `0` or `false`, with the files of `ENGINE_CERT_PATH` (default `~/.engine`).
   * `false` turns TLS off. Ignored for `unix://`.
   */
  tls?: false | { certPath?: string; verify?: boolean } | TlsOptions;
  /** Environment to read `ENGINE_*` from (default `process.env`). */
  env?: NodeJS.ProcessEnv;
}

/** The resolved connection: the parsed address, and what undici connects to. */
export interface EngineConnectionConfig {
  address: EngineAddress;
  /** The address as shown to users (`unix:///…`, `tcp://…`, with `(TLS)` when encrypted). */
  display: string;
  target: DispatcherTarget;
}

/**
 * Resolves connection options and the environment (`ENGINE_HOST`, `ENGINE_TLS_VERIFY`, `ENGINE_CERT_PATH`,
 * the engine CLI's conventions under the neutral names) into a dispatcher target. Reads TLS files
 * synchronously, once.
 * @throws EngineAddressError for a malformed address; EngineConfigError for unreadable TLS files.
 */
export function resolveEngineConfig(options: EngineConnectionOptions = {}): EngineConnectionConfig {
  const env = options.env ?? process.env;
  const address = parseEngineAddress(options.host ?? (env.ENGINE_HOST || DEFAULT_ENGINE_HOST));
  if (address.kind === "unix") {
    return {
      address,
      display: address.text,
      target: { origin: "http://engine", socketPath: address.socketPath },
    };
  }
  const hostPart = address.host.includes(":") ? `[${address.host}]` : address.host;
  const tls = resolveTls(options.tls, env);
  const origin = `${tls ? "https" : "http"}://${hostPart}:${address.port}`;
  const target: DispatcherTarget = { origin };
  if (tls) target.tls = tls;
  return { address, display: tls ? `${address.text} (TLS)` : address.text, target };
}

function resolveTls(option: EngineConnectionOptions["tls"], env: NodeJS.ProcessEnv): TlsOptions | undefined {
  if (option === false) return undefined;
  if (option && ("ca" in option || "cert" in option || "key" in option)) return option as TlsOptions;
  const flag = (env.ENGINE_TLS_VERIFY ?? "").trim().toLowerCase();
  const fromEnv = flag !== "" && flag !== "0" && flag !== "false";
  if (!option && !fromEnv) return undefined;
  const settings = (option ?? {}) as { certPath?: string; verify?: boolean };
  const folder = settings.certPath ?? (env.ENGINE_CERT_PATH || join(homedir(), ".engine"));
  try {
    return readTlsFiles(folder, settings.verify ?? true);
  } catch (error) {
    if (error instanceof TlsFilesError) throw new EngineConfigError(`TLS: ${error.message}`);
    throw error;
  }
}
