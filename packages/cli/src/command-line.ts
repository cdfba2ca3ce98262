/**
 * `runCommandLine`: the entry from `bin.ts` — a plain `lint` command line runs directly, anything else
 * through the commander program (the project's own design, for start-up time).
 */
import type { CliIo } from "./io.js";
import { runLintDirectly } from "./lint-directly.js";

/**
 * Runs the `enginekit` command line `argv` (without the node and script entries) and resolves to the
 * exit code; never throws. A `lint` command line of declared options runs without loading commander
 * ({@link runLintDirectly}); everything else goes through the commander program (`program.ts`).
 */
export async function runCommandLine(argv: readonly string[], io: CliIo): Promise<number> {
  const direct = await runLintDirectly(argv, io);
  if (direct !== undefined) return direct;
  const { runCli } = await import("./program.js");
  return runCli(argv, io);
}
