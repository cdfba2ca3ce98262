/**
 * Runs the built `enginekit` bundle as a real process on the real Node binary (signals must reach it,
 * not the `node_modules/.bin/node` shell wrapper), with standard output a pipe or a file descriptor
 * (`/dev/full`). For the fault-injection tests in this folder.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
/** The real Node 24 binary of the root devDependency. */
export const node = join(packageDir, "..", "..", "node_modules", "node", "bin", "node");
/**
 * The command run: the built bundle, or the `enginekit` a user installed from the packed tarball when
 * `ENGINEKIT_FAULTS_BIN` names its script (e.g. `<prefix>/lib/node_modules/enginekit/dist/bundle/enginekit.cjs`
 * after `npm i -g --prefix <prefix>` of `node tools/pack/pack.mjs`'s tarball): the same suite then checks the package.
 */
export const bundle = process.env.ENGINEKIT_FAULTS_BIN || join(packageDir, "dist", "bundle", "enginekit.js");
export const built = existsSync(bundle);
if (!built && process.env.CI) throw new Error("the CLI is not built: CI runs the build before the tests");

/** True when the tests run as root (CI does): permissions are then tested as the user `nobody`. */
export const isRoot = process.getuid?.() === 0;
/** `nobody`'s user and group IDs on Debian. */
export const NOBODY = 65534;

export interface RunOptions {
  cwd: string;
  /** What standard output is: a pipe (default) or an open descriptor (`/dev/full`). */
  stdout?: "pipe" | number;
  /** Run as this user and group (as root only). */
  uid?: number;
  /** Variables added to the test's environment (`undefined` removes one). */
  env?: NodeJS.ProcessEnv;
  /** Standard input: nothing (default) or these bytes. */
  stdin?: Buffer | string;
  /** Called once the process has started (to send it signals). */
  started?: (child: ChildProcess) => void;
}

export interface RunResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs `enginekit args…` to completion (bounded by the test's time-out). */
export function runEnginekit(args: string[], options: RunOptions): Promise<RunResult> {
  const out: "pipe" | number = typeof options.stdout === "number" ? options.stdout : "pipe";
  const child: ChildProcess = spawn(node, [bundle, ...args], {
    cwd: options.cwd,
    stdio: [options.stdin === undefined ? "ignore" : "pipe", out, "pipe"],
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0", ...options.env },
    ...(options.uid !== undefined ? { uid: options.uid, gid: options.uid } : {}),
  });
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (d: Buffer) => {
    stdout += d;
  });
  child.stderr?.on("data", (d: Buffer) => {
    stderr += d;
  });
  if (options.stdin !== undefined) {
    child.stdin?.on("error", () => {});
    child.stdin?.end(options.stdin);
  }
  options.started?.(child);
  return new Promise((resolve) =>
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr })),
  );
}

/** Temporary files of the output writer (`.NAME.enginekit-PID-RANDOM.tmp`) and of older versions. */
export function leftoverTemps(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => /\.enginekit-\d+-[0-9a-f]+\.tmp$|\.partial-\d+$/.test(f));
}

/** Resolves once `check()` is true, polling every 2 ms (rejects after `ms`). */
export async function until(check: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 2));
  }
}
