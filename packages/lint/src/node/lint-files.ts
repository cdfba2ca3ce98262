/**
 * `lintFiles`, what `enginekit lint` runs: discovers the files, resolves each one's configuration, lints them
 * in this thread or in worker threads, adds ShellCheck findings, lints standard input, and with `--fix`
 * rewrites changed files atomically (`FixWriteError` for those it could not); docs/lint.md.
 */
import { statSync } from "node:fs";
import { dirname, relative, resolve, sep } from "node:path";
import type { SecretsReader } from "@enginekit/manifests";
import { OutputError, writeOutputFile } from "@enginekit/node-io";
import { type ConfigReader, findConfigFile } from "../config/find-config.js";
import { loadConfigReader } from "../config/reader.js";
import { kindOfNamedFile } from "../discovery/file-kind.js";
import type { ImagePlatformReader } from "../enginefile/image-platforms.js";
import { type DiscoveryError, discoverFiles } from "./discover.js";
import { type FileJob, type FileResult, failingCount, lintOne } from "./lint-file.js";
import { lintInWorkers, lintSequentially, workerCount } from "./parallel.js";
import { type LintOverrides, ProjectSettings } from "./project-settings.js";
import { addShellcheckFindings } from "./shellcheck-jobs.js";
import { sourceBytes } from "./source-text.js";

export type { FileResult };

/** Options of {@link lintFiles}. */
export interface LintFilesOptions {
  cwd: string;
  overrides?: LintOverrides;
  /** Apply quick fixes and rewrite the files changed, through {@link writeOutputFile}. */
  fix?: boolean;
  /** With `fix`: rewrite read-only files too. */
  force?: boolean;
  /** Check manifests' secret references against the secrets service through this reader. */
  secrets?: SecretsReader;
  /** Check base images' platforms against the engine through this reader (invalid-base-image-platform). */
  images?: ImagePlatformReader;
  /**
   * Worker threads to lint with: `"auto"` (default) uses up to one per core beyond the first when
   * there are many files and the linter runs from its built JavaScript; 0 lints in this thread.
   */
  workers?: number | "auto";
  /**
   * ShellCheck inside RUN: `"auto"` (default) runs the `shellcheck` found on `PATH`, if any, once for
   * all files; a path runs that executable; false never runs it.
   */
  shellcheck?: "auto" | string | false;
  /** Receives one line when ShellCheck fails (the lint goes on without its findings). */
  onNotice?: (message: string) => void;
  /**
   * Progress: called with (0, total) once the files are known, then after each file is linted with the
   * files done so far (in any thread), and not for stdin text. For a display (`enginekit lint` on a terminal).
   */
  onProgress?: (done: number, total: number) => void;
  /**
   * Receives each folder or file a walk skips because it cannot be named (not valid UTF-8): the rest is
   * linted and the caller reports these (the command line exits 3). Without it, lintFiles throws.
   */
  onSkipped?: (error: DiscoveryError) => void;
}

/** Text given directly (stdin): its display name decides the kind and which configuration applies. */
export interface TextInput {
  text: string;
  /** Path used for messages, configuration lookup and the kind (`--stdin-filename`). */
  fileName: string;
}

function display(cwd: string, path: string): string {
  const rel = relative(cwd, path) || path;
  return sep === "/" ? rel : rel.split(sep).join("/");
}

/**
 * The configuration reader when a configuration file applies to a path given, else undefined (a walk
 * loads it when it enters a folder holding one: `ProjectSettings.enterFolder`). Reading one loads YAML
 * and the config schema (zod), about 20 ms of the start-up of `enginekit lint` on one file, so it is
 * imported only when needed: an explicit `--config`, or a configuration file in the folder of a file
 * given, in a directory given, or in an ancestor of either (and, in a walk, in a folder below).
 */
async function configReaderFor(
  paths: readonly string[],
  cwd: string,
  overrides: LintOverrides,
  stdin: TextInput | undefined,
): Promise<ConfigReader | undefined> {
  if (overrides.configFile !== undefined) return loadConfigReader();
  if (overrides.noConfig) return undefined;
  // Files given one by one mostly share folders (`enginekit lint dir/*`): look in each folder once.
  const lookups = new Map<string, string | undefined>();
  for (const p of [...paths, ...(stdin ? [stdin.fileName] : [])]) {
    const abs = resolve(cwd, p);
    const isDirectory =
      p !== stdin?.fileName && (statSync(abs, { throwIfNoEntry: false })?.isDirectory() ?? false);
    if (findConfigFile(isDirectory ? abs : dirname(abs), lookups) !== undefined) return loadConfigReader();
  }
  return undefined;
}

