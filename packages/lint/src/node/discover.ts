import { readdirSync, statSync } from "node:fs";
import { isAbsolute, join, relative } from "node:path";
import { kindInDirectory, kindOfNamedFile } from "../discovery/file-kind.js";
import type { FileKind } from "../engine/lint-document.js";

/** A file to lint: absolute path and kind. */
export interface DiscoveredFile {
  path: string;
  kind: FileKind;
}

/** What {@link discoverFiles} needs to know per folder (from the nearest configuration). */
export interface DiscoveryPolicy {
  /** True when `path` (absolute) is excluded by the configuration's `ignore` patterns. */
  isExcluded(path: string): boolean;
  /** Whether Dockerfile-named files are linted in `dir`. */
  dockerfiles(dir: string): boolean;
  /** Whether a file not matched by name is a manifest by the configuration's `manifests` globs. */
  isManifest(path: string): boolean;
}

const ALWAYS_SKIPPED = new Set([".git", "node_modules", ".hg", ".svn"]);

/** Thrown when a named path does not exist or cannot be read. */
export class DiscoveryError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(message);
    this.name = "DiscoveryError";
  }
}

/**
 * Expands the paths a user named into files to lint: files as named (any name; kind by extension),
 * directories walked recursively for `Enginefile`, `*.Enginefile`, `Enginefile.*`, Dockerfile-named files
 * when configured, and manifests (`*.container.yaml` …, plus the configured globs). Skips `.git` and
 * `node_modules`, configured ignore patterns, and files git ignores (`git check-ignore`, when the folder
 * is in a git work tree). Sorted, without duplicates. Throws {@link DiscoveryError} for a missing path.
 */
export function discoverFiles(
  paths: readonly string[],
  cwd: string,
  policy: DiscoveryPolicy,
): DiscoveredFile[] {
  const found = new Map<string, FileKind>();
  const walked: string[] = [];
  for (const p of paths) {
    const abs = isAbsolute(p) ? p : join(cwd, p);
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(abs);
    } catch (error) {
      throw new DiscoveryError(
        p,
        `${p}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file or directory" : String(error)}`,
      );
    }
    if (st.isDirectory()) walk(abs, policy, found, walked);
    else found.set(abs, kindOfNamedFile(abs));
  }
  const gitIgnored = gitIgnoredAmong(walked, cwd);
  return [...found]
    .filter(([path]) => !gitIgnored.has(path))
    .map(([path, kind]) => ({ path, kind }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function walk(dir: string, policy: DiscoveryPolicy, out: Map<string, FileKind>, walked: string[]): void {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const e of entries) {
    const path = join(dir, e.name);
    if (ALWAYS_SKIPPED.has(e.name) || policy.isExcluded(path)) continue;
    if (e.isDirectory()) walk(path, policy, out, walked);
    else if (e.isFile()) {
      const kind =
        kindInDirectory(e.name, { dockerfiles: policy.dockerfiles(dir) }) ??
        (policy.isManifest(path) ? "manifest" : undefined);
      if (kind) {
        out.set(path, kind);
        walked.push(path);
      }
    }
  }
}

/** The subset of `files` that git ignores (empty when git or a work tree is unavailable). */
function gitIgnoredAmong(files: string[], cwd: string): Set<string> {
  if (files.length === 0) return new Set();
  try {
    // loaded when a walk needs it (start-up: one file never spawns git)
    const { execFileSync } = process.getBuiltinModule("node:child_process");
    const out = execFileSync("git", ["check-ignore", "--stdin", "-z"], {
      cwd,
      input: files.map((f) => relative(cwd, f)).join("\0"),
      stdio: ["pipe", "pipe", "ignore"],
      maxBuffer: 64 * 1024 * 1024,
    });
    return new Set(
      out
        .toString("utf8")
        .split("\0")
        .filter(Boolean)
        .map((f) => join(cwd, f)),
    );
  } catch (error) {
    // exit 1 = nothing ignored; 128 = not a git work tree or git missing
    const stdout = (error as { stdout?: Buffer }).stdout;
    if (stdout && stdout.length > 0)
      return new Set(
        stdout
          .toString("utf8")
          .split("\0")
          .filter(Boolean)
          .map((f) => join(cwd, f)),
      );
    return new Set();
  }
}
