import { mkdirSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import type { SecretsClient } from "@enginekit/api";
import type { FileResult, LintOverrides, RuleSeverity, Severity } from "@enginekit/lint";
import type { Command } from "commander";
import { CliError, ExitCode, setExitCode } from "../errors.js";
import type { CliIo } from "../io.js";
import { version } from "../version.js";

/** Options of `enginekit lint` as commander parses them. */
interface LintCommandOptions {
  format: string[];
  fix?: boolean;
  config?: string | false;
  rule: string[];
  failureThreshold?: string;
  trustedRegistry: string[];
  ignorePattern: string[];
  dockerfiles?: boolean;
  inlineSuppressions: boolean;
  stdinFilename?: string;
  listRules?: boolean;
  explain?: string;
  online?: boolean;
  color?: boolean;
}

const collect = (value: string, previous: string[]) => [...previous, value];

/**
 * The output formats, for the help text (the command's modules load only when it runs, so the
 * `enginekit` start-up does not pay for the linter; a test checks this list against the linter's).
 */
export const LINT_FORMAT_NAMES = ["stylish", "json", "sarif", "github", "checkstyle", "junit", "gitlab"];

/** The linter and the clients it needs, loaded when `enginekit lint` runs (start-up cost, docs/lint.md). */
async function loadLinter() {
  const [lint, api, buildContext] = await Promise.all([
    import("@enginekit/lint"),
    import("@enginekit/api"),
    import("@enginekit/build-context"),
  ]);
  return { lint, SecretsClient: api.SecretsClient, IgnoreFileError: buildContext.IgnoreFileError };
}

type Linter = Awaited<ReturnType<typeof loadLinter>>;

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
    .option("--fix", "apply quick fixes and rewrite files atomically")
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
    .option("--dockerfiles", "also lint Dockerfile-named files found in directories")
    .option("--no-inline-suppressions", "ignore # enginekit-ignore comments and report them")
    .option(
      "--stdin-filename <name>",
      "file name for text read from stdin (gives the kind and the configuration)",
    )
    .option("--list-rules", "list every rule and exit")
    .option("--explain <rule>", "print a rule's documentation and exit")
    .option("--online", "check secret references against the secrets service (SVC_ADDR, SVC_TOKEN)")
    .option("--color", "force colours")
    .option("--no-color", "disable colours")
    .action(async (paths: string[], options: LintCommandOptions, command: Command) => {
      setExitCode(command, await runLint(paths, options, io));
    });
}

function usage(message: string): CliError {
  return new CliError(message, ExitCode.usage);
}

function parseOverrides({ lint }: Linter, options: LintCommandOptions, cwd: string): LintOverrides {
  const { ruleById, RULE_SEVERITIES, SEVERITIES } = lint;
  const rules: Record<string, RuleSeverity> = {};
  for (const r of options.rule) {
    const [id = "", severity = ""] = r.split("=");
    if (!ruleById(id)) throw usage(`--rule ${r}: unknown rule "${id}" (see enginekit lint --list-rules)`);
    if (!(RULE_SEVERITIES as readonly string[]).includes(severity))
      throw usage(`--rule ${r}: severity must be one of ${RULE_SEVERITIES.join(", ")}`);
    rules[id] = severity as RuleSeverity;
  }
  const t = options.failureThreshold;
  if (t !== undefined && t !== "none" && !(SEVERITIES as readonly string[]).includes(t))
    throw usage(`--failure-threshold ${t}: use one of ${SEVERITIES.join(", ")}, none`);
  return {
    ...(typeof options.config === "string"
      ? { configFile: isAbsolute(options.config) ? options.config : join(cwd, options.config) }
      : {}),
    ...(options.config === false ? { noConfig: true } : {}),
    ...(options.rule.length ? { rules } : {}),
    ...(t ? { failureThreshold: t as Severity | "none" } : {}),
    ...(options.trustedRegistry.length ? { trustedRegistries: options.trustedRegistry } : {}),
    ...(options.ignorePattern.length ? { ignore: options.ignorePattern } : {}),
    ...(options.dockerfiles ? { dockerfiles: true } : {}),
    ...(options.inlineSuppressions === false ? { inlineSuppressions: false } : {}),
  };
}

function parseFormats({ lint }: Linter, specs: string[]): { name: string; file: string | undefined }[] {
  const { FORMATTERS, FORMAT_NAMES } = lint;
  const out = (specs.length ? specs : ["stylish"]).map((s) => {
    const eq = s.indexOf("=");
    const name = eq < 0 ? s : s.slice(0, eq);
    const file = eq < 0 ? undefined : s.slice(eq + 1);
    if (!FORMATTERS[name])
      throw usage(`--format ${s}: unknown format "${name}" (${FORMAT_NAMES.join(", ")})`);
    if (file === "") throw usage(`--format ${s}: give a file name after =`);
    return { name, file };
  });
  return out;
}

