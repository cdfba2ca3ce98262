/**
 * Connection settings of the EngineClient: `resolveEngineConfig` turns the options, the `ENGINE_*`/`DOCKER_*`
 * variables and the engine CLI's contexts into a parsed address, TLS files and the undici dispatcher target
 * (unix socket, TCP with or without TLS, or `ssh`), as the docker CLI resolves `--host`, `--context` and
 * `--tls*`.
 */
import type { DispatcherTarget, TlsOptions } from "../../transport/index.js";
import { readCertificateFolder, resolveEngineSettings } from "../conventions/environment.js";
import { type EngineAddress, parseEngineAddress } from "./address.js";

/** How to reach the engine; every field falls back to the environment, then to the default. */
export interface EngineConnectionOptions {
  /**
   * `unix:///path`, `tcp://host:port` or `ssh://[user@]host[:port]`. Default: `ENGINE_HOST`, `DOCKER_HOST`,
   * the current context, else the first existing of `DEFAULT_ENGINE_HOSTS` (see `resolveEngineSettings`).
   */
  host?: string;
  /** A context of the engine CLI's store to use (`--context`); ignored when `host` or an address variable is set. */
  context?: string;
  /**
   * TLS for `tcp://` addresses. Default from the environment (`ENGINE_TLS_VERIFY`/`DOCKER_TLS_VERIFY` with
   * the files of `ENGINE_CERT_PATH`/`DOCKER_CERT_PATH`) or the context. `false` turns TLS off. Ignored for
   * `unix://` and `ssh://`.
   */
  tls?: false | { certPath?: string; verify?: boolean } | TlsOptions;
  /** Milliseconds opening a connection may take (TCP + TLS handshake, or `ssh`'s `ConnectTimeout`); default 10,000. */
  connectTimeoutMs?: number;
  /** Environment to read `ENGINE_*`/`DOCKER_*` from (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** Home directory for `~/.docker`/`~/.engine` (default `os.homedir()`). */
  homeDir?: string;
}

/** The resolved connection: the parsed address, and what undici connects to. */
export interface EngineConnectionConfig {
  address: EngineAddress;
  /** The address as shown to users (`unix:///…`, `tcp://…`, with `(TLS)` when encrypted). */
  display: string;
  /** Where the address came from (`--host`, `ENGINE_HOST`, `DOCKER_HOST`, `context "x" (…)`, `default`). */
  source: string;
  target: DispatcherTarget;
}

/**
 * Resolves connection options and the environment (see `resolveEngineSettings` for the order of
 * `ENGINE_*`, `DOCKER_*` and contexts) into a dispatcher target. Reads files synchronously, once.
 * @throws EngineAddressError for a malformed address (naming its source); EngineConfigError for an
 *   unreadable `config.json`, a missing context, or a missing/unreadable certificate folder or file.
 */
export function resolveEngineConfig(options: EngineConnectionOptions = {}): EngineConnectionConfig {
  const settings = resolveEngineSettings({
    host: options.host,
    context: options.context,
    env: options.env,
    homeDir: options.homeDir,
  });
  const address = parseEngineAddress(
    settings.host,
    settings.source === "default" ? undefined : settings.source,
  );
  const base = { address, source: settings.source };
  const connectTimeout =
    options.connectTimeoutMs !== undefined ? { connectTimeoutMs: options.connectTimeoutMs } : {};
  if (address.kind === "unix") {
    return {
      ...base,
      display: address.text,
      target: { origin: "http://engine", socketPath: address.socketPath, ...connectTimeout },
    };
  }
  if (address.kind === "ssh") {
    return {
      ...base,
      display: address.text,
      target: {
        origin: "http://engine",
        ssh: { host: address.host, user: address.user, port: address.port, env: options.env },
        ...connectTimeout,
      },
    };
  }
  const hostPart = address.host.includes(":") ? `[${address.host}]` : address.host;
  const tls = resolveTls(options.tls, settings.tls);
  const origin = `${tls ? "https" : "http"}://${hostPart}:${address.port}`;
  const target: DispatcherTarget = { origin, ...connectTimeout };
  if (tls) target.tls = tls;
  return { ...base, display: tls ? `${address.text} (TLS)` : address.text, target };
}

function resolveTls(
  option: EngineConnectionOptions["tls"],
  fromEnvironment: (() => TlsOptions) | undefined,
): TlsOptions | undefined {
  if (option === false) return undefined;
  if (option && ("ca" in option || "cert" in option || "key" in option)) return option as TlsOptions;
  const settings = option as { certPath?: string; verify?: boolean } | undefined;
  if (settings?.certPath !== undefined) {
    return readCertificateFolder(settings.certPath, settings.certPath, settings.verify ?? true);
  }
  const tls = fromEnvironment?.();
  if (tls) return settings?.verify !== undefined ? { ...tls, verify: settings.verify } : tls;
  // `tls: {}` or `{ verify }` with no certificate settings anywhere: TLS with Node's trust store.
  if (settings) return { verify: settings.verify ?? true };
  return undefined;
}
