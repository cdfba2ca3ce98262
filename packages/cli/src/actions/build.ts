/**
 * The implementation of `enginekit build [options] [context]`, loaded only when the command runs: packs
 * the build context (honouring `.engineignore`) and posts it to the engine's `POST /build`, printing the
 * build output as it arrives (docs/build.md). Without an engine, `--output` writes the archive and
 * `--list` shows what would be sent and why paths are excluded.
 */
import { readFileSync } from "node:fs";
import { access } from "node:fs/promises";
import { join, relative, resolve } from "node:path";
import {
  CredentialHelperError,
  cliConfigFolder,
  EngineAddressError,
  EngineApiError,
  EngineClient,
  EngineConfigError,
  EngineError,
  type RegistryConfig,
  SecretsApiError,
  SecretsClient,
  SecretsConnectionError,
  SecretsProtocolError,
  SecretsUsageError,
} from "@enginekit/api";
import {
  BuildFailedError,
  BuildFlagError,
  type BuildParameters,
  BuildQueryError,
  type BuildSession,
  buildQueryFor,
  ContextError,
  type ContextPlan,
  compareNames,
  type ExceptionMode,
  FileSync,
  formatMessage,
  IgnoreFileError,
  type PackProgress,
  type PreparedContext,
  packContext,
  parseBuildArgs,
  parseByteSize,
  parseByteSizeOrUnlimited,
  parseCpuList,
  parseInteger,
  parseLabels,
  parseSecretRegistryAuth,
  prepareContext,
  RegistryCredentialsError,
  readCredentialsFile,
  readSecretRegistryAuth,
  runBuild,
  type SecretSource,
} from "@enginekit/build-context";
import {
  describeIoError,
  escapeForTerminal,
  escapeLinesForTerminal,
  OutputError,
  writeOutputFile,
  writeOutputStream,
} from "@enginekit/node-io";
import type { SingleBar } from "cli-progress";
import { CliError, ExitCode } from "../errors.js";
import { type CliIo, readStdin } from "../io.js";
import { writeStreamToStdout } from "../stdout.js";
import { CLIENT_SESSION_REMOTE, chooseContextTransfer } from "./build-context-transfer.js";
import { type BuilderSetupFlags, setUpBuilder } from "./build-progress/builder-setup.js";
import { type BuildkitProgress, openBuildkitProgress } from "./build-progress/buildkit-progress.js";
import { progressMode } from "./build-progress/progress-mode.js";
import { type BuildSecrets, openSessionIfNeeded, readBuildSecrets } from "./build-secrets.js";
import { configuredBuildSecrets } from "./configured-build-secrets.js";
import { engineFailure, engineTimeoutOptions } from "./engine.js";
import { keepHttpParserOnBaselineTier } from "./http-parser-tier.js";
import { projectClientEnvironment } from "./project-network.js";

/**
 * Options as commander parses them (see {@link registerBuildCommand} for their meaning); those the builder
 * choice reads (`--builder`, `--target`, `--secret`…, and the resource limits only the classic builder
 * honours on some engines) are declared with that step (`BuilderSetupFlags`).
 */
export interface BuildFlags extends BuilderSetupFlags {
  file?: string;
  tag: string[];
  remote?: string;
  quiet?: boolean;
  cache: boolean;
  pull?: boolean;
  buildArg: string[];
  label: string[];
  registryConfig?: string;
  registryAuth: string[];
  iidfile?: string;
  output?: string;
  force?: boolean;
  list?: boolean;
  reproducible?: boolean;
  compress?: boolean;
  exceptions: string;
  host?: string;
  context?: string;
  connectTimeout?: string;
  timeout?: string;
  idleTimeout?: string;
  progress?: string;
  contextTransfer?: string;
  /** `--service NAME`: build this Compose service's `build:` section (the argument is the Compose file). */
  service?: string;
}

