import { Command, CommanderError } from "commander";
import { registerBuildCommand } from "./commands/build.js";
import { registerEngineCommand } from "./commands/engine.js";
import { registerFormatCommand } from "./commands/format.js";
import { registerLintCommand } from "./commands/lint.js";
import { registerLspCommand } from "./commands/lsp.js";
import { registerSecretsCommand } from "./commands/secrets.js";
import { CliError, ExitCode } from "./errors.js";

import type { CliIo } from "./io.js";
import { version } from "./version.js";

/**
 * Builds the `enginekit` commander program. Each subcommand lives in `commands/<name>.ts` and
 * registers itself here; actions set the exit code through {@link CliError} or their return value.
 */
export function createProgram(io: CliIo): Command {
  const program = new Command("enginekit")
    .description("Lint, language server and build-context packager for Enginefiles and engine manifests.")
    .version(version, "-V, --version", "print the enginekit version")
    .showHelpAfterError("(run `enginekit --help` for usage)")
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .exitOverride();
  registerLintCommand(program, io);
  registerFormatCommand(program, io);
  registerBuildCommand(program, io);
  registerLspCommand(program, io);
  registerSecretsCommand(program, io);
  registerEngineCommand(program, io);
  return program;
}

/**
 * Runs the command line with `argv` (without the node and script entries) and resolves to the exit
 * code. Never throws: every error becomes one line on stderr and an exit code from {@link ExitCode}.
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const program = createProgram(io);
  let exitCode: number = ExitCode.ok;
  program.hook("postAction", (_this, action) => {
    const code = (action as Command & { exitCodeResult?: number }).exitCodeResult;
    if (typeof code === "number") exitCode = code;
  });
  try {
    await program.parseAsync([...argv], { from: "user" });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version exit through here with code 0.
      return error.exitCode === 0 ? ExitCode.ok : ExitCode.usage;
    }
    if (error instanceof CliError) {
      io.stderr(`enginekit: ${error.message}\n`);
      return error.exitCode;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`enginekit: unexpected error: ${message}\n`);
    return ExitCode.unavailable;
  }
}
