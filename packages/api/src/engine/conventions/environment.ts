/**
 * The one resolver of where and how to reach the engine (ARCHITECTURE "Names"): the project's own names
 * first, then the engine CLI's (docker CLI `cli/flags`, `cli/command/cli.go` `resolveContextName`):
 *
 * - address: the `host` option (`--host`) › `ENGINE_HOST` › `DOCKER_HOST` › the `context` option
 *   (`--context`) › `DOCKER_CONTEXT` › `currentContext` of `config.json` › the default socket: the first
 *   of `/var/run/engine.sock` and `/var/run/docker.sock` that exists (`DEFAULT_ENGINE_HOSTS`), else the
 *   first. As in the engine CLI, an address variable wins over a context variable; the context `default`
 *   is the default address.
 * - TLS (tcp only): a context's own TLS material, else `ENGINE_TLS_VERIFY` (on unless `""`, `0`, `false`)
 *   or, when unset, `DOCKER_TLS_VERIFY` (on when non-empty, as in the engine CLI), with the files of
 *   `ENGINE_CERT_PATH` › `DOCKER_CERT_PATH` › `~/.engine` (or `~/.docker` for `DOCKER_TLS_VERIFY`). A
 *   missing or unreadable certificate folder is an error naming the variable and the folder.
 * - API version: `ENGINE_API_VERSION` › `DOCKER_API_VERSION` pins the version (no negotiation).
 *
 * Everything is read synchronously, once, when a client is constructed; nothing is read that the chosen
 * address does not need (`config.json` only when no address variable is set).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { parseDurationMs } from "@enginekit/text";
import { readTlsFiles, TlsFilesError, type TlsOptions } from "../../transport/index.js";
import { DEFAULT_ENGINE_HOSTS, parseEngineAddress } from "../client/address.js";
import { EngineConfigError } from "../client/errors.js";
import { cliConfigFolder, readCliConfig } from "./cli-config.js";
import { DEFAULT_CONTEXT_NAME, readEngineContext } from "./contexts.js";

/** What the resolver reads: explicit choices (flags) and the environment. */
export interface EngineSettingsInput {
  /** An explicit address (`--host`); wins over everything. */
  host?: string | undefined;
  /** An explicit context name (`--context`); wins over `DOCKER_CONTEXT` and `currentContext`. */
  context?: string | undefined;
  /** Environment (default `process.env`). */
  env?: NodeJS.ProcessEnv | undefined;
  /** Home directory for `~/.docker` and `~/.engine` (default `os.homedir()`). */
  homeDir?: string | undefined;
  /**
   * The `unix://` addresses tried, in order, when nothing names one (default {@link DEFAULT_ENGINE_HOSTS}):
   * the first whose socket exists is used, else the first.
   */
  defaultHosts?: readonly string[] | undefined;
}

/** Where the address came from, and the TLS settings that go with it. */
export interface EngineSettings {
  /** The address text (parse it with `parseEngineAddress`). */
  host: string;
  /** Where `host` came from: `--host`, `ENGINE_HOST`, `DOCKER_HOST`, `context "x" (DOCKER_CONTEXT)`, `default`. */
  source: string;
  /**
   * TLS for a tcp address: `undefined` when the environment asks for none; a lazy reader otherwise (the
   * certificate folder is read only if the address is tcp).
   */
  tls: (() => TlsOptions) | undefined;
}

/** A pinned API version and the variable it came from. */
export interface PinnedApiVersion {
  version: string;
  source: string;
}

/**
 * Resolves the engine address and its TLS settings (see the module comment for the order).
 * @throws EngineConfigError for an unreadable `config.json`, a context that does not exist or is malformed.
 */
export function resolveEngineSettings(input: EngineSettingsInput = {}): EngineSettings {
  const env = input.env ?? process.env;
  const home = input.homeDir ?? (env.HOME || homedir());
  if (input.host) return { host: input.host, source: "--host", tls: envTls(env, home) };
  if (env.ENGINE_HOST) return { host: env.ENGINE_HOST, source: "ENGINE_HOST", tls: envTls(env, home) };
  if (env.DOCKER_HOST) return { host: env.DOCKER_HOST, source: "DOCKER_HOST", tls: envTls(env, home) };
  const { folder } = cliConfigFolder(env, home);
  let name: string | undefined;
  let source: string;
  if (input.context) {
    name = input.context;
    source = "--context";
  } else if (env.DOCKER_CONTEXT) {
    name = env.DOCKER_CONTEXT;
    source = "DOCKER_CONTEXT";
  } else {
    const config = readCliConfig(folder);
    name = config?.currentContext;
    source = `currentContext in ${config?.file}`;
  }
  if (!name || name === DEFAULT_CONTEXT_NAME) {
    return {
      host: defaultHost(input.defaultHosts ?? DEFAULT_ENGINE_HOSTS),
      source: "default",
      tls: envTls(env, home),
    };
  }
  const context = readEngineContext(folder, name, source);
  const tls = context.tls;
  return {
    host: context.host,
    source: `context ${JSON.stringify(name)} (${source})`,
    tls: tls ? () => tls : undefined,
  };
}