export async function buildAction(context: string | undefined, flags: BuildFlags, io: CliIo): Promise<void> {
  const state: { engine?: EngineClient } = {};
  try {
    if (flags.service !== undefined) {
      // The argument names the Compose file; the service's build: section gives the context and flags.
      const { composeServiceBuild } = await import("./compose-service-build.js");
      const build = composeServiceBuild(flags.service, context, flags, io);
      await runBuildCommand(build.context, build.flags, io, state, build.secrets);
      return;
    }
    await runBuildCommand(context, flags, io, state);
  } catch (error) {
    throw toCliError(error, state.engine);
  }
}

/**
 * Maps library errors to one-line messages and exit codes (docs/build.md "Exit codes"); engine failures
 * name the engine's address (`engine`, when one was configured).
 */
function toCliError(error: unknown, engine: EngineClient | undefined): unknown {
  if (error instanceof CliError) return error;
  if (error instanceof OutputError) return new CliError(error.message, ExitCode.unavailable);
  if (error instanceof BuildFailedError)
    return new CliError(`build failed: ${error.message}`, ExitCode.findings);
  if (
    error instanceof BuildFlagError ||
    error instanceof BuildQueryError ||
    error instanceof IgnoreFileError ||
    error instanceof RegistryCredentialsError ||
    error instanceof EngineAddressError ||
    error instanceof EngineConfigError ||
    error instanceof CredentialHelperError
  ) {
    return new CliError(error.message, ExitCode.usage);
  }
  if (error instanceof ContextError) {
    return new CliError(error.message, error.kind === "usage" ? ExitCode.usage : ExitCode.unavailable);
  }
  if (error instanceof EngineApiError)
    return new CliError(`engine refused the build: ${error.engineMessage}`, ExitCode.unavailable);
  if (error instanceof EngineError) return engineFailure(error, engine?.address ?? "(unknown)");
  if (
    error instanceof SecretsApiError ||
    error instanceof SecretsConnectionError ||
    error instanceof SecretsProtocolError ||
    error instanceof SecretsUsageError
  ) {
    return new CliError(error.message, ExitCode.unavailable);
  }
  if (isAbort(error)) return new CliError("interrupted", ExitCode.interrupted);
  return error;
}

function isAbort(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === "AbortError" || (error as { code?: string }).code === "ABORT_ERR")
  );
}

/** Turns flags into the `POST /build` query (validated later, before anything is sent). */
function buildParameters(flags: BuildFlags, env: NodeJS.ProcessEnv): BuildParameters {
  const p: BuildParameters = {};
  if (flags.tag.length > 0) p.t = flags.tag;
  if (flags.remote !== undefined) p.remote = flags.remote;
  if (flags.quiet) p.q = true;
  if (!flags.cache) p.nocache = true;
  if (flags.pull) p.pull = true;
  if (!flags.rm) p.rm = false;
  if (flags.forceRm) p.forcerm = true;
  if (flags.memory !== undefined) p.memory = parseByteSize("--memory", flags.memory);
  if (flags.memorySwap !== undefined) p.memswap = parseByteSizeOrUnlimited("--memory-swap", flags.memorySwap);
  if (flags.cpuShares !== undefined) p.cpushares = parseInteger("--cpu-shares", flags.cpuShares);
  if (flags.cpusetCpus !== undefined) p.cpusetcpus = parseCpuList("--cpuset-cpus", flags.cpusetCpus);
  if (flags.cpuPeriod !== undefined) p.cpuperiod = parseInteger("--cpu-period", flags.cpuPeriod);
  if (flags.cpuQuota !== undefined) p.cpuquota = parseInteger("--cpu-quota", flags.cpuQuota);
  if (flags.buildArg.length > 0) p.buildargs = parseBuildArgs(flags.buildArg, env);
  if (flags.shmSize !== undefined) p.shmsize = parseByteSize("--shm-size", flags.shmSize);
  if (flags.label.length > 0) p.labels = parseLabels(flags.label);
  return p;
}

