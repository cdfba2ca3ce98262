import { readFileSync } from "node:fs";
import { relative, resolve, sep } from "node:path";
import { checkSecretReferences, type SecretsReader } from "@enginekit/manifests";
import { analyzeManifest } from "../engine/analyzed-manifest.js";
import { fixText, fixTextAsync } from "../engine/fix.js";
import { type FileKind, lintAnalyzedEnginefile, lintAnalyzedManifest } from "../engine/lint-document.js";
import type { LintSettings } from "../engine/settings.js";
import { analyzeEnginefile } from "../enginefile/analysis.js";
import type { Finding } from "../model/finding.js";
import { atOrAbove, type Severity } from "../model/severity.js";
import { writeFileAtomic } from "./atomic-write.js";
import { discoverFiles } from "./discover.js";
import { engineIgnoreFor, type LintOverrides, ProjectSettings } from "./project-settings.js";

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
}

/** Options of {@link lintFiles}. */
export interface LintFilesOptions {
  cwd: string;
  overrides?: LintOverrides;
  /** Apply quick fixes and rewrite files atomically. */
  fix?: boolean;
  /** Check manifests' secret references against the secrets service through this reader. */
  secrets?: SecretsReader;
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

function kindOf(name: string): FileKind {
  return /\.(ya?ml|json)$/i.test(name) ? "manifest" : "enginefile";
}

async function lintOne(
  text: string,
  kind: FileKind,
  path: string,
  settings: LintSettings,
  options: LintFilesOptions,
): Promise<{ text: string; findings: Finding[]; fixesApplied: number }> {
  if (kind === "enginefile") {
    const isIgnored = engineIgnoreFor(path);
    const s: LintSettings = {
      ...settings,
      enginefile: { ...settings.enginefile, ...(isIgnored ? { isIgnored } : {}) },
    };
    const lint = (t: string) => lintAnalyzedEnginefile(analyzeEnginefile(t, s.enginefile), s);
    const fixed = options.fix ? fixText(text, lint) : { text, applied: 0 };
    return { text: fixed.text, findings: lint(fixed.text), fixesApplied: fixed.applied };
  }
  const lint = async (t: string) => {
    const manifest = analyzeManifest(t, path);
    if (options.secrets) {
      const refs = manifest.check.documents.flatMap((d) => d.references);
      if (refs.length > 0)
        manifest.findings.push(
          ...(await checkSecretReferences(refs, options.secrets, { text: t, lines: manifest.check.lines })),
        );
    }
    return lintAnalyzedManifest(manifest, settings);
  };
  const fixed = options.fix ? await fixTextAsync(text, lint) : { text, applied: 0 };
  return { text: fixed.text, findings: await lint(fixed.text), fixesApplied: fixed.applied };
}

function failingCount(findings: Finding[], threshold: Severity | "none"): number {
  return threshold === "none" ? 0 : findings.filter((f) => atOrAbove(f.severity, threshold)).length;
}

/**
 * Lints files and directories (discovered as {@link discoverFiles} says) and optional stdin text, each
 * with the configuration that applies to it. With `fix`, files are rewritten atomically only when a fix
 * changed them. Results are in path order. Throws `ConfigError`, `DiscoveryError`, `IgnoreFileError`
 * and `fs` errors (the caller maps them to exit codes 2 and 3).
 */
export async function lintFiles(
  paths: readonly string[],
  options: LintFilesOptions,
  stdin?: TextInput,
): Promise<FileResult[]> {
  const project = new ProjectSettings(options.cwd, options.overrides);
  const files = discoverFiles(paths, options.cwd, {
    isExcluded: (p) => project.isExcluded(p),
    dockerfiles: (d) => project.dockerfiles(d),
    isManifest: (p) => project.isManifest(p),
  });
  const out: FileResult[] = [];
  for (const f of files) {
    const text = readFileSync(f.path, "utf8");
    const { settings, failureThreshold } = project.forFile(f.path);
    const r = await lintOne(text, f.kind, f.path, settings, options);
    if (options.fix && r.text !== text) writeFileAtomic(f.path, r.text);
    out.push({
      path: display(options.cwd, f.path),
      absolutePath: f.path,
      kind: f.kind,
      text: r.text,
      findings: r.findings,
      failing: failingCount(r.findings, failureThreshold),
      fixesApplied: r.fixesApplied,
    });
  }
  if (stdin) {
    const abs = resolve(options.cwd, stdin.fileName);
    const { settings, failureThreshold } = project.forFile(abs);
    const kind = kindOf(stdin.fileName);
    const r = await lintOne(stdin.text, kind, abs, settings, options);
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
