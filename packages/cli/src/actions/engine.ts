/** The implementation of `enginekit engine`, loaded only when the command runs (start-up time). */
import {
  EngineAddressError,
  EngineApiError,
  EngineClient,
  type EngineClientOptions,
  EngineConfigError,
  EngineConnectionError,
  EngineError,
  EngineTimeoutError,
  EngineVersionError,
} from "@enginekit/api";
import { escapeForTerminal } from "@enginekit/node-io";
import { CliError, ExitCode } from "../errors.js";
import type { CliIo } from "../io.js";
import { durationFlag } from "./duration-flag.js";
import { keepHttpParserOnBaselineTier } from "./http-parser-tier.js";
import { projectClientEnvironment } from "./project-network.js";

/**
 * What to do when no engine answers (printed after the address): advice that holds wherever enginekit is
 * installed (no script of this repository), with the default sockets it tried.
 */
const START_ENGINE_HINT =
  "start the engine (or Docker), or set ENGINE_HOST or DOCKER_HOST to its address (with neither set, /var/run/engine.sock, else /var/run/docker.sock)";

/** The engine time-limit flags shared by `engine` and `build` (durations: `10s`, `2m`, `500ms`, seconds). */
export interface EngineTimeoutFlags {
  connectTimeout?: string;
  timeout?: string;
  idleTimeout?: string;
}

/**
 * Client options from the time-limit flags; unset flags leave the environment's (`ENGINE_*_TIMEOUT`), the
 * project configuration's (`.enginekit.yaml` `engine:`, see project-network.ts) and the client's defaults
 * in place.
 * @throws CliError (exit 2) naming the flag when a value is not a duration.
 */
export function engineTimeoutOptions(flags: EngineTimeoutFlags): Partial<EngineClientOptions> {
  const out: Partial<EngineClientOptions> = {};
  const connect = durationFlag("--connect-timeout", flags.connectTimeout);
  const answer = durationFlag("--timeout", flags.timeout);
  const idle = durationFlag("--idle-timeout", flags.idleTimeout);
  if (connect !== undefined) out.connectTimeoutMs = connect;
  if (answer !== undefined) out.timeoutMs = answer;
  if (idle !== undefined) out.idleTimeoutMs = idle;
  return out;
}

/** The facts `enginekit engine info` prints (also its `--json` output). */
export interface EngineInfoReport {
  address: string;
  /** Where the address came from: `--host`, `ENGINE_HOST`, `DOCKER_HOST`, `context "x" (…)`, `default`. */
  addressSource: string;
  engineVersion: string;
  apiVersion: string;
  engineApiMin: string | null;
  engineApiMax: string | null;
  negotiationNote: string | null;
  os: string;
  arch: string;
  kernelVersion: string;
}

/**
 * Collects the {@link EngineInfoReport}: negotiates the API version, then reads `GET /version`.
 * @throws CliError with exit code 2 (configuration) or 3 (engine unreachable or failing).
 */
export async function engineInfo(
  io: CliIo,
  choice: { host?: string | undefined; context?: string | undefined } & EngineTimeoutFlags = {},
): Promise<EngineInfoReport> {
  let client: EngineClient;
  keepHttpParserOnBaselineTier();
  const timeouts = engineTimeoutOptions(choice);
  const env = await projectClientEnvironment(io);
  try {
    client = new EngineClient({
      env,
      ...timeouts,
      onWarning: () => {},
      ...(choice.host ? { host: choice.host } : {}),
      ...(choice.context ? { context: choice.context } : {}),
    });
  } catch (error) {
    if (error instanceof EngineAddressError || error instanceof EngineConfigError) {
      throw new CliError(error.message, ExitCode.usage);
    }
    throw error;
  }
  try {
    const negotiated = await client.apiVersion();
    const version = await client.system.version();
    return {
      address: client.address,
      addressSource: client.addressSource,
      engineVersion: String(version.Version ?? "unknown"),
      apiVersion: negotiated.version,
      engineApiMin: negotiated.engineMin ?? null,
      engineApiMax: negotiated.engineMax ?? null,
      negotiationNote: negotiated.note ?? null,
      os: String(version.Os ?? "unknown"),
      arch: String(version.Arch ?? "unknown"),
      kernelVersion: String(version.KernelVersion ?? "unknown"),
    };
  } catch (error) {
    throw engineFailure(error, client.address);
  } finally {
    await client.close();
  }
}