/**
 * Builds `context` with `flags`; `serviceSecrets` are a Compose service's build secrets (`--service`),
 * which win over `.enginekit.yaml`'s for the same id (the command line wins over both).
 */
async function runBuildCommand(
  context: string | undefined,
  flags: BuildFlags,
  io: CliIo,
  state: { engine?: EngineClient },
  serviceSecrets: readonly SecretSource[] = [],
): Promise<void> {
  if (flags.exceptions !== "exact" && flags.exceptions !== "engine-cli") {
    throw new CliError(
      `--exceptions must be exact or engine-cli, not ${JSON.stringify(flags.exceptions)}`,
      ExitCode.usage,
    );
  }
  if (context === undefined && flags.remote === undefined) {
    throw new CliError("a build context directory (or --remote <url>) is required", ExitCode.usage);
  }
  if (context !== undefined && flags.remote !== undefined) {
    throw new CliError("give either a context directory or --remote, not both", ExitCode.usage);
  }
  if (context === "-") {
    throw new CliError("a context from standard input is not supported; give a directory", ExitCode.usage);
  }
  const parameters = buildParameters(flags, io.env);
  // Validate the options before touching the context (the real `dockerfile` value comes from the plan).
  buildQueryFor(context === undefined ? undefined : { enginefile: "Enginefile" }, parameters);
  if (flags.list || flags.output !== undefined) {
    if (context === undefined)
      throw new CliError(`${flags.list ? "--list" : "--output"} needs a context directory`, ExitCode.usage);
    const plan = await planBuildContext(context, flags, io);
    buildQueryFor(plan, parameters);
    if (flags.list) printList(plan, io);
    else await writeArchive(plan, flags, io);
    return;
  }
  // Credentials are read (and checked) before anything reaches the engine.
  const configured = [
    ...serviceSecrets,
    ...(await configuredBuildSecrets(io, [...flags.secret, ...serviceSecrets.map((s) => `id=${s.id}`)])),
  ];
  const env = await projectClientEnvironment(io, {
    secrets: flags.registryAuth.length > 0 || configured.some((s) => s.kind === "svc"),
  });
  const registryConfig = await loadRegistryConfig(flags, io, env);
  const secrets = await readBuildSecrets(flags, io, env, configured);
  keepHttpParserOnBaselineTier();
  const engine = new EngineClient({
    env,
    ...engineTimeoutOptions(flags),
    ...(flags.host !== undefined ? { host: flags.host } : {}),
    ...(flags.context !== undefined ? { context: flags.context } : {}),
  });
  state.engine = engine;
  try {
    // Connect and negotiate the API version while the context is walked. A failure is reported by the
    // build request itself, which negotiates again.
    engine.apiVersion().catch(() => undefined);
    await buildWithEngine(engine, context, parameters, registryConfig, secrets, flags, io);
  } finally {
    await engine.close();
  }
}

/**
 * Plans the context (`-f -` reads the Enginefile from standard input); prints the walk's warnings.
 * @throws ContextError, IgnoreFileError (see `planContext`).
 */
async function planBuildContext(context: string, flags: BuildFlags, io: CliIo): Promise<ContextPlan> {
  const plan = await (await prepareBuildContext(context, flags, io, false)).walk();
  printWalkWarnings(plan, io);
  return plan;
}

/**
 * Resolves the context, the Enginefile (`-f -` reads it from standard input) and the ignore file; the walk
 * comes later (`PreparedContext.walk`). `nanoseconds`: record exact mtimes, which BuildKit's file sync
 * sends (a build records them whatever the builder: they cost the walk no more).
 */
