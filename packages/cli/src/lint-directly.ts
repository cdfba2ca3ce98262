/**
 * `enginekit lint …` run without commander: the arguments are read with the options commander declares
 * for `lint` ({@link LINT_OPTIONS}) and given to the same action, so a lint run does not load commander,
 * Node's `child_process` it imports, and the table of every other command (about 10 % of the start-up
 * of a one-file lint, docs/cli.md "Start-up"). Anything else — another command, `--help`, an option
 * `lint` does not declare, a missing value — goes to commander ({@link runCli}), which answers it with
 * its help or usage error as before.
 */
import { LINT_OPTIONS, type LintCommandOptions } from "./commands/lint-options.js";
import { parseDeclaredOptions } from "./commands/option-spec.js";
import type { CliIo } from "./io.js";
import { reportError } from "./report-error.js";

/**
 * Runs `argv` (without the node and script entries) when it is a `lint` command line of declared
 * options, resolving to the exit code as {@link runCli} would; undefined, having done nothing, when
 * commander must read it.
 */
export async function runLintDirectly(argv: readonly string[], io: CliIo): Promise<number | undefined> {
  if (argv[0] !== "lint") return undefined;
  const parsed = parseDeclaredOptions(argv.slice(1), LINT_OPTIONS);
  if (!parsed) return undefined;
  try {
    const { runLint } = await import("./actions/lint.js");
    return await runLint(parsed.positionals, parsed.options as unknown as LintCommandOptions, io);
  } catch (error) {
    return reportError(error, io);
  }
}
