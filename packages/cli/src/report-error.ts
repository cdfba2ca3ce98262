/**
 * Error reporting of the CLI: `reportError` turns what an action threw into one `enginekit:` line on stderr
 * and an exit code, and `terminalText` escapes control characters in it (docs/security.md "Untrusted text").
 */
import { CliError, ExitCode } from "./errors.js";
import type { CliIo } from "./io.js";

/**
 * An error message as it may reach a terminal: messages quote file names and file content, whose
 * control characters are shown as escapes (docs/security.md "Untrusted text"). Loaded on error only.
 */
export async function terminalText(message: string): Promise<string> {
  const { escapeLinesForTerminal } = await import("@enginekit/node-io");
  return escapeLinesForTerminal(message);
}

/**
 * Reports an error a command's action threw as one `enginekit:` line on stderr and returns the exit
 * code: a {@link CliError}'s own (a closed standard output, 141, ends quietly, as with SIGPIPE: docs/cli.md
 * "Output"), 3 (`unavailable`) with "unexpected error" for anything else. Never throws.
 */
export async function reportError(error: unknown, io: CliIo): Promise<number> {
  if (error instanceof CliError) {
    if (error.exitCode !== ExitCode.brokenPipe)
      io.stderr(`enginekit: ${await terminalText(error.message)}\n`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  io.stderr(`enginekit: unexpected error: ${await terminalText(message)}\n`);
  return ExitCode.unavailable;
}