async function prepareBuildContext(
  context: string,
  flags: BuildFlags,
  io: CliIo,
  nanoseconds = true,
): Promise<PreparedContext> {
  const enginefile = flags.file === "-" ? { content: await readStdin(io) } : flags.file;
  const epoch = io.env.SOURCE_DATE_EPOCH;
  return prepareContext({
    context,
    cwd: io.cwd,
    exceptionMode: flags.exceptions as ExceptionMode,
    ...(nanoseconds ? { nanoseconds } : {}),
    ...(enginefile !== undefined ? { enginefile } : {}),
    ...(flags.reproducible ? { reproducible: true } : {}),
    ...(flags.reproducible && epoch && /^\d+$/.test(epoch) ? { sourceDateEpoch: Number(epoch) } : {}),
  });
}

function printWalkWarnings(plan: ContextPlan, io: CliIo): void {
  for (const w of plan.warnings)
    io.stderr(`warning: ${escapeForTerminal(w.path)}: ${escapeForTerminal(w.reason)}\n`);
}

/**
 * Plans the context (if any), uploads it to `engine` and prints the build output and image ID.
 *
 * The walk runs in slices while the engine is asked which builder it has (docs/build.md "How the context
 * reaches the engine"). An
 * archive waits for the whole walk before anything is sent. Through BuildKit's file sync, the session and
 * the build start at once and BuildKit's request for the context waits for the walk: the engine's own
 * start of the build (the session, the Enginefile, the frontend) overlaps the walk. A walk that fails
 * (an unreadable path) fails the build when BuildKit asks for the context, with the walk's message, and
 * nothing of the context is sent (the stats go out only after the whole walk). A build that never asks
 * for the context (no `COPY`/`ADD` from it) succeeds and stops the walk when it ends, as the engine CLI,
 * which walks only when asked, succeeds.
 */
