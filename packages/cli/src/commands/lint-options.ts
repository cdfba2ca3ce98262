/**
 * The options of `enginekit lint` as data (`LINT_OPTIONS`, `LINT_FORMAT_NAMES`, `LintCommandOptions`), so the
 * command's help needs no linter at start-up (docs/cli.md,
 * docs/lint.md; the project's own design).
 */

/** One option as commander declares it. */
export interface OptionSpec {
  /** As commander writes them: `-f, --format <name[=file]>`, `--fix`, `--no-config`. */
  flags: string;
  /** The help text. */
  description: string;
  /** The values of every occurrence are collected in order; the default is `[]` (commander with `collect`). */
  repeatable?: true;
}

/** Options of `enginekit lint` as commander gives them. */
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
  compose?: boolean;
  inlineSuppressions: boolean;
  stdinFilename?: string;
  listRules?: boolean;
  explain?: string;
  /** `--rule-docs <base>`: where the team hosts the rule pages (SARIF `helpUri`). */
  ruleDocs?: string;
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

/** The options of `enginekit lint` (docs/cli.md, docs/lint.md), in help order. */
export const LINT_OPTIONS: readonly OptionSpec[] = [
  {
    flags: "-f, --format <name[=file]>",
    description: `output format, repeatable: ${LINT_FORMAT_NAMES.join(", ")}; =file writes it to a file`,
    repeatable: true,
  },
  {
    flags: "--fix",
    description: "apply quick fixes and rewrite the files (atomically, keeping links and permissions)",
  },
  { flags: "--force", description: "let --fix and -f fmt=file replace read-only files" },
  {
    flags: "-c, --config <file>",
    description: "use this .enginekit.yaml for every file (default: nearest one upward)",
  },
  { flags: "--no-config", description: "ignore .enginekit.yaml files" },
  {
    flags: "--rule <id=severity>",
    description: "set a rule's severity (error, warning, info, style, off); repeatable",
    repeatable: true,
  },
  {
    flags: "-t, --failure-threshold <severity>",
    description: "exit 1 when a finding is at or above: error, warning, info (default), style, none",
  },
  {
    flags: "--trusted-registry <glob>",
    description: "registry base images may come from (enables trusted-registry); repeatable",
    repeatable: true,
  },
  {
    flags: "--ignore-pattern <pattern>",
    description: "do not lint paths matching this ignore pattern; repeatable",
    repeatable: true,
  },
  {
    flags: "--api-version <version>",
    description:
      "engine API version manifests target, 1.12–1.41 (default: apiVersion of .enginekit.yaml, else 1.24)",
  },
  {
    flags: "--dockerfiles",
    description: "lint Dockerfile- and Containerfile-named files found in directories (default)",
  },
  { flags: "--no-dockerfiles", description: "lint only Enginefile-named build files found in directories" },
  {
    flags: "--compose",
    description:
      "lint Compose files found in directories (compose.yaml, docker-compose.yml, their overrides; default)",
  },
  { flags: "--no-compose", description: "do not lint Compose files found in directories" },
  { flags: "--no-inline-suppressions", description: "ignore # enginekit-ignore comments and report them" },
  {
    flags: "--stdin-filename <name>",
    description: "file name for text read from stdin (gives the kind and the configuration)",
  },
  { flags: "--list-rules", description: "list every rule and exit" },
  { flags: "--explain <rule>", description: "print a rule's documentation and exit" },
  {
    flags: "--rule-docs <base>",
    description:
      "where your team hosts the rule pages, for links in SARIF (a URL ending in /, or holding {id})",
  },
  {
    flags: "--online",
    description: "check secret references against the secrets service (SVC_ADDR, SVC_TOKEN)",
  },
  {
    flags: "--no-shellcheck",
    description: "do not run ShellCheck on RUN scripts (it runs when shellcheck is on PATH)",
  },
  {
    flags: "--concurrency <n>",
    description:
      "threads that lint: auto (default: worker threads for many files on 3 cores or more), off (this thread only), or a number",
  },
  { flags: "--verbose", description: "say what was skipped (e.g. ShellCheck not found on PATH)" },
  { flags: "--color", description: "force colours" },
  { flags: "--no-color", description: "disable colours" },
];
