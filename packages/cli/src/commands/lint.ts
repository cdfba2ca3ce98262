import type { Command } from "commander";
import { setExitCode } from "../errors.js";
import type { CliIo } from "../io.js";
import { collect } from "./repeatable.js";

/** Options of `enginekit lint` as commander parses them. */
export interface LintCommandOptions {
  format: string[];
  fix?: boolean;
  force?: boolean;
  config?: string | false;
  rule: string[];
  failureThreshold?: string;
  trustedRegistry: string[];
  apiVersion?: string;
  ignorePattern: string[];
  dockerfiles?: boolean;
  inlineSuppressions: boolean;
  stdinFilename?: string;
  listRules?: boolean;
  explain?: string;
  online?: boolean;
  color?: boolean;
  /** `--no-shellcheck`: false. */
  shellcheck: boolean;
  /** `--concurrency`: `auto`, `off` or a number of threads, as written. */
  concurrency?: string;
  verbose?: boolean;
}

/**
 * The output formats, for the help text (the command's modules load only when it runs, so the
 * `enginekit` start-up does not pay for the linter; a test checks this list against the linter's).
 */
export const LINT_FORMAT_NAMES = ["stylish", "json", "sarif", "github", "checkstyle", "junit", "gitlab"];

/**
 * Registers `enginekit lint [paths...]` (docs/lint.md): lints Enginefiles and manifests in files,
 * directories and stdin (`-`), prints one or more formats, optionally fixes, and exits 0 (nothing at or
 * above the failure threshold), 1 (findings), 2 (usage or configuration error, with file:line:column),
 * or 3 (I/O error, or the secrets service failing with `--online`).
 */
export function registerLintCommand(program: Command, io: CliIo): void {
  program
    .command("lint")
    .description("lint Enginefiles and engine manifests (files, directories, or - for stdin)")
    .argument("[paths...]", "files or directories to lint (default: the current directory); - reads stdin")
    .option(
      "-f, --format <name[=file]>",
      `output format, repeatable: ${LINT_FORMAT_NAMES.join(", ")}; =file writes it to a file`,
      collect,
      [],
    )
    .option("--fix", "apply quick fixes and rewrite the files (atomically, keeping links and permissions)")
    .option("--force", "let --fix and -f fmt=file replace read-only files")
    .option("-c, --config <file>", "use this .enginekit.yaml for every file (default: nearest one upward)")
    .option("--no-config", "ignore .enginekit.yaml files")
    .option(
      "--rule <id=severity>",
      "set a rule's severity (error, warning, info, style, off); repeatable",
      collect,
      [],
    )
    .option(
      "-t, --failure-threshold <severity>",
      "exit 1 when a finding is at or above: error, warning, info (default), style, none",
    )
    .option(
      "--trusted-registry <glob>",
      "registry base images may come from (enables trusted-registry); repeatable",
      collect,
      [],
    )
    .option(
      "--ignore-pattern <pattern>",
      "do not lint paths matching this ignore pattern; repeatable",
      collect,
      [],
    )
    .option(
      "--api-version <version>",
      "engine API version manifests target, 1.12–1.41 (default: apiVersion of .enginekit.yaml, else 1.24)",
    )
    .option("--dockerfiles", "lint Dockerfile- and Containerfile-named files found in directories (default)")
    .option("--no-dockerfiles", "lint only Enginefile-named build files found in directories")
    .option("--no-inline-suppressions", "ignore # enginekit-ignore comments and report them")
    .option(
      "--stdin-filename <name>",
      "file name for text read from stdin (gives the kind and the configuration)",
    )
    .option("--list-rules", "list every rule and exit")
    .option("--explain <rule>", "print a rule's documentation and exit")
    .option("--online", "check secret references against the secrets service (SVC_ADDR, SVC_TOKEN)")
    .option("--no-shellcheck", "do not run ShellCheck on RUN scripts (it runs when shellcheck is on PATH)")
    .option(
      "--concurrency <n>",
      "threads that lint: auto (default: worker threads for many files on 3 cores or more), off (this thread only), or a number",
    )
    .option("--verbose", "say what was skipped (e.g. ShellCheck not found on PATH)")
    .option("--color", "force colours")
    .option("--no-color", "disable colours")
    .action(async (paths: string[], options: LintCommandOptions, command: Command) => {
      // The linter loads only when the command runs (start-up time, docs/cli.md "Start-up").
      const { runLint } = await import("../actions/lint.js");
      setExitCode(command, await runLint(paths, options, io));
    });
}
