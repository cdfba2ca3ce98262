/**
 * The `enginekit lint` command (docs/lint.md): its options from `LINT_OPTIONS`, the action loading when it
 * runs.
 */
import type { Command } from "commander";
import { setExitCode } from "../errors.js";
import type { CliIo } from "../io.js";
import { LINT_OPTIONS, type LintCommandOptions } from "./lint-options.js";
import { collect } from "./repeatable.js";

/**
 * Registers `enginekit lint [paths...]` (docs/lint.md) with the options of {@link LINT_OPTIONS}: lints
 * Enginefiles and manifests in files, directories and stdin (`-`), prints one or more formats, optionally
 * fixes, and exits 0 (nothing at or above the failure threshold), 1 (findings), 2 (usage or configuration
 * error, with file:line:column), or 3 (I/O error, or the secrets service failing with `--online`).
 * `bin.ts` runs most lint command lines without commander (`lint-directly.ts`), with the same options.
 */
export function registerLintCommand(program: Command, io: CliIo): void {
  const command = program
    .command("lint")
    .description("lint Enginefiles and engine manifests (files, directories, or - for stdin)")
    .argument("[paths...]", "files or directories to lint (default: the current directory); - reads stdin");
  for (const o of LINT_OPTIONS)
    if (o.repeatable) command.option(o.flags, o.description, collect, []);
    else command.option(o.flags, o.description);
  command.action(async (paths: string[], options: LintCommandOptions, cmd: Command) => {
    // The linter loads only when the command runs (start-up time, docs/cli.md "Start-up").
    const { runLint } = await import("../actions/lint.js");
    setExitCode(cmd, await runLint(paths, options, io));
  });
}
