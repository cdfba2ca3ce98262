/** The implementation of `enginekit engine`, loaded only when the command runs (start-up time). */
import {
  EngineAddressError,
  EngineApiError,
  EngineClient,
  EngineConfigError,
  EngineConnectionError,
  EngineError,
  EngineTimeoutError,
  EngineVersionError,
} from "@enginekit/api";
import { escapeForTerminal } from "@enginekit/lint/files";
import { CliError, ExitCode } from "../errors.js";
import type { CliIo } from "../io.js";
import { keepHttpParserOnBaselineTier } from "./http-parser-tier.js";

/** What to do when no engine answers (printed after the address). */
export const START_ENGINE_HINT = "start one with tools/engine/start.sh, or set ENGINE_HOST";

/** How long `engine info` waits for each answer, in milliseconds. */
const INFO_TIMEOUT_MS = 10_000;

/** The facts `enginekit engine info` prints (also its `--json` output). */
export interface EngineInfoReport {
  address: string;
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
export async function engineInfo(io: CliIo, host: string | undefined): Promise<EngineInfoReport> {
  let client: EngineClient;
  keepHttpParserOnBaselineTier();
  try {
    client = new EngineClient({
      env: io.env,
      timeoutMs: INFO_TIMEOUT_MS,
      onWarning: () => {},
      ...(host ? { host } : {}),
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
  if (error instanceof EngineConnectionError) {
    const code = error.code ? ` (${error.code})` : "";
    return new CliError(`no engine answers at ${address}${code}: ${START_ENGINE_HINT}`, ExitCode.unavailable);
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
    ["Address", report.address],
  );
  const width = Math.max(...lines.map(([label]) => label.length)) + 1;
  return lines.map(([label, value]) => `${`${label}:`.padEnd(width)} ${escapeForTerminal(value)}\n`).join("");
}
