/**
 * The implementation of `enginekit lint`, loaded only when the command runs (start-up time). Imports name
 * exactly what it uses, so the bundle carries only the Enginefile half of the linter here; manifests (and
 * with them the api schemas) load when a manifest is met, the secrets client with `--online`.
 */
import { mkdirSync } from "node:fs";
import { dirname, isAbsolute, join } from "node:path";
import { IgnoreFileError } from "@enginekit/build-context/ignore";
import {
  ConfigError,
  DiscoveryError,
  didYouMeanRule,
  engineImagePlatforms,
  type FileResult,
  FixWriteError,
  FORMAT_NAMES,
  FORMATTERS,
  findShellcheck,
  type LintOverrides,
  lintFiles,
  RULE_SEVERITIES,
  RULES,
  type RuleSeverity,
  resolveRuleIds,
  ruleById,
  ruleDocsBaseError,
  SEVERITIES,
  type Severity,
} from "@enginekit/lint/files";
import { isManifestApiVersion } from "@enginekit/manifests/schema-free";
import { writeOutputFile } from "@enginekit/node-io";
import type { LintCommandOptions } from "../commands/lint-options.js";
import { CliError, ExitCode } from "../errors.js";
import { type CliIo, readStdinText } from "../io.js";
import { version } from "../version.js";
import { lintProgress } from "./lint-progress.js";

function usage(message: string): CliError {
  return new CliError(message, ExitCode.usage);
}

function parseOverrides(options: LintCommandOptions, cwd: string): LintOverrides {
  const rules: Record<string, RuleSeverity> = {};
  for (const r of options.rule) {
    const [id = "", severity = ""] = r.split("=");
    // a hadolint, BuildKit or ShellCheck name stands for the rules that name it as a peer
    const ids = resolveRuleIds(id);
    if (ids.length === 0)
      throw usage(`--rule ${r}: unknown rule "${id}"${didYouMeanRule(id)} (see enginekit lint --list-rules)`);
    if (!(RULE_SEVERITIES as readonly string[]).includes(severity))
      throw usage(`--rule ${r}: severity must be one of ${RULE_SEVERITIES.join(", ")}`);
    for (const i of ids) rules[i] = severity as RuleSeverity;
  }
  if (options.apiVersion !== undefined && !isManifestApiVersion(options.apiVersion))
    throw usage(
      `--api-version ${options.apiVersion}: use an engine API version from 1.12 to 1.41, e.g. 1.41`,
    );
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
    ...(options.apiVersion ? { apiVersion: options.apiVersion } : {}),
    ...(options.ignorePattern.length ? { ignore: options.ignorePattern } : {}),
    ...(options.dockerfiles !== undefined ? { dockerfiles: options.dockerfiles } : {}),
    ...(options.compose !== undefined ? { compose: options.compose } : {}),
    ...(options.inlineSuppressions === false ? { inlineSuppressions: false } : {}),
  };
}

/**
 * `--concurrency`: the worker threads to start beside this one — undefined for `auto` (the linter
 * decides, @enginekit/lint `workerCount`), 0 for `off` or 1, n - 1 for n threads (ESLint's option of the
 * same name). Anything else is a usage error.
 */
function parseConcurrency(value: string | undefined): number | undefined {
  if (value === undefined || value === "auto") return undefined;
  if (value === "off") return 0;
  if (!/^[1-9][0-9]{0,2}$/.test(value))
    throw usage(`--concurrency must be auto, off or a number of threads from 1 to 999 (got "${value}")`);
  return Number(value) - 1;
}

