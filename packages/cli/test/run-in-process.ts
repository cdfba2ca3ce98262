import { Readable } from "node:stream";
import { runCommandLine } from "../src/command-line.js";
import type { CliIo } from "../src/io.js";

/**
 * Runs the command line in-process (as `bin.ts` does) with captured output, the given environment and
 * working directory, and standard input made of the given chunks (none by default).
 */
export async function runCaptured(
  argv: string[],
  env: NodeJS.ProcessEnv = {},
  cwd: string = process.cwd(),
  stdin: readonly Buffer[] = [],
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const io: CliIo = {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    env,
    cwd,
    isTTY: false,
    stdin: Readable.from(stdin),
  };
  const code = await runCommandLine(argv, io);
  return { code, stdout, stderr };
}
