/**
 * Helpers for tests, benchmarks and the demo to use a real engine (Debian's docker.io dockerd) started by
 * `tools/engine/start.sh`. `packages/` never import this; only tests, `tools/bench` and scripts do.
 */
import { execFile } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
/** Absolute path of `tools/engine` (works from `src/` and from `dist/`). */
export const engineToolsDir = join(here, "..");

/** The offline base image that `start.sh` imports: /bin/busybox and its applet links. */
export const BUSYBOX_IMAGE = "enginekit/busybox:latest";

/** A running private engine. */
export interface StartedEngine {
  /** Address for `ENGINE_HOST`, e.g. `unix:///tmp/enginekit-engine.abc/engine.sock`. */
  host: string;
  /** The folder holding the socket, data root, exec root, pid file and log. */
  root: string;
  /** Process id of the dockerd that was started. */
  pid: number;
  /** Stops that dockerd (only it) and removes `root`. Resolves when done. */
  stop: () => Promise<void>;
}

/**
 * Starts a private engine with `start.sh` (installing Debian's docker.io first when missing, which needs
 * root) and resolves once `GET /_ping` answers and the busybox image is imported.
 * @throws Error with the script's stderr when the engine cannot be started.
 */
export async function startEngine(options: { timeoutSeconds?: number } = {}): Promise<StartedEngine> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ENGINE_START_TIMEOUT: String(options.timeoutSeconds ?? 60),
  };
  delete env.ENGINE_ROOT;
  const { stdout } = await run(join(engineToolsDir, "start.sh"), [], env);
  const vars = parseEnvLines(stdout);
  const host = vars.ENGINE_HOST;
  const root = vars.ENGINE_ROOT;
  const pid = Number(vars.ENGINE_PID);
  if (!host || !root || !Number.isInteger(pid)) {
    throw new Error(`tools/engine/start.sh printed no ENGINE_HOST/ENGINE_ROOT/ENGINE_PID:\n${stdout}`);
  }
  return { host, root, pid, stop: () => stopEngine(root) };
}

/** Stops the engine whose folder is `root` with `stop.sh` (which only stops the dockerd it started). */
export async function stopEngine(root: string): Promise<void> {
  await run(join(engineToolsDir, "stop.sh"), [root], process.env);
}

/**
 * The engine address tests should use: `ENGINE_HOST` from the environment.
 * - set → returned;
 * - unset and `CI` set → throws, so a CI run without an engine fails loudly instead of skipping;
 * - unset outside CI → `undefined`, and the caller skips with {@link NO_ENGINE_MESSAGE}.
 */
export function engineHostForTests(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const host = env.ENGINE_HOST;
  if (host) return host;
  if (env.CI) {
    throw new Error("ENGINE_HOST is not set in CI: .ci/run must start the engine with tools/engine/start.sh");
  }
  return undefined;
}

/** Why engine tests were skipped, printed once by test suites outside CI. */
export const NO_ENGINE_MESSAGE =
  'skipping real-engine tests: ENGINE_HOST is unset (run `eval "$(tools/engine/start.sh)"` first)';

/** Parses `NAME=value` lines (as printed by start.sh) into a record. */
export function parseEnvLines(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of text.split("\n")) {
    const m = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (m?.[1]) out[m[1]] = m[2] ?? "";
  }
  return out;
}

function run(
  file: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { env, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${file} failed (${error.message.split("\n")[0]}):\n${stderr}`));
      else resolve({ stdout, stderr });
    });
  });
}

export { type EngineReply, engineRequest } from "./engine-request.js";
export { seededRandom } from "./seeded-random.js";
