/**
 * The part of a synced directory one `DiffCopy` call asks for: BuildKit sends include patterns, exclude
 * patterns and follow paths in the call's metadata (moby/buildkit `session/filesync/filesync.go`), and
 * the sender walks only what they select, as fsutil's `filter.go` (`NewFilterFS`, `filterFS.Walk`) does:
 *
 * - follow paths are added to the include patterns, with the target of each that is a symlink (followed
 *   again, fsutil `followlinks.go`);
 * - a path is kept when some include pattern matches it or a directory above it, and no exclude
 *   pattern does (both decided as moby/patternmatcher's `MatchesUsingParentResults`, by enginekit's
 *   matcher, which implements the same rules);
 * - a directory that is not kept itself is still sent, before the first entry kept below it;
 * - a hard link whose first path is not kept is sent as the regular file it is.
 *
 * fsutil's walker also skips directories no pattern can reach; that only saves it work, the selection
 * is the same.
 */

import { loadEngineRegexp } from "../../../ignore/engine-regexp.js";
import { IgnoreMatcher, type ParentMatchState } from "../../../ignore/ignore-matcher.js";
import { GoMode, isRegularMode, type SyncEntry } from "./synced-dirs.js";

/** What one `DiffCopy` call asks for (its metadata, moby/buildkit `filesync.go` keys). */
export interface SyncSelection {
  /** `include-patterns` */
  includePatterns: readonly string[];
  /** `exclude-patterns` */
  excludePatterns: readonly string[];
  /** `followpaths` */
  followPaths: readonly string[];
}

/** Longest chain of symlinks followed for one follow path (Linux's own limit is 40). */
const MAX_LINK_HOPS = 255;

/**
 * The matchers of a selection (undefined when it selects everything), compiled and ready (the engine's
 * regexp loaded when a pattern needs it).
 * @throws IgnoreFileError for a pattern the engine would refuse (named `include-patterns` or
 *   `exclude-patterns`, with its position in the list as the line).
 */
export async function selectionMatchers(
  entries: readonly SyncEntry[],
  selection: SyncSelection,
): Promise<{ include?: IgnoreMatcher; exclude?: IgnoreMatcher } | undefined> {
  const includes = [...selection.includePatterns];
  if (selection.followPaths.length > 0) {
    for (const target of followLinks(entries, selection.followPaths))
      if (!includes.includes(target)) includes.push(target);
  }
  if (includes.length === 0 && selection.excludePatterns.length === 0) return undefined;
  const include = includes.length > 0 ? IgnoreMatcher.fromPatterns(includes, "include-patterns") : undefined;
  const exclude =
    selection.excludePatterns.length > 0
      ? IgnoreMatcher.fromPatterns(selection.excludePatterns, "exclude-patterns")
      : undefined;
  if (include?.needsEngineRegexp || exclude?.needsEngineRegexp) await loadEngineRegexp();
  return { ...(include ? { include } : {}), ...(exclude ? { exclude } : {}) };
}

/**
 * The follow paths and, for each that is a symlink in `entries`, its target (relative to the directory;
 * an absolute target counts from the directory's root), followed again (fsutil `FollowLinks`).
 */
function followLinks(entries: readonly SyncEntry[], paths: readonly string[]): string[] {
  let links: Map<string, string> | undefined;
  const out: string[] = [];
  for (const given of paths) {
    let path = cleanRelative(given);
    for (let hop = 0; hop < MAX_LINK_HOPS && path !== "" && !out.includes(path); hop++) {
      out.push(path);
      links ??= new Map(
        entries.filter((e) => (e.mode & GoMode.symlink) !== 0).map((e) => [e.path, e.linkname]),
      );
      const target = links.get(path);
      if (target === undefined) break;
      const slash = path.lastIndexOf("/");
      path = cleanRelative(
        target.startsWith("/") || slash < 0 ? target : `${path.slice(0, slash)}/${target}`,
      );
    }
  }
  return out;
}

/** A path cleaned like Go's `filepath.Clean` and made relative (`..` above the root is dropped). */
function cleanRelative(path: string): string {
  const parts: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  return parts.join("/");
}

interface OpenDir {
  entry: SyncEntry;
  prefix: string;
  include: ParentMatchState | undefined;
  exclude: ParentMatchState | undefined;
  sent: boolean;
}

/**
 * The entries a selection keeps, in order (see the module comment); `entries` itself when `matchers` is
 * undefined. @throws IgnoreFileError when a pattern the engine reads as a regular expression does not compile.
 */
export function selectEntries(
  entries: readonly SyncEntry[],
  matchers: { include?: IgnoreMatcher; exclude?: IgnoreMatcher } | undefined,
): readonly SyncEntry[] {
  if (matchers === undefined) return entries;
  const { include, exclude } = matchers;
  const out: SyncEntry[] = [];
  const open: OpenDir[] = [];
  const sentFiles = new Map<string, string>();
  for (const entry of entries) {
    const path = entry.path;
    while (open.length > 0 && !path.startsWith(open[open.length - 1]!.prefix)) open.pop();
    const parent = open[open.length - 1];
    let skip = false;
    let includeState: ParentMatchState | undefined;
    let excludeState: ParentMatchState | undefined;
    if (include) {
      const r = include.matchesUsingParent(path, parent?.include);
      includeState = r.state;
      if (!r.decision.excluded) skip = true;
    }
    if (exclude) {
      const r = exclude.matchesUsingParent(path, parent?.exclude);
      excludeState = r.state;
      if (r.decision.excluded) skip = true;
    }
    if (!skip) {
      for (const dir of open) {
        if (dir.sent) continue;
        dir.sent = true;
        out.push(dir.entry);
      }
      out.push(keptEntry(entry, sentFiles));
    }
    if ((entry.mode & GoMode.dir) !== 0)
      open.push({ entry, prefix: `${path}/`, include: includeState, exclude: excludeState, sent: !skip });
  }
  return out;
}

/**
 * A kept entry: a hard link whose first path was not sent becomes that regular file, and the later links
 * to the same inode link to it. `sentFiles` maps each first path to the path sent for its inode.
 */
function keptEntry(entry: SyncEntry, sentFiles: Map<string, string>): SyncEntry {
  if (!isRegularMode(entry.mode)) return entry;
  if (entry.linkname === "") {
    sentFiles.set(entry.path, entry.path);
    return entry;
  }
  const sent = sentFiles.get(entry.linkname);
  if (sent === entry.linkname) return entry;
  if (sent !== undefined) return { ...entry, linkname: sent };
  sentFiles.set(entry.linkname, entry.path);
  return { ...entry, linkname: "", size: entry.linkedSize ?? entry.size };
}