function parseFormats(specs: string[]): { name: string; file: string | undefined }[] {
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

function listRules(): string {
  const width = Math.max(...RULES.map((r) => r.meta.id.length));
  return `${RULES.map((r) => `${r.meta.id.padEnd(width)}  ${r.meta.severity.padEnd(7)}  ${r.meta.appliesTo.padEnd(10)}  ${r.meta.fix === "never" ? "   " : "fix"}  ${r.meta.description}`).join("\n")}\n`;
}

function useColor(options: LintCommandOptions, io: CliIo): boolean {
  if (options.color !== undefined) return options.color;
  if (io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== "") return false;
  if (io.env.FORCE_COLOR !== undefined && io.env.FORCE_COLOR !== "0") return true;
  return io.isTTY;
}

/**
 * Runs `enginekit lint` (docs/lint.md) with commander's parsed `paths` and `options`; returns the exit
 * code: 0 (nothing at or above the failure threshold), 1 (findings), 3 (the secrets service failing with
 * `--online`). Writes each format to stdout or its file (through `writeOutputFile`: docs/security.md).
 * @throws CliError: exit 2 for usage or configuration errors (with file:line:column), 3 for I/O errors.
 */
export async function runLint(paths: string[], options: LintCommandOptions, io: CliIo): Promise<number> {
  if (options.listRules) {
    io.stdout(listRules());
    return ExitCode.ok;
  }
  if (options.explain !== undefined) {
    const rules = resolveRuleIds(options.explain).flatMap((id) => ruleById(id) ?? []);
    if (rules.length === 0)
      throw usage(
        `--explain: unknown rule "${options.explain}"${didYouMeanRule(options.explain)} (see enginekit lint --list-rules)`,
      );
    // Rendering runs the rule's examples through the whole linter (manifests too): load it here only.
    const { renderRuleDoc } = await import("@enginekit/lint");
    const markdown = rules.map((r) => renderRuleDoc(r)).join("\n");
    // on a terminal, rendered for it; piped or redirected, the Markdown itself
    if (!io.isTTY) io.stdout(markdown);
    else {
      const { renderMarkdownForTerminal } = await import("./markdown-terminal.js");
      io.stdout(renderMarkdownForTerminal(markdown, useColor(options, io)));
    }
    return ExitCode.ok;
  }
  const overrides = parseOverrides(options, io.cwd);
  const formats = parseFormats(options.format);
  const ruleDocsProblem = options.ruleDocs !== undefined ? ruleDocsBaseError(options.ruleDocs) : undefined;
  if (ruleDocsProblem) throw usage(`--rule-docs: ${ruleDocsProblem}`);
  const stdinIndex = paths.indexOf("-");
  if (stdinIndex >= 0 && !options.stdinFilename)
    throw usage("reading stdin (-) needs --stdin-filename <name>");
  if (stdinIndex >= 0 && options.fix) throw usage("--fix cannot rewrite stdin");
  const filePaths = paths.filter((p) => p !== "-");
  const workers = parseConcurrency(options.concurrency);
  if (options.verbose && options.shellcheck !== false && !findShellcheck())
    io.stderr("info: shellcheck not found on PATH; ShellCheck checks of RUN scripts skipped\n");
  // the clients of --online (undici and the api's answer schemas) load only with it
  const online = options.online ? await (await import("./online-clients.js")).onlineClients(io) : undefined;
  const progress = await lintProgress(io, formats);
  let results: FileResult[];
  const skipped = new Set<string>();
  try {
    const stdin =
      stdinIndex >= 0 ? { text: await readStdinText(io), fileName: options.stdinFilename ?? "-" } : undefined;
    results = await lintFiles(
      stdin && filePaths.length === 0 ? [] : filePaths.length ? filePaths : ["."],
      {
        cwd: io.cwd,
        overrides,
        ...(options.fix ? { fix: true } : {}),
        ...(options.force ? { force: true } : {}),
        ...(online?.secrets ? { secrets: online.secrets.kv } : {}),
        ...(online ? { images: engineImagePlatforms(online.engine) } : {}),
        ...(options.shellcheck === false ? { shellcheck: false as const } : {}),
        ...(workers !== undefined ? { workers } : {}),
        onNotice: (message: string) => io.stderr(`${message}\n`),
        ...(progress ? { onProgress: progress.onProgress } : {}),
        // A folder or file whose name is not valid UTF-8: the rest is linted, these are reported (exit 3).
        onSkipped: (error) => {
          skipped.add(error.message);
        },
      },
      stdin,
    );
  } catch (error) {
    if (error instanceof ConfigError || error instanceof IgnoreFileError) throw usage(error.message);
    // DiscoveryError, also as it comes back from a worker thread (name and code kept)
    if (error instanceof DiscoveryError || (error as Error).name === "DiscoveryError") {
      const missing = (error as DiscoveryError).code === "ENOENT";
      throw new CliError((error as Error).message, missing ? ExitCode.usage : ExitCode.unavailable);
    }
    if (error instanceof FixWriteError) throw new CliError(error.message, ExitCode.unavailable);
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === "string")
      throw new CliError(`I/O error: ${(error as Error).message}`, ExitCode.unavailable);
    throw error;
  } finally {
    progress?.stop();
    await online?.close();
  }
  const color = useColor(options, io);
  for (const f of formats) {
    const color1 = f.file === undefined && f.name === "stylish" && color;
    const text = FORMATTERS[f.name]!(results, {
      color: color1,
      version,
      ...(options.ruleDocs ? { ruleDocsBase: options.ruleDocs } : {}),
    });
    if (f.file === undefined) io.stdout(text);
    else {
      const target = isAbsolute(f.file) ? f.file : join(io.cwd, f.file);
      try {
        mkdirSync(dirname(target), { recursive: true });
      } catch (error) {
        throw new CliError(`cannot write ${f.file}: ${(error as Error).message}`, ExitCode.unavailable);
      }
      try {
        writeOutputFile(target, text, { display: f.file, ...(options.force ? { force: true } : {}) });
      } catch (error) {
        throw new CliError((error as Error).message, ExitCode.unavailable);
      }
    }
  }
  if (skipped.size > 0) {
    const { terminalText } = await import("../report-error.js");
    for (const message of skipped) io.stderr(`enginekit: ${await terminalText(message)}\n`);
    return ExitCode.unavailable;
  }
  if (options.online && results.some((r) => r.findings.some((f) => f.ruleId === "secret-ref/unreachable")))
    return ExitCode.unavailable;
  return results.some((r) => r.failing > 0) ? ExitCode.findings : ExitCode.ok;
}