async function buildWithEngine(
  engine: EngineClient,
  context: string | undefined,
  parameters: BuildParameters,
  registryConfig: RegistryConfig | undefined,
  secrets: BuildSecrets,
  flags: BuildFlags,
  io: CliIo,
): Promise<void> {
  const mode = progressMode(flags.progress, flags.quiet === true, Boolean(process.stderr.isTTY));
  const settingUp = setUpBuilder(engine, flags, io.env);
  settingUp.catch(() => undefined); // awaited below; a failed walk must not leave it unhandled
  // Aborted by SIGINT, and when the build ends (stopping a walk nobody needs).
  const controller = new AbortController();
  const onSigint = () => controller.abort();
  process.once("SIGINT", onSigint);
  try {
    const prepared = context === undefined ? undefined : await prepareBuildContext(context, flags, io);
    const planning = prepared?.walk({ inSlices: true, signal: controller.signal }).then((plan) => {
      printWalkWarnings(plan, io);
      return plan;
    });
    planning?.catch(() => undefined); // awaited below, or by the file sync (which keeps its failure)
    if (!prepared && flags.file !== undefined) parameters.dockerfile = flags.file;
    const setup = await settingUp;
    let transfer = chooseContextTransfer(flags.contextTransfer, {
      builder: setup.choice.builder,
      localContext: prepared !== undefined,
      reproducible: flags.reproducible === true,
    });
    // Validate again with the Enginefile path, before any output or upload.
    buildQueryFor(prepared, parameters);
    let plan = transfer === "filesync" ? undefined : await planning;
    const gzip = flags.compress ?? !engine.address.startsWith("unix://");
    let buildkit: BuildkitProgress | undefined;
    let session: BuildSession | undefined;
    // the file sync keeps a failed walk as its problem when BuildKit asks for the context, not before
    const buildContext = planning?.then((p) => p.buildContext);
    buildContext?.catch(() => undefined);
    let fileSync =
      transfer === "filesync" && prepared && buildContext
        ? new FileSync({ ...prepared, buildContext })
        : undefined;
    let progress: Awaited<ReturnType<typeof progressReporter>> | undefined;
    try {
      if (setup.choice.builder === "buildkit") {
        const version = setup.engineApiVersion;
        session = await openSessionIfNeeded(
          {
            upgrade: (request, protocol) =>
              engine.http.upgrade({ ...request, ...(version ? { apiVersion: version } : {}) }, protocol),
          },
          secrets,
          registryConfig,
          prepared?.root,
          fileSync,
        );
        if (session) setup.parameters.session = session.id;
        // An engine that refuses sessions gets the archive.
        if (fileSync && !session) {
          [transfer, fileSync] = ["tarball", undefined];
          plan = await planning;
        }
        buildkit = await openBuildkitProgress({
          mode,
          stderr: io.stderr,
          terminal: process.stderr,
          mask: secrets.mask,
          enginefile: prepared && enginefileOf(prepared, flags),
          engineApiVersion: setup.engineApiVersion,
          ...(parameters.buildargs ? { buildArgs: parameters.buildargs } : {}),
        });
      }
      // Through the session, the engine reads the context from BuildKit's file sync: no body.
      if (prepared && transfer === "filesync") {
        parameters.remote = CLIENT_SESSION_REMOTE;
        parameters.dockerfile = prepared.buildFile.name;
      }
      progress = await progressReporter(mode === "quiet" ? undefined : plan, io);
      const shown = progress;
      const result = await runBuild({
        plan,
        parameters,
        builderParameters: setup.parameters,
        ...(setup.apiVersion ? { apiVersion: setup.apiVersion } : {}),
        engine,
        gzip,
        signal: controller.signal,
        onProgress: shown.update,
        ...(registryConfig ? { registryConfig } : {}),
        onMessage: (message) => {
          shown.finish(true);
          if (buildkit) return buildkit.onMessage(message);
          if (flags.quiet) return;
          const text = formatMessage(message);
          if (text !== undefined) io.stdout(text);
        },
      });
      shown.finish(true);
      await buildkit?.finish(false);
      if (result.imageId !== undefined) {
        if (flags.iidfile !== undefined)
          writeOutputFile(resolve(io.cwd, flags.iidfile), result.imageId, {
            display: flags.iidfile,
            ...(flags.force ? { force: true } : {}),
          });
        io.stdout(`${result.imageId}\n`);
      }
    } catch (error) {
      // a failure after the display started ends it (and the failing step's report) before the message
      if (progress) {
        progress.finish(false);
        await buildkit?.finish(error instanceof BuildFailedError);
      }
      if (controller.signal.aborted)
        throw new CliError("interrupted: the upload and the build were cancelled", ExitCode.interrupted);
      // The walk's failure (an unreadable path) or a file that vanished or shrank while BuildKit read it:
      // say which, not BuildKit's echo of it.
      if (fileSync?.problem) throw fileSync.problem;
      const refusal = error instanceof BuildFailedError ? buildkit?.explain(error.message) : undefined;
      if (refusal) throw new CliError(secrets.mask(refusal), ExitCode.findings);
      if (error instanceof BuildFailedError)
        throw new BuildFailedError(secrets.mask(error.message), error.code);
      throw error;
    } finally {
      session?.close();
    }
  } finally {
    process.removeListener("SIGINT", onSigint);
    controller.abort();
  }
}

/**
 * The Enginefile's name as the user knows it and its text, so a failing step can be shown at its line;
 * undefined when it cannot be read (the report then names the step only).
 */
function enginefileOf(
  prepared: PreparedContext,
  flags: BuildFlags,
): { name: string; text: string } | undefined {
  const file = prepared.buildFile;
  try {
    const bytes = file.content ?? (file.path ? readFileSync(file.path) : undefined);
    if (!bytes) return undefined;
    const name = flags.file === undefined || flags.file === "-" ? prepared.enginefile : flags.file;
    return { name, text: bytes.toString("utf8") };
  } catch {
    return undefined;
  }
}

