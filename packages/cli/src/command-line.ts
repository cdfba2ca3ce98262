/**
 * `runCommandLine`: the entry from `bin.ts` — every command line goes through the commander program
 * (`program.ts`), whose command table loads each action when its command runs.
 */
import type { CliIo } from "./io.js";

/**
 * Runs the `enginekit` command line `argv` (without the node and script entries) and resolves to the
 * exit code; never throws.
 */
export async function runCommandLine(argv: readonly string[], io: CliIo): Promise<number> {
  const { runCli } = await import("./program.js");
  return runCli(argv, io);
}
