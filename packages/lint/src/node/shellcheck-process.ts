/**
 * Runs the `shellcheck` executable once over many scripts: each script is written as its own file in a
 * fresh temporary folder and all are checked by one process with `--format=json1` (one start-up of
 * ShellCheck, whatever the number of RUNs). `--norc` keeps a `.shellcheckrc` above the temporary folder
 * from changing the result. The folder is removed afterwards, also on failure.
 */

import { accessSync, constants, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { EXCLUDED_CODES, type ShellcheckComment } from "../shellcheck/findings.js";

/** The path of `shellcheck` on `PATH` (the first executable one), or undefined. */
export function findShellcheck(path: string | undefined = process.env.PATH): string | undefined {
  const name = process.platform === "win32" ? "shellcheck.exe" : "shellcheck";
  for (const dir of (path ?? "").split(delimiter)) {
    if (!dir) continue;
    const candidate = join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

/** ShellCheck failed to run or gave output that is not json1 (the message says which). */
export class ShellcheckError extends Error {
  override name = "ShellcheckError";
}

/**
 * Checks `files` (the full text of each file, directive included) with one ShellCheck process; the
 * comments of each file, in the same order. Throws {@link ShellcheckError} when the process cannot start,
 * exits with a code other than 0 (clean) or 1 (comments), or prints something other than json1. When
 * `signal` aborts, the process is killed (SIGTERM) and the promise rejects with the `AbortError`.
 */
export async function runShellcheck(
  executable: string,
  files: readonly string[],
  signal?: AbortSignal,
): Promise<ShellcheckComment[][]> {
  const out: ShellcheckComment[][] = files.map(() => []);
  if (files.length === 0) return out;
  const dir = mkdtempSync(join(tmpdir(), "enginekit-shellcheck-"));
  try {
    const names = files.map((text, i) => {
      const name = `${i}.sh`;
      writeFileSync(join(dir, name), text);
      return name;
    });
    const args = [
      "--format=json1",
      "--norc",
      "--severity=style",
      `--exclude=${EXCLUDED_CODES.map((c) => `SC${c}`).join(",")}`,
      ...names,
    ];
    const { code, stdout, stderr } = await run(executable, args, dir, signal);
    if (code !== 0 && code !== 1)
      throw new ShellcheckError(`shellcheck exited with code ${code}: ${stderr.trim().split("\n")[0] ?? ""}`);
    let parsed: { comments?: ShellcheckComment[] };
    try {
      parsed = JSON.parse(stdout) as { comments?: ShellcheckComment[] };
    } catch {
      throw new ShellcheckError("shellcheck printed output that is not JSON (is it older than 0.7.1?)");
    }
    for (const c of parsed.comments ?? []) {
      const index = Number.parseInt(c.file, 10);
      if (index >= 0 && index < out.length) out[index]!.push(c);
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function run(
  executable: string,
  args: string[],
  cwd: string,
  signal: AbortSignal | undefined,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    signal?.throwIfAborted();
    // loaded when ShellCheck runs: a lint without it does not pay for Node's child_process at start-up
    const child = process.getBuiltinModule("node:child_process").spawn(executable, args, {
      cwd,
      stdio: ["ignore", "pipe", "pipe"],
      ...(signal ? { signal } : {}),
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (b: Buffer) => stdout.push(b));
    child.stderr.on("data", (b: Buffer) => stderr.push(b));
    child.on("error", (e) =>
      reject(e.name === "AbortError" ? e : new ShellcheckError(`cannot run ${executable}: ${e.message}`)),
    );
    child.on("close", (code) =>
      resolve({
        code: code ?? -1,
        stdout: Buffer.concat(stdout).toString("utf8"),
        stderr: Buffer.concat(stderr).toString("utf8"),
      }),
    );
  });
}
