/**
 * Exit codes of the `enginekit` command (`ExitCode`), the one-line `CliError`, and `setExitCode` for actions
 * that succeed with findings (the project's own design, docs/cli.md "Exit codes").
 */
import type { Command } from "commander";

/**
 * Exit codes of the `enginekit` command, shared by every subcommand.
 *
 * - 0 `ok`: success (for `lint`: no finding at or above the failure threshold);
 * - 1 `findings`: `lint` found problems, or `build` failed in the engine;
 * - 2 `usage`: bad arguments or configuration (including a malformed `ENGINE_HOST`);
 * - 3 `unavailable`: I/O error (an output that cannot be written, an unreadable input), engine or
 *   secrets service unreachable or returning an error;
 * - 130 `interrupted`: aborted by Ctrl-C (SIGINT);
 * - 141 `brokenPipe`: standard output was closed by its reader (`| head`): ends quietly, as a Unix tool
 *   killed by SIGPIPE does.
 */
export const ExitCode = {
  ok: 0,
  findings: 1,
  usage: 2,
  unavailable: 3,
  interrupted: 130,
  brokenPipe: 141,
} as const;

/** Numeric exit code of the `enginekit` command (see {@link ExitCode}). */
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/**
 * An error the command line reports as one line (no stack trace) before exiting with `exitCode`.
 * Messages must never contain a token or a secret value.
 */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCodeValue,
  ) {
    super(message);
    this.name = "CliError";
  }
}

/** Sets the exit code of the command whose action is running (used by actions that succeed "with findings"). */
export function setExitCode(command: Command, code: number): void {
  (command as Command & { exitCodeResult?: number }).exitCodeResult = code;
}
