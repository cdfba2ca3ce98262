import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";

const repo = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

/** The server command the editors start: the built CLI bundle on the project's Node (`enginekit lsp --stdio`). */
export const SERVER_COMMAND = [
  join(repo, "node_modules/.bin/node"),
  join(repo, "packages/cli/dist/bundle/enginekit.js"),
  "lsp",
  "--stdio",
];

/** True when the CLI bundle the editors start is built. */
export const serverBuilt = existsSync(SERVER_COMMAND[1]!);

/**
 * Runs a real editor headless (`program args…`) until it exits, within `timeoutMs` (then it is killed and
 * the test fails with its stderr), expects exit code 0, and returns the JSON its script wrote to `out`.
 * The script gets the server command as `ENGINEKIT_CMD` (JSON) and `out` as `ENGINEKIT_OUT`.
 */
export async function runEditor(
  program: string,
  args: string[],
  out: string,
  env: Record<string, string>,
  options: { cwd?: string; timeoutMs: number },
): Promise<unknown> {
  const child = spawn(program, args, {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    env: { ...process.env, ENGINEKIT_CMD: JSON.stringify(SERVER_COMMAND), ENGINEKIT_OUT: out, ...env },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  try {
    const code = await new Promise<number | null>((resolveExit, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${program} did not finish in ${options.timeoutMs} ms: ${stderr}`)),
        options.timeoutMs,
      );
      child.once("exit", (c) => {
        clearTimeout(timer);
        resolveExit(c);
      });
    });
    expect(code, stderr).toBe(0);
  } finally {
    child.kill("SIGKILL");
  }
  return JSON.parse(readFileSync(out, "utf8"));
}
