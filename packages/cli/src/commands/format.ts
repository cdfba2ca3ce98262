/**
 * The `enginekit format` command (flags and help; the action loads when it runs): the language server's
 * Enginefile formatter on the command line (docs/cli.md "format").
 */
import type { Command } from "commander";
import type { FormatFlags } from "../actions/format.js";
import { setExitCode } from "../errors.js";
import type { CliIo } from "../io.js";

/**
 * Registers `enginekit format [--check] [--indent <n|tab>] [paths…]` (docs/cli.md "format"): the
 * language server's formatter on the command line, for CI and pre-commit.
 */
export function registerFormatCommand(program: Command, io: CliIo): void {
  program
    .command("format")
    .description(
      "Format Enginefiles in place (upper-case keywords, single spaces, continuation indentation).",
    )
    .argument("[paths...]", "files or folders (default: the current folder); `-` formats stdin to stdout")
    .option("--check", "change nothing; list the files that are not formatted and exit 1 if there are any")
    .option("--indent <n|tab>", "continuation indentation: a number of spaces (1-16) or `tab`", "4")
    .option("--dockerfiles", "format Dockerfile- and Containerfile-named files found in folders (default)")
    .option("--no-dockerfiles", "format only Enginefile-named build files found in folders")
    .action(async (paths: string[], flags: FormatFlags, command: Command) => {
      const { formatAction } = await import("../actions/format.js");
      setExitCode(command, await formatAction(paths, flags, io));
    });
}