/**
 * Upload progress: a bar on a terminal (cli-progress, loaded only then), two plain lines otherwise;
 * nothing without a plan (`--quiet`, like the engine CLI's `-q`, prints only the image ID).
 */
async function progressReporter(plan: ContextPlan | undefined, io: CliIo) {
  const total = plan?.totalBytes ?? 0;
  const files = plan?.entries.length ?? 0;
  let bar: SingleBar | undefined;
  let done = false;
  const started = Date.now();
  if (plan && io.isTTY) {
    // cli-progress is CommonJS: its exports object is the namespace's `default` both under Node's ES module
    // loader and in the bundle, where esbuild hands a split CommonJS chunk back as `{ default }` only (its
    // named exports were undefined there: "SingleBar is not a constructor", issue 30).
    const { SingleBar } = (await import("cli-progress")).default;
    bar = new SingleBar({
      stream: process.stderr,
      format: "Sending build context [{bar}] {percentage}% | {sent}/{size} | {entries}/{files} entries",
      hideCursor: true,
      clearOnComplete: true,
    });
    bar.start(total, 0, { sent: formatBytes(0), size: formatBytes(total), entries: 0, files });
  }
  let last: PackProgress = { bytes: 0, entries: 0 };
  let sending = false;
  return {
    update: (p: PackProgress) => {
      last = p;
      // Said once the upload really started (the engine took the connection), never before.
      if (!sending && plan && !bar)
        io.stderr(`Sending build context: ${files} entries, ${formatBytes(total)}\n`);
      sending = true;
      bar?.update(p.bytes, { sent: formatBytes(p.bytes), entries: p.entries });
    },
    /**
     * Ends the progress display, at the first build message or at the end; idempotent. `Sent …` is printed
     * only when the engine `answered` (the context arrived), not after a failed or refused upload.
     */
    finish: (answered: boolean) => {
      if (done || !plan) return;
      done = true;
      bar?.stop();
      if (!bar && answered && sending)
        io.stderr(`Sent ${formatBytes(last.bytes)} in ${((Date.now() - started) / 1000).toFixed(2)} s\n`);
    },
  };
}