function listRules({ lint }: Linter): string {
  const { RULES } = lint;
  const width = Math.max(...RULES.map((r) => r.meta.id.length));
  return `${RULES.map((r) => `${r.meta.id.padEnd(width)}  ${r.meta.severity.padEnd(7)}  ${r.meta.appliesTo.padEnd(10)}  ${r.meta.fixable ? "fix" : "   "}  ${r.meta.description}`).join("\n")}\n`;
}

async function readStdin(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

function useColor(options: LintCommandOptions, io: CliIo): boolean {
  if (options.color !== undefined) return options.color;
  if (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== "") return false;
  if (io.env.FORCE_COLOR !== undefined && io.env.FORCE_COLOR !== "0") return true;
  return io.isTTY;
}

/** The secrets reader for `--online`, from SVC_* and the configuration's `secrets` (never a token there). */
function secretsClient(linter: Linter, io: CliIo): SecretsClient {
  const config = linter.lint.findConfig(io.cwd)?.config.secrets;
  const env = { ...io.env };
  if (!env.SVC_ADDR && config?.address) env.SVC_ADDR = config.address;
  if (!env.SVC_NAMESPACE && config?.namespace) env.SVC_NAMESPACE = config.namespace;
  if (!env.SVC_ADDR) throw usage("--online needs the secrets service address: set SVC_ADDR (and SVC_TOKEN)");
  try {
    return new linter.SecretsClient({
      env,
      timeoutMs: 10_000,
      retry: { maxRetries: 1, maxElapsedMs: 5_000 },
    });
  } catch (error) {
    throw usage(`--online: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function runLint(paths: string[], options: LintCommandOptions, io: CliIo): Promise<number> {
  const linter = await loadLinter();
  const { ruleById, renderRuleDoc, lintFiles, ConfigError, DiscoveryError, FORMATTERS, writeFileAtomic } =
    linter.lint;
  if (options.listRules) {
    io.stdout(listRules(linter));
    return ExitCode.ok;
  }
  if (options.explain !== undefined) {
    const rule = ruleById(options.explain);
    if (!rule) throw usage(`--explain: unknown rule "${options.explain}" (see enginekit lint --list-rules)`);
    io.stdout(renderRuleDoc(rule));
    return ExitCode.ok;
  }
  const overrides = parseOverrides(linter, options, io.cwd);
  const formats = parseFormats(linter, options.format);
  const stdinIndex = paths.indexOf("-");
  if (stdinIndex >= 0 && !options.stdinFilename)
    throw usage("reading stdin (-) needs --stdin-filename <name>");
  if (stdinIndex >= 0 && options.fix) throw usage("--fix cannot rewrite stdin");
  const filePaths = paths.filter((p) => p !== "-");
  const client = options.online ? secretsClient(linter, io) : undefined;
  let results: FileResult[];
  try {
    const stdin =
      stdinIndex >= 0
        ? { text: await readStdin(io.stdin), fileName: options.stdinFilename ?? "-" }
        : undefined;
    results = await lintFiles(
      stdin && filePaths.length === 0 ? [] : filePaths.length ? filePaths : ["."],
      {
        cwd: io.cwd,
        overrides,
        ...(options.fix ? { fix: true } : {}),
        ...(client ? { secrets: client.kv } : {}),
      },
      stdin,
    );
  } catch (error) {
    if (
      error instanceof ConfigError ||
      error instanceof linter.IgnoreFileError ||
      error instanceof DiscoveryError
    )
      throw usage(error.message);
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === "string")
      throw new CliError(`I/O error: ${(error as Error).message}`, ExitCode.unavailable);
    throw error;
  } finally {
    await client?.close();
  }
  const color = useColor(options, io);
  for (const f of formats) {
    const color1 = f.file === undefined && f.name === "stylish" && color;
    const text = FORMATTERS[f.name]!(results, { color: color1, version });
    if (f.file === undefined) io.stdout(text);
    else {
      try {
        const target = isAbsolute(f.file) ? f.file : join(io.cwd, f.file);
        mkdirSync(dirname(target), { recursive: true });
        writeFileAtomic(target, text);
      } catch (error) {
        throw new CliError(`cannot write ${f.file}: ${(error as Error).message}`, ExitCode.unavailable);
      }
    }
  }
  if (options.online && results.some((r) => r.findings.some((f) => f.ruleId === "secret-ref/unreachable")))
    return ExitCode.unavailable;
  return results.some((r) => r.failing > 0) ? ExitCode.findings : ExitCode.ok;
}