/**
 * The first of `hosts` (`unix://` addresses) whose socket path exists, else the first: the engine's socket,
 * then the Docker engine's, as the engine CLI finds `/var/run/docker.sock` with nothing set.
 */
function defaultHost(hosts: readonly string[]): string {
  const found = hosts.find((host) => {
    const address = parseEngineAddress(host);
    return address.kind === "unix" && existsSync(address.socketPath);
  });
  return found ?? hosts[0]!;
}

/**
 * The TLS settings the environment asks for, as a lazy reader, or `undefined` for plain HTTP.
 * @throws EngineConfigError (from the reader) naming the variable and the folder.
 */
function envTls(env: NodeJS.ProcessEnv, home: string): (() => TlsOptions) | undefined {
  const engineFlag = env.ENGINE_TLS_VERIFY?.trim();
  let variable: string;
  let verify: boolean;
  let defaultFolder: string;
  if (engineFlag !== undefined && engineFlag !== "") {
    variable = "ENGINE_TLS_VERIFY";
    verify = !["0", "false"].includes(engineFlag.toLowerCase());
    if (!verify) return undefined;
    defaultFolder = join(home, ".engine");
  } else if (env.DOCKER_TLS_VERIFY) {
    variable = "DOCKER_TLS_VERIFY";
    verify = true;
    defaultFolder = join(home, ".docker");
  } else {
    return undefined;
  }
  const folderVariable = env.ENGINE_CERT_PATH
    ? "ENGINE_CERT_PATH"
    : env.DOCKER_CERT_PATH
      ? "DOCKER_CERT_PATH"
      : undefined;
  const folder = folderVariable ? env[folderVariable]! : defaultFolder;
  const named = folderVariable
    ? `${folderVariable}=${folder}`
    : `${folder} (the default certificate folder; ${variable} is set)`;
  return () => readCertificateFolder(folder, named, verify);
}

/**
 * Reads `ca.pem`, `cert.pem`, `key.pem` of a certificate folder that must exist and be readable.
 * @throws EngineConfigError naming the folder as `named`.
 */
export function readCertificateFolder(folder: string, named: string, verify: boolean): TlsOptions {
  try {
    if (!statSync(folder).isDirectory()) throw new EngineConfigError(`TLS: ${named} is not a folder`);
    readdirSync(folder);
  } catch (error) {
    if (error instanceof EngineConfigError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === "ENOENT" ? "does not exist" : `cannot be read (${code ?? "error"})`;
    throw new EngineConfigError(`TLS: the certificate folder ${named} ${reason}`);
  }
  try {
    return readTlsFiles(folder, verify);
  } catch (error) {
    if (error instanceof TlsFilesError) throw new EngineConfigError(`TLS: ${error.message}`);
    throw error;
  }
}

/**
 * The API version pinned by `ENGINE_API_VERSION`, else `DOCKER_API_VERSION` (the engine CLI's), if any.
 * @throws EngineConfigError naming the variable when the value is not `<major>.<minor>`.
 */
export function pinnedApiVersion(env: NodeJS.ProcessEnv = process.env): PinnedApiVersion | undefined {
  for (const source of ["ENGINE_API_VERSION", "DOCKER_API_VERSION"]) {
    const version = env[source]?.trim();
    if (!version) continue;
    if (!/^\d+\.\d+$/.test(version)) {
      throw new EngineConfigError(`${source}=${JSON.stringify(version)} is not a version like 1.24`);
    }
    return { version, source };
  }
  return undefined;
}

/** Time limits set in the environment; each unset one is absent (the client's default applies). */
export interface EngineTimeoutSettings {
  connectTimeoutMs?: number;
  timeoutMs?: number;
  idleTimeoutMs?: number;
}

/**
 * Reads `ENGINE_CONNECT_TIMEOUT`, `ENGINE_TIMEOUT` (else the engine tools' `DOCKER_CLIENT_TIMEOUT`) and
 * `ENGINE_IDLE_TIMEOUT`: durations such as `10s`, `2m`, `500ms`, or a number of seconds; `0` is no limit.
 * @throws EngineConfigError naming the variable when a value is not a duration.
 */
export function engineTimeoutSettings(env: NodeJS.ProcessEnv = process.env): EngineTimeoutSettings {
  const out: EngineTimeoutSettings = {};
  const read = (names: string[]): number | undefined => {
    for (const name of names) {
      const text = env[name]?.trim();
      if (!text) continue;
      const ms = parseDurationMs(text);
      if (ms === undefined) {
        throw new EngineConfigError(
          `${name}=${JSON.stringify(text)} is not a duration like 10s, 2m or 500ms`,
        );
      }
      return ms;
    }
    return undefined;
  };
  const connect = read(["ENGINE_CONNECT_TIMEOUT"]);
  const answer = read(["ENGINE_TIMEOUT", "DOCKER_CLIENT_TIMEOUT"]);
  const idle = read(["ENGINE_IDLE_TIMEOUT"]);
  if (connect !== undefined) out.connectTimeoutMs = connect;
  if (answer !== undefined) out.timeoutMs = answer;
  if (idle !== undefined) out.idleTimeoutMs = idle;
  return out;
}
