/** The implementation of `enginekit secrets`, loaded only when the command runs (start-up time). */
import {
  SecretsApiError,
  SecretsClient,
  SecretsConnectionError,
  SecretsProtocolError,
  SecretsUsageError,
} from "@enginekit/api";
import {
  clientEnvironment,
  DEMO_SEED_FILE,
  formatClientEnvironment,
  removeClientFiles,
  SeedError,
  startDevServer,
} from "@enginekit/secrets-dev-server";
import { CliError, ExitCode } from "../errors.js";
import type { CliIo } from "../io.js";
import { durationFlag } from "./duration-flag.js";
import { keepHttpParserOnBaselineTier } from "./http-parser-tier.js";
import { projectClientEnvironment } from "./project-network.js";

/**
 * Lists `path` with a {@link SecretsClient} configured from `--namespace`/`--timeout`, the environment and
 * the project configuration's `secrets:` (in that order; see project-network.ts). A path of `/` (or empty)
 * lists the mounts. An empty or missing folder is an empty list.
 * @throws CliError: exit 2 for bad configuration, 3 for service errors.
 */
export async function listSecrets(
  io: CliIo,
  path: string,
  options: { namespace?: string | undefined; timeout?: string | undefined },
): Promise<string[]> {
  let client: SecretsClient;
  const timeoutMs = durationFlag("--timeout", options.timeout);
  const env = await projectClientEnvironment(io, { secrets: true });
  keepHttpParserOnBaselineTier();
  try {
    client = new SecretsClient({
      env,
      namespace: options.namespace,
      ...(timeoutMs !== undefined ? { timeoutMs } : {}),
      // A person is waiting: the client's interactive time limits (research secrets-anchors §6).
      interactive: true,
    });
  } catch (error) {
    throw toCliError(error);
  }
  try {
    if (path.replace(/\/+/g, "") === "") return (await client.listMounts()).map((m) => m.path);
    return await client.kv.list(path);
  } catch (error) {
    throw toCliError(error);
  } finally {
    await client.close();
  }
}

/** Maps secrets-client errors to one-line {@link CliError}s (their messages are already redacted). */
function toCliError(error: unknown): Error {
  if (error instanceof SecretsUsageError) return new CliError(error.message, ExitCode.usage);
  if (
    error instanceof SecretsApiError ||
    error instanceof SecretsConnectionError ||
    error instanceof SecretsProtocolError
  ) {
    return new CliError(`secrets service: ${error.message}`, ExitCode.unavailable);
  }
  return error instanceof Error ? error : new Error(String(error));
}

/** Starts the dev server, prints how to reach it, and resolves when SIGINT/SIGTERM stop it. */
export async function runDevServer(
  io: CliIo,
  options: { port: string; seed?: string | boolean; tls?: boolean },
): Promise<void> {
  const port = Number(options.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new CliError(`--port must be a TCP port number (0-65535), got "${options.port}"`, ExitCode.usage);
  }
  const seed = options.seed === true ? DEMO_SEED_FILE : options.seed || undefined;
  let server: Awaited<ReturnType<typeof startDevServer>>;
  try {
    server = await startDevServer({ port, seed, tls: options.tls === true });
  } catch (error) {
    if (error instanceof SeedError) throw new CliError(error.message, ExitCode.usage);
    throw new CliError(
      `cannot start the secrets dev server: ${(error as Error).message}`,
      ExitCode.unavailable,
    );
  }
  io.stderr(
    `secrets dev server on ${server.address} (KV v2 at secret/, KV v1 at kv/${seed ? `, seed ${seed}` : ""}); Ctrl-C stops it\n`,
  );
  const env = clientEnvironment(server);
  io.stdout(formatClientEnvironment(env));
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  await server.close();
  removeClientFiles(env);
  io.stderr("secrets dev server stopped\n");
}