/** The files to lint, as jobs with the settings that apply to each, and the project settings used. */
async function planJobs(
  paths: readonly string[],
  options: LintFilesOptions,
  readConfig: ConfigReader | undefined,
): Promise<{ jobs: FileJob[]; project: ProjectSettings }> {
  const overrides = options.overrides ?? {};
  const project = new ProjectSettings(options.cwd, overrides, readConfig, loadConfigReader);
  const files = await discoverFiles(paths, options.cwd, {
    enterFolder: (d) => project.enterFolder(d),
    isExcluded: (p) => project.isExcluded(p),
    dockerfiles: (d) => project.dockerfiles(d),
    compose: (d) => project.compose(d),
    isManifest: (p) => project.isManifest(p),
    ...(options.onSkipped ? { skipped: options.onSkipped } : {}),
  });
  const jobs: FileJob[] = files.map((f) => {
    const { settings, failureThreshold } = project.forFile(f.path);
    // the ignore matcher is rebuilt where the file is linted (jobs are plain data for worker threads)
    const { isIgnored: _, ...enginefile } = settings.enginefile;
    return {
      path: f.path,
      display: display(options.cwd, f.path),
      kind: f.kind,
      settings: { ...settings, enginefile },
      failureThreshold,
    };
  });
  return { jobs, project };
}

/**
 * Lints files and directories (discovered as {@link discoverFiles} says) and optional stdin text, each
 * with the configuration that applies to it. With `fix`, the files a fix changed are rewritten by
 * {@link writeOutputFile} in this thread (atomically, keeping links and properties; read-only ones only
 * with `force`), every one that can be, before {@link FixWriteError} reports those that could not.
 * Results are in path order. Throws `ConfigError`, `DiscoveryError`, `IgnoreFileError`,
 * {@link FixWriteError} and `fs` errors (the caller maps them to exit codes 2 and 3).
 */
export async function lintFiles(
  paths: readonly string[],
  options: LintFilesOptions,
  stdin?: TextInput,
): Promise<FileResult[]> {
  const readConfig = await configReaderFor(paths, options.cwd, options.overrides ?? {}, stdin);
  const { jobs, project } = await planJobs(paths, options, readConfig);
  options.onProgress?.(0, jobs.length);
  const jobOptions = {
    ...(options.fix ? { fix: true } : {}),
    ...(options.secrets ? { secrets: options.secrets } : {}),
    ...(options.images ? { images: options.images } : {}),
  };
  const stdinText = stdin ? { ...stdin, path: resolve(options.cwd, stdin.fileName) } : undefined;
  const stdinShellcheck = await addShellcheckFindings(jobs, stdinText, project, options);
  const workers = options.secrets || options.images ? 0 : workerCount(jobs.length, options.workers);
  const onProgress = options.onProgress;
  let done = 0;
  const onFileDone = onProgress && (() => onProgress(++done, jobs.length));
  const out: FileResult[] =
    workers > 0
      ? await lintInWorkers(jobs, jobOptions, workers, onFileDone)
      : await lintSequentially(jobs, jobOptions, onFileDone);
  if (options.fix) writeFixedFiles(out, options.force === true);
  if (stdin) {
    const abs = resolve(options.cwd, stdin.fileName);
    const { settings, failureThreshold } = project.forFile(abs);
    const kind = kindOfNamedFile(stdin.fileName);
    const r = await lintOne(stdin.text, kind, abs, settings, options, stdinShellcheck);
    out.push({
      path: stdin.fileName,
      absolutePath: undefined,
      kind,
      text: r.text,
      findings: r.findings,
      failing: failingCount(r.findings, failureThreshold),
      fixesApplied: r.fixesApplied,
    });
  }
  return out;
}

/** Some files fixed by `--fix` could not be written: one {@link OutputError} (one line) per file. */
export class FixWriteError extends Error {
  constructor(readonly errors: OutputError[]) {
    super(errors.map((e) => e.message).join("\n"));
    this.name = "FixWriteError";
  }
}

/** Writes every file `--fix` changed; throws {@link FixWriteError} listing those that failed. */
function writeFixedFiles(results: FileResult[], force: boolean): void {
  const errors: OutputError[] = [];
  for (const r of results) {
    if (!r.changed || r.absolutePath === undefined) continue;
    try {
      writeOutputFile(r.absolutePath, sourceBytes(r.text, r.kind), {
        display: r.path,
        ...(force ? { force } : {}),
      });
    } catch (error) {
      if (!(error instanceof OutputError)) throw error;
      errors.push(error);
    }
  }
  if (errors.length > 0) throw new FixWriteError(errors);
}
