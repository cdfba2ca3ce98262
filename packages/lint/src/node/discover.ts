/**
 * `discoverFiles`: expands the paths a user named into the files to lint and their kinds, walking folders for
 * build files, manifests and Compose files, skipping ignored paths and what git ignores, with the
 * symbolic-link and unreadable-name rules of docs/lint.md (`DiscoveryError`).
 */
import { readdirSync, statSync } from "node:fs";
import { isAbsolute, join, relative } from "node:path";
import { BoundedReadError, describeIoError } from "@enginekit/node-io";
import { kindInDirectory, kindOfNamedFile } from "../discovery/file-kind.js";
import type { FileKind } from "../runner/lint-document.js";

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
  /** Whether Compose's default file names are linted in `dir` (default true). */
  compose?(dir: string): boolean;
  /** Whether a file not matched by name is a manifest by the configuration's `manifests` globs. */
  isManifest(path: string): boolean;
  /**
   * Called as the walk enters each folder, before any question about its entries: a promise it returns
   * is awaited first (`lintFiles` loads the configuration reader there when the folder holds the first
   * configuration file the walk meets).
   */
  enterFolder?(dir: string): Promise<void> | undefined;
  /**
   * Receives a folder or a lintable file the walk cannot read and skips (its name is not valid UTF-8:
   * Node cannot name it), with the one-line message; the rest is linted (docs/lint.md). Without it,
   * the walk throws {@link DiscoveryError} for such a name.
   */
  skipped?(error: DiscoveryError): void;
}

/** Why a file or folder whose name is not valid UTF-8 is not linted (shown with U+FFFD), as `build` says. */
const INVALID_UTF8_NAME =
  "the name is not valid UTF-8 (shown with \uFFFD): enginekit cannot read it; rename it, or exclude it with an ignore pattern";

const ALWAYS_SKIPPED = new Set([".git", "node_modules", ".hg", ".svn"]);

/**
 * Thrown when a named path does not exist, or a path to lint (named or found) cannot be read: one line
 * naming it. `code` is the `fs` error code (`ENOENT` for a missing path: a usage error; others are I/O
 * errors, exit 3).
 */
export class DiscoveryError extends Error {
  constructor(
    readonly path: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = "DiscoveryError";
  }
}

/** The {@link DiscoveryError} for an `fs` error on `shown` (the path as the user sees it). */
export function unreadable(shown: string, error: unknown): DiscoveryError {
  if (error instanceof BoundedReadError)
    return new DiscoveryError(shown, `${shown}: ${error.reason}`, error.code);
  const e = error as NodeJS.ErrnoException;
  const reason = e.code === "ENOENT" ? "no such file or directory" : describeIoError(error);
  return new DiscoveryError(shown, `${shown}: ${reason}`, e.code);
}

/**
 * Expands the paths a user named into files to lint: files as named (any name; kind by extension),
 * directories walked recursively for `Enginefile`, `*.Enginefile`, `Enginefile.*`, Dockerfile-named files
 * when configured, and manifests (`*.container.yaml` …, plus the configured globs). Skips `.git` and
 * `node_modules`, configured ignore patterns, and files git ignores (`git check-ignore`, when the folder
 * is in a git work tree). Sorted, without duplicates.
 *
 * Symbolic links (docs/lint.md "Symbolic links and unreadable paths"): a named path is followed; in a walk, a link to a file
 * with a lintable name is linted (under the link's path), a link to a folder is not entered (no cycles,
 * no leaving the tree), and a dangling link with a lintable name is an error.
 * Throws {@link DiscoveryError} for a missing path and for a folder or link that cannot be read (nothing
 * is skipped silently; exclude such paths with ignore patterns). Asynchronous only for
 * {@link DiscoveryPolicy.enterFolder}; the file system is read synchronously.
 */
export async function discoverFiles(
  paths: readonly string[],
  cwd: string,
  policy: DiscoveryPolicy,
): Promise<DiscoveredFile[]> {
  const found = new Map<string, FileKind>();
  const walked: string[] = [];
  for (const p of paths) {
    const abs = isAbsolute(p) ? p : join(cwd, p);
    let st: ReturnType<typeof statSync>;
    try {
      st = statSync(abs);
    } catch (error) {
      throw unreadable(p, error);
    }
    if (st.isDirectory()) await walk(abs, policy, found, walked, cwd);
    else found.set(abs, kindOfNamedFile(abs));
  }
  const gitIgnored = gitIgnoredAmong(walked, cwd);
  return [...found]
    .filter(([path]) => !gitIgnored.has(path))
    .map(([path, kind]) => ({ path, kind }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

async function walk(
  dir: string,
  policy: DiscoveryPolicy,
  out: Map<string, FileKind>,
  walked: string[],
  cwd: string,
): Promise<void> {
  const entering = policy.enterFolder?.(dir);
  if (entering) await entering;
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    throw unreadable(relative(cwd, dir) || dir, error);
  }
  const invalid = entries.some((e) => e.name.includes("\uFFFD")) ? invalidUtf8Names(dir) : undefined;
  for (const e of entries) {
    const path = join(dir, e.name);
    if (ALWAYS_SKIPPED.has(e.name) || policy.isExcluded(path)) continue;
    if (invalid?.has(e.name)) {
      // Node reads the name with U+FFFD in place of the bad bytes, and no file has that name: a folder
      // cannot be walked and a file cannot be read. Report the ones that matter and lint the rest.
      const lintable = e.isDirectory() || kindInDirectory(e.name, { dockerfiles: policy.dockerfiles(dir) });
      if (!lintable) continue;
      const shown = relative(cwd, path) || path;
      const error = new DiscoveryError(shown, `${shown}: ${INVALID_UTF8_NAME}`, "EILSEQ");
      if (!policy.skipped) throw error;
      policy.skipped(error);
      continue;
    }
    if (e.isDirectory()) await walk(path, policy, out, walked, cwd);
    else if (e.isFile() || e.isSymbolicLink()) {
      const kind =
        kindInDirectory(e.name, {
          dockerfiles: policy.dockerfiles(dir),
          compose: policy.compose?.(dir) ?? true,
        }) ?? (policy.isManifest(path) ? "manifest" : undefined);
      if (kind && (e.isFile() || isLinkToFile(path, cwd))) {
        out.set(path, kind);
        walked.push(path);
      }
    }
  }
}

/**
 * Whether the link at `path` leads to a file (false for a folder or anything else). A dangling link,
 * or one that cannot be followed, is an error naming it.
 */
function isLinkToFile(path: string, cwd: string): boolean {
  try {
    return statSync(path).isFile();
  } catch (error) {
    const shown = relative(cwd, path) || path;
    if ((error as NodeJS.ErrnoException).code === "ENOENT")
      throw new DiscoveryError(shown, `${shown}: a symbolic link to a missing file`, "EDANGLING");
    throw unreadable(shown, error);
  }
}

/** The names (as Node decodes them, with U+FFFD) of the entries of `dir` that are not valid UTF-8. */
function invalidUtf8Names(dir: string): Set<string> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const out = new Set<string>();
  for (const raw of readdirSync(dir, { encoding: "buffer" })) {
    try {
      decoder.decode(raw);
    } catch {
      out.add(raw.toString("utf8"));
    }
  }
  return out;
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
