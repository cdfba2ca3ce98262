/**
 * The clients of `enginekit lint --online` (docs/lint.md "Online checks"): the engine's, for base images'
 * platforms, and the secrets service's, for manifests' `svc:` references. The lint action imports this
 * module only with `--online`, so a lint without it never loads undici or the api's answer schemas (the
 * bundle test checks it). Importing `EngineClient` and `SecretsClient` statically here, in a module of
 * the lint action's own, rather than a dynamic `import()` of the `@enginekit/api` root, keeps the other
 * commands' chunks small: such an import makes the bundler treat every api export as used (measured
 * without it: `secrets ls` loads 56 chunks, 3.66 MB, instead of 31, 3.28 MB; `engine info` 54 chunks,
 * 2.73 MB, instead of 27, 1.62 MB; docs/architecture.md "Start-up").
 */
import { existsSync } from "node:fs";
import { EngineClient, SecretsClient } from "@enginekit/api";
import { CliError, ExitCode } from "../errors.js";
import type { CliIo } from "../io.js";
import { keepHttpParserOnBaselineTier } from "./http-parser-tier.js";
import { projectClientEnvironment } from "./project-network.js";

function usage(message: string): CliError {
  return new CliError(message, ExitCode.usage);
}

/** The clients of `--online`: the secrets service's (when its address is set) and the engine's. */
export interface OnlineClients {
  secrets: SecretsClient | undefined;
  engine: EngineClient;
  close(): Promise<void>;
}

/**
 * The clients for `--online`: the engine named by ENGINE_HOST/DOCKER_HOST (or the default socket), whose
 * image platforms feed invalid-base-image-platform (an engine that does not answer leaves that check
 * silent), and the secrets service named by the SVC_ and VAULT_ variables and the configuration's
 * `secrets:`; without its address the manifests' `svc:` references are not checked, and a notice says so.
 */
export async function onlineClients(io: CliIo): Promise<OnlineClients> {
  const env = await projectClientEnvironment(io, { secrets: true });
  keepHttpParserOnBaselineTier();
  let engine: EngineClient;
  try {
    engine = new EngineClient({ env, timeoutMs: ONLINE_ENGINE_TIMEOUT_MS, negotiate: false });
  } catch (error) {
    throw usage(`--online: ${error instanceof Error ? error.message : String(error)}`);
  }
  let secrets: SecretsClient | undefined;
  if (env.SVC_ADDR || env.VAULT_ADDR) secrets = await secretsClient(env);
  else if (!engineNamed(env)) {
    await engine.close();
    throw usage(
      "--online needs a service to ask: set SVC_ADDR or VAULT_ADDR (and a token) for the secrets service, or ENGINE_HOST or DOCKER_HOST for the engine",
    );
  } else
    io.stderr(
      "notice: --online: no secrets service address (SVC_ADDR or VAULT_ADDR): svc: references are not checked\n",
    );
  return {
    secrets,
    engine,
    async close() {
      await Promise.all([secrets?.close(), engine.close()]);
    },
  };
}

/**
 * True when the environment names an engine (ENGINE_HOST, DOCKER_HOST, DOCKER_CONTEXT) or one of the
 * default sockets exists: `--online` then has an engine to ask even without a secrets service.
 */
function engineNamed(env: NodeJS.ProcessEnv): boolean {
  if (env.ENGINE_HOST || env.DOCKER_HOST || env.DOCKER_CONTEXT) return true;
  return ["/var/run/engine.sock", "/var/run/docker.sock"].some((p) => existsSync(p));
}

/** How long `--online` waits for each engine answer (an image's platform, the engine's version). */
const ONLINE_ENGINE_TIMEOUT_MS = 10_000;

/** The secrets reader for `--online`, from the SVC_ and VAULT_ variables and the configuration's `secrets:` (never a token there). */
async function secretsClient(env: NodeJS.ProcessEnv): Promise<SecretsClient> {
  try {
    return new SecretsClient({ env, interactive: true });
  } catch (error) {
    throw usage(`--online: ${error instanceof Error ? error.message : String(error)}`);
  }
}