function formatBytes(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(2)} GB`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)} MB`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(2)} kB`;
  return `${n} B`;
}

/**
 * `--list`: every path in walk order; excluded ones with the file, line and pattern that excluded them;
 * then (on standard error) the totals and which build file and ignore file were used, and why.
 */
function printList(plan: ContextPlan, io: CliIo): void {
  const rows: { path: string; line: string }[] = [];
  for (const e of plan.entries) {
    const suffix = e.header.type === "5" ? "/" : e.header.type === "2" ? ` -> ${e.header.linkname}` : "";
    rows.push({ path: e.path, line: `send     ${e.path}${suffix}` });
  }
  for (const x of plan.excluded) {
    const where = `${relative(plan.root, x.pattern.file) || x.pattern.file}:${x.pattern.line}`;
    rows.push({
      path: x.path,
      line: `exclude  ${x.path}${x.isDir ? "/" : ""}  (${where}: ${x.pattern.text})`,
    });
  }
  const key = (p: string) => p.split("/");
  rows.sort((a, b) => {
    const ka = key(a.path);
    const kb = key(b.path);
    for (let i = 0; i < Math.min(ka.length, kb.length); i++) {
      const c = compareNames(ka[i]!, kb[i]!);
      if (c !== 0) return c;
    }
    return ka.length - kb.length;
  });
  // paths and patterns come from the context: control characters are shown as escapes
  io.stdout(rows.map((r) => `${escapeForTerminal(r.line)}\n`).join(""));
  const ignoreFile =
    plan.ignoreFile === undefined ? "none" : relative(plan.root, plan.ignoreFile) || plan.ignoreFile;
  io.stderr(
    `${plan.entries.length} entries to send (${formatBytes(plan.totalBytes)}), ${plan.excluded.length} excluded\n` +
      `build file:  ${plan.enginefile} (${plan.enginefileReason})\n` +
      `ignore file: ${ignoreFile} (${plan.ignoreFileReason})\n`,
  );
  printPatternCounts(plan, io);
}

/**
 * `--list`, after the totals: each pattern of the ignore file with how many of the context's paths it
 * matches on its own (sent and excluded paths; an excluded directory counts once), so a pattern that
 * matches nothing stands out.
 */
function printPatternCounts(plan: ContextPlan, io: CliIo): void {
  const patterns = plan.ignoreMatcher.patterns;
  if (patterns.length === 0) return;
  const counts = plan.ignoreMatcher.matchCounts([
    ...plan.entries.map((e) => e.path),
    ...plan.excluded.map((x) => x.path),
  ]);
  const where = (p: (typeof patterns)[number]) => `${relative(plan.root, p.file) || p.file}:${p.line}`;
  const width = Math.max(...patterns.map((p) => where(p).length));
  const lines = patterns.map((p, i) => {
    const n = counts[i]!;
    const text = `${p.exception ? "!" : ""}${p.text}`;
    return `  ${where(p).padEnd(width)}  ${text}  matches ${n} path${n === 1 ? "" : "s"}${n === 0 ? " (nothing in this context)" : ""}\n`;
  });
  io.stderr(`patterns:\n${escapeLinesForTerminal(lines.join(""))}`);
}

/**
 * `--output`: the archive to standard output, or to a file through `writeOutputStream` (a regular file
 * is replaced whole or not at all; a device, FIFO or `/dev/fd/N` is written directly: docs/security.md).
 */
async function writeArchive(plan: ContextPlan, flags: BuildFlags, io: CliIo): Promise<void> {
  // Each chunk is written before the next is asked for, so the packer's buffers recycle.
  const archive = packContext(plan, { gzip: flags.compress === true, recycleBuffers: true });
  if (flags.output === "-") {
    try {
      await writeStreamToStdout(archive);
    } catch (error) {
      archive.destroy();
      if ((error as NodeJS.ErrnoException).code === "EPIPE")
        throw new CliError("standard output was closed", ExitCode.brokenPipe);
      throw new CliError(`cannot write standard output: ${describeIoError(error)}`, ExitCode.unavailable);
    }
    return;
  }
  try {
    await writeOutputStream(resolve(io.cwd, flags.output!), archive, {
      display: flags.output!,
      ...(flags.force ? { force: true } : {}),
    });
  } finally {
    archive.destroy();
  }
  io.stderr(`Wrote ${formatBytes(plan.totalBytes)} (${plan.entries.length} entries) to ${flags.output}\n`);
}

/**
 * Credentials from `--registry-config` (or `config.json` of `ENGINE_CONFIG`, `DOCKER_CONFIG` or `~/.docker`,
 * with its credential helpers) and `--registry-auth` (its `svc:` references read with a secrets client
 * configured by `clientEnv`: the environment with the project configuration's `secrets:`).
 */
async function loadRegistryConfig(
  flags: BuildFlags,
  io: CliIo,
  clientEnv: NodeJS.ProcessEnv,
): Promise<RegistryConfig | undefined> {
  let config: RegistryConfig = {};
  const explicit = flags.registryConfig !== undefined;
  const path = explicit
    ? resolve(io.cwd, flags.registryConfig!)
    : join(cliConfigFolder(io.env).folder, "config.json");
  const exists = await access(path).then(
    () => true,
    (error: NodeJS.ErrnoException) => error.code !== "ENOENT",
  );
  if (explicit || exists) config = await readCredentialsFile(path, { env: io.env });
  if (flags.registryAuth.length > 0) {
    const requests = flags.registryAuth.map(parseSecretRegistryAuth);
    const secrets = new SecretsClient({ env: clientEnv });
    config = { ...config, ...(await readSecretRegistryAuth(secrets, requests)) };
  }
  return config;
}
