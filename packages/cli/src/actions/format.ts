/**
 * The implementation of `enginekit format`, loaded only when the command runs: the canonical formatter of
 * `@enginekit/enginefile` (`format`, the same function the language server's document formatting uses)
 * over the Enginefiles a user names, written back with the output writer `--fix` uses (`writeOutputFile`
 * of `@enginekit/lint/files`: docs/security.md). Folders are walked like `enginekit lint` walks them (`discoverFiles`); manifests
 * are not formatted.
 */
import { isAbsolute, relative } from "node:path";
import { format } from "@enginekit/enginefile";
import { DiscoveryError, discoverFiles, readSourceText, sourceBytes } from "@enginekit/lint/files";
import { escapeForTerminal, OutputError, writeOutputFile } from "@enginekit/node-io";
import { CliError, ExitCode } from "../errors.js";
import { type CliIo, readStdinText } from "../io.js";

/** Flags of `enginekit format` (declared in commands/format.ts). */
export interface FormatFlags {
  check?: boolean;
  indent: string;
  dockerfiles?: boolean;
}

/** The continuation indentation of `--indent`: `tab` or 1–16 spaces. Throws a usage {@link CliError}. */
function indentOf(value: string): string {
  if (value === "tab") return "\t";
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 16)
    throw new CliError(`--indent ${value}: use a number of spaces from 1 to 16, or tab`, ExitCode.usage);
  return " ".repeat(n);
}

/**
 * Formats the Enginefiles under `paths` (default `.`). Without `--check` it rewrites each file whose
 * formatting changes and names it on stdout (`formatted <path>`); with `--check` it changes nothing, names
 * each unformatted file (`not formatted: <path>`) and returns 1 when there is one. `-` reads stdin and
 * writes the formatted text to stdout. Returns 0 or 1.
 * @throws CliError: exit 2 for a bad flag or a missing path, 3 when a file cannot be read or written.
 */
export async function formatAction(paths: string[], flags: FormatFlags, io: CliIo): Promise<number> {
  const options = { continuationIndent: indentOf(flags.indent) };
  if (paths.includes("-")) {
    if (paths.length > 1) throw new CliError("- (stdin) cannot be mixed with paths", ExitCode.usage);
    const text = await readStdinText(io);
    const formatted = format(text, options);
    if (flags.check) return formatted === text ? ExitCode.ok : ExitCode.findings;
    io.stdout(formatted);
    return ExitCode.ok;
  }
  let files: string[];
  try {
    files = (
      await discoverFiles(paths.length > 0 ? paths : ["."], io.cwd, {
        isExcluded: () => false,
        dockerfiles: () => flags.dockerfiles ?? true,
        isManifest: () => false,
      })
    )
      .filter((f) => f.kind === "enginefile")
      .map((f) => f.path);
  } catch (error) {
    if (error instanceof DiscoveryError) throw new CliError(error.message, ExitCode.usage);
    throw error;
  }
  let unformatted = 0;
  for (const path of files) {
    const below = relative(io.cwd, path);
    const shown = below && !below.startsWith("..") && !isAbsolute(below) ? below : path;
    // A file name is untrusted text: one line, no control sequence (docs/security.md "Untrusted text").
    const printed = escapeForTerminal(shown);
    let text: string;
    try {
      text = readSourceText(path, "enginefile");
    } catch (error) {
      throw new CliError(`cannot read ${printed}: ${(error as Error).message}`, ExitCode.unavailable);
    }
    const formatted = format(text, options);
    if (formatted === text) continue;
    unformatted++;
    if (flags.check) {
      io.stdout(`not formatted: ${printed}\n`);
      continue;
    }
    try {
      writeOutputFile(path, sourceBytes(formatted, "enginefile"), { display: printed });
    } catch (error) {
      if (error instanceof OutputError) throw new CliError(error.message, ExitCode.unavailable);
      throw error;
    }
    io.stdout(`formatted ${printed}\n`);
  }
  if (flags.check && unformatted > 0) {
    io.stderr(
      `${unformatted} of ${files.length} file${files.length === 1 ? "" : "s"} not formatted (run enginekit format)\n`,
    );
    return ExitCode.findings;
  }
  return ExitCode.ok;
}