/** Maps an EngineClient failure to a one-line {@link CliError} with exit code 3 naming the address. */
export function engineFailure(error: unknown, address: string): CliError {
  if (error instanceof EngineConnectionError) return connectionFailure(error, address);
  if (error instanceof EngineTimeoutError && error.limit !== "answer") {
    return new CliError(`engine at ${address}: ${error.message}`, ExitCode.unavailable);
  }
  if (error instanceof EngineTimeoutError) {
    return new CliError(
      `the engine at ${address} did not answer within ${error.timeoutMs} ms: check that it is running`,
      ExitCode.unavailable,
    );
  }
  if (error instanceof EngineVersionError) {
    return new CliError(`engine at ${address}: ${error.message}`, ExitCode.unavailable);
  }
  if (error instanceof EngineApiError) {
    return new CliError(
      `the engine at ${address} answered ${error.status}: ${error.engineMessage || "(no message)"}`,
      ExitCode.unavailable,
    );
  }
  if (error instanceof EngineError)
    return new CliError(`engine at ${address}: ${error.message}`, ExitCode.unavailable);
  const message = error instanceof Error ? error.message : String(error);
  return new CliError(`engine at ${address}: ${message}`, ExitCode.unavailable);
}

/** Connection codes meaning "nothing listens there". */
const NOTHING_THERE = new Set([
  "ECONNREFUSED",
  "ENOENT",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);
/** Connection codes meaning "the connection broke after it was made". */
const CONNECTION_BROKE = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "ECONNABORTED"]);

/** One line for a connection failure: nothing there, a broken connection, TLS, ssh, or the cause. */
function connectionFailure(error: EngineConnectionError, address: string): CliError {
  const code = error.code ?? "";
  const cause = error.cause instanceof Error ? error.cause.message : "";
  if (NOTHING_THERE.has(code)) {
    return new CliError(
      `no engine answers at ${address} (${code}): ${START_ENGINE_HINT}`,
      ExitCode.unavailable,
    );
  }
  if (CONNECTION_BROKE.has(code)) {
    return new CliError(
      `the engine at ${address} closed the connection (${code}) before the request finished`,
      ExitCode.unavailable,
    );
  }
  if (code === "UND_ERR_CONNECT_TIMEOUT") {
    return new CliError(
      `connecting to the engine at ${address} timed out: check the address`,
      ExitCode.unavailable,
    );
  }
  if (
    code === "EPROTO" ||
    code.startsWith("ERR_TLS") ||
    code.startsWith("ERR_SSL") ||
    /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)
  ) {
    // OpenSSL's own text spans lines and names source files: the code says it in one word.
    const reason = /WRONG_VERSION_NUMBER|EPROTO/.test(code)
      ? "the server does not speak TLS"
      : (cause.split("\n")[0] ?? "").trim();
    return new CliError(
      `TLS with the engine at ${address} failed (${code}): ${reason}; check ENGINE_CERT_PATH/DOCKER_CERT_PATH and the address`,
      ExitCode.unavailable,
    );
  }
  if (code === "ESSH")
    return new CliError(`cannot reach the engine at ${address}: ${cause}`, ExitCode.unavailable);
  return new CliError(error.message, ExitCode.unavailable);
}

/** Formats the report as aligned `label: value` lines (the engine's values with control characters escaped). */
export function formatEngineInfo(report: EngineInfoReport): string {
  const range = report.engineApiMax
    ? ` (engine supports ${report.engineApiMin ?? "?"}–${report.engineApiMax})`
    : "";
  const lines: [string, string][] = [
    ["Engine version", report.engineVersion],
    ["API version", `${report.apiVersion}${range}`],
  ];
  if (report.negotiationNote) lines.push(["Note", report.negotiationNote]);
  lines.push(
    ["OS/Arch", `${report.os}/${report.arch}`],
    ["Kernel", report.kernelVersion],
    ["Address", `${report.address} (${report.addressSource})`],
  );
  const width = Math.max(...lines.map(([label]) => label.length)) + 1;
  return lines.map(([label, value]) => `${`${label}:`.padEnd(width)} ${escapeForTerminal(value)}\n`).join("");
}
