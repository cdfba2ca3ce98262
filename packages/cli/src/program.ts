/**
 * The `enginekit` commander program: `createProgram` registers each subcommand from `commands/`, and `runCli`
 * runs a command line and resolves to its exit code, turning usage and other errors into one `enginekit:`
 * line (the project's own design, docs/cli.md).
 */
import { Command, CommanderError } from "commander";
import { registerBuildCommand } from "./commands/build.js";
import { registerComposeCommand } from "./commands/compose.js";
import { registerEngineCommand } from "./commands/engine.js";
import { registerFormatCommand } from "./commands/format.js";
import { registerLintCommand } from "./commands/lint.js";
import { registerLspCommand } from "./commands/lsp.js";
import { optionDescription } from "./commands/repeatable.js";
import { registerSecretsCommand } from "./commands/secrets.js";
import { ExitCode } from "./errors.js";

import type { CliIo } from "./io.js";
import { reportError, terminalText } from "./report-error.js";
import { version } from "./version.js";

/**
 * Builds the `enginekit` commander program. Each subcommand lives in `commands/<name>.ts` and
 * registers itself here; actions set the exit code through {@link CliError} or their return value.
 */
export function createProgram(io: CliIo): Command {
  const program = new Command("enginekit")
    .description("Lint, language server and build-context packager for Enginefiles and engine manifests.")
    .version(version, "-V, --version", "print the enginekit version")
    // Usage errors are printed by runCli as one `enginekit:` line; commander's own `error:` output is muted.
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr, outputError: () => {} })
    // A command's line in the list is its usage line (commander builds it from the arguments otherwise,
    // so `build`'s would say `[context]` where its usage says `<context>`).
    .configureHelp({
      optionDescription,
      subcommandTerm: (command) => `${command.name()} ${command.usage()}`.trimEnd(),
    })
    .exitOverride();
  registerLintCommand(program, io);
  registerFormatCommand(program, io);
  registerBuildCommand(program, io);
  registerLspCommand(program, io);
  registerSecretsCommand(program, io);
  registerEngineCommand(program, io);
  registerComposeCommand(program, io);
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
      if (error.exitCode === 0) return ExitCode.ok;
      // The message quotes the argument as typed: escaped, as every error line (docs/security.md).
      io.stderr(`enginekit: ${await terminalText(usageMessage(error, program, argv))}\n`);
      return ExitCode.usage;
    }
    return reportError(error, io);
  }
}

/**
 * A commander usage error as one line: its message without the `error: ` prefix, lines joined (commander
 * puts its "(Did you mean …?)" on a line of its own), then where to read the usage — the subcommand's
 * help when the first argument names one.
 */
function usageMessage(error: CommanderError, program: Command, argv: readonly string[]): string {
  const message = error.message
    .replace(/^error: /, "")
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .join(" ")
    .replace(/ \(Did you mean (.+?)\?\)$/, "; did you mean $1?");
  const sub = program.commands.find((c) => c.name() === argv[0]);
  return `${message} (run \`enginekit${sub ? ` ${sub.name()}` : ""} --help\` for usage)`;
}
