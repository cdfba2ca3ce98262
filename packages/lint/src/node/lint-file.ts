/**
 * Linting one file on disk: `FileJob` (plain data a worker thread can receive), `lintFileJob` and `lintOne`
 * (read, analyse, apply quick fixes with `--fix`, count failing findings with `failingCount`), giving a
 * `FileResult` (the project's own design).
 */
import type { SecretsReader } from "@enginekit/manifests";
import { analyzeEnginefile } from "../enginefile/analysis.js";
import { type ImagePlatformReader, readImagePlatforms } from "../enginefile/image-platforms.js";
import type { Finding } from "../model/finding.js";
import { atOrAbove, type Severity } from "../model/severity.js";
import { fixText } from "../runner/fix.js";
import type { FileKind } from "../runner/lint-document.js";
import { lintAnalyzedEnginefile } from "../runner/lint-enginefile.js";
import type { LintSettings } from "../runner/settings.js";
import { composeBuildSecretsFor } from "./compose-build-secrets.js";
import { unreadable } from "./discover.js";
import { loadEngineIgnoreFor } from "./project-settings.js";
import { readSourceText } from "./source-text.js";

/** The outcome for one file. `path` is relative to the working directory, `/`-separated. */
export interface FileResult {
  path: string;
  absolutePath: string | undefined;
  kind: FileKind;
  /** The text linted (after fixes, with `--fix`). */
  text: string;
  findings: Finding[];
  /** Findings at or above this file's failure threshold. */
  failing: number;
  /** Quick fixes applied (with `--fix`). */
  fixesApplied: number;
  /** With `--fix`: the fixes changed the text, so the file is to be rewritten (by `lintFiles`). */
  changed?: boolean;
}

/**
 * One file to lint, with everything resolved for it. Plain data (no functions), so it can be sent to a
 * worker thread: the `.engineignore` matcher is built where the file is linted.
 */
export interface FileJob {
  /** Absolute path. */
  path: string;
  /** The path as reported (relative to the working directory, `/`-separated). */
  display: string;
  kind: FileKind;
  settings: LintSettings;
  failureThreshold: Severity | "none";
  /** ShellCheck's findings on the file's text, found before the job ran (one process for all files). */
  shellcheck?: Finding[];
}

/** How files are linted: quick fixes, and the secrets and image-platform readers for online checks. */
export interface LintJobOptions {
  fix?: boolean;
  secrets?: SecretsReader;
  /** The engine's image platforms, for invalid-base-image-platform (`--online`). */
  images?: ImagePlatformReader;
}

/**
 * Lints text as the file `path` (absolute); the text after fixes, its findings and the fixes applied.
 * `shellcheck` are ShellCheck's findings on `text`: kept when no fix changed the text (a fixed text
 * would need a new ShellCheck run; its next lint has them again).
 */
export async function lintOne(
  text: string,
  kind: FileKind,
  path: string,
  settings: LintSettings,
  options: LintJobOptions,
  shellcheck: readonly Finding[] = [],
): Promise<{ text: string; findings: Finding[]; fixesApplied: number }> {
  if (kind === "ignorefile") {
    const { lintIgnoreFileAt } = await import("./ignore-context.js");
    return { text, findings: await lintIgnoreFileAt(text, path, settings), fixesApplied: 0 };
  }
  if (kind === "enginefile") {
    const ignore = await loadEngineIgnoreFor(path);
    const compose = await composeBuildSecretsFor(path, text);
    let s: LintSettings = { ...settings, enginefile: { ...settings.enginefile, ...ignore, ...compose } };
    if (options.images) {
      const facts = await readImagePlatforms(analyzeEnginefile(text, s.enginefile), options.images);
      s = { ...s, enginefile: { ...s.enginefile, ...facts } };
    }
    const lint = (t: string) =>
      lintAnalyzedEnginefile(analyzeEnginefile(t, s.enginefile), s, t === text ? shellcheck : []);
    const fixed = options.fix ? fixText(text, lint) : { text, applied: 0 };
    return { text: fixed.text, findings: lint(fixed.text), fixesApplied: fixed.applied };
  }
  if (kind === "compose") {
    // Loaded on demand, like manifests: Compose needs YAML, ajv and the api schemas.
    const { lintComposeFile } = await import("./lint-compose-file.js");
    return lintComposeFile(text, path, settings, options);
  }
  // Loaded on demand: manifests need the api schemas, which Enginefile-only runs never build.
  const { lintManifestFile } = await import("./lint-manifest-file.js");
  return lintManifestFile(text, path, settings, options);
}

/** Findings at or above `threshold` (none for `none`). */
export function failingCount(findings: Finding[], threshold: Severity | "none"): number {
  return threshold === "none" ? 0 : findings.filter((f) => atOrAbove(f.severity, threshold)).length;
}

/**
 * Reads and lints one file (with `fix`, `changed` tells whether the fixed text differs; the file is
 * written by the main thread, where signals are handled). Throws `DiscoveryError` naming an unreadable
 * file, and `IgnoreFileError`.
 */
export async function lintFileJob(job: FileJob, options: LintJobOptions): Promise<FileResult> {
  let text: string;
  try {
    text = readSourceText(job.path, job.kind);
  } catch (error) {
    throw unreadable(job.display, error);
  }
  const r = await lintOne(text, job.kind, job.path, job.settings, options, job.shellcheck);
  return {
    path: job.display,
    absolutePath: job.path,
    kind: job.kind,
    text: r.text,
    findings: r.findings,
    failing: failingCount(r.findings, job.failureThreshold),
    fixesApplied: r.fixesApplied,
    ...(options.fix && r.text !== text ? { changed: true } : {}),
  };
}
