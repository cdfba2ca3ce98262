/**
 * The directories a BuildKit session's file sync serves, as fsutil stats (tonistiigi/fsutil
 * `types/stat.proto`, `stat.go`, `stat_unix.go`): `context` is the plan's `buildContext` — what the
 * ignore file left, decided once by enginekit's matcher — and `dockerfile` holds the build file alone, as
 * the engine CLI's build command serves them (docker/cli `cli/command/image/build_buildkit.go`, with
 * `resetUIDAndGID`: owner and group 0 in the context).
 *
 * A stat carries Go's `os.FileMode` bits (permission bits, `ModeDir`, `ModeSymlink`, …; Go's
 * `fillFileStatFromSys`), the size (a symlink's is its target's length, a directory's 0), the exact
 * nanosecond mtime, the link target (a symlink's, or for a hard link the path of the inode's first
 * entry, with size 0, as fsutil's `setUnixOpt` does) and device numbers. Entries keep fsutil's walk order —
 * names in byte order, each directory before its contents — which BuildKit's receiver checks (fsutil
 * `validator.go`); a directory the ignore file excluded but whose contents an exception re-included is
 * sent with its own stat before them, as fsutil's walker sends such parents.
 */
import { lstatSync } from "node:fs";
import type { BuildFile } from "../../../pack/plan-context.js";
import { type TarHeader, TypeFlag } from "../../../pack/tar-header.js";
import type { ContextEntry } from "../../../pack/walk-context.js";

/** Go's `os.FileMode` type bits (Go `io/fs` `FileMode`), as fsutil puts them in `Stat.mode`. */
export const GoMode = {
  dir: 2 ** 31,
  symlink: 2 ** 27,
  device: 2 ** 26,
  namedPipe: 2 ** 25,
  setuid: 2 ** 23,
  setgid: 2 ** 22,
  charDevice: 2 ** 21,
  sticky: 2 ** 20,
} as const;

/** Go's `ModeType`: every type bit (dir, symlink, named pipe, socket, device, char device, irregular). */
const GO_TYPE_BITS = 2 ** 31 + 2 ** 27 + 2 ** 26 + 2 ** 25 + 2 ** 24 + 2 ** 21 + 2 ** 19;

/** One entry of a synced directory: an fsutil `Stat` and where a regular file's bytes come from. */
export interface SyncEntry {
  /** `/`-separated path relative to the directory. */
  path: string;
  /** Go `os.FileMode` bits (uint32). */
  mode: number;
  uid: number;
  gid: number;
  /** Bytes: a regular file's size, a symlink's target length, 0 for directories and hard links. */
  size: number;
  /** Modification time in nanoseconds since the epoch. */
  mtimeNs: bigint;
  /** A symlink's target, or a hard link's first path ("" otherwise). */
  linkname: string;
  devmajor: number;
  devminor: number;
  /** Absolute path of a regular file's content (also kept on hard links, for views that drop the first path). */
  source?: string | undefined;
  /** A regular file's content, when it is in memory. */
  content?: Uint8Array | undefined;
  /** A hard link's size as a regular file, for views that drop the first path. */
  linkedSize?: number;
}

/** Whether a mode is a regular file's, whose bytes the receiver may request (fsutil `fileCanRequestData`). */
export function isRegularMode(mode: number): boolean {
  // Bitwise operators work on the low 32 bits, which is all a uint32 mode has.
  return (mode & GO_TYPE_BITS) === 0;
}

/** Go's `FileMode` of a tar header's entry (Go `fillFileStatFromSys`). */
function goFileMode(header: TarHeader): number {
  let mode = header.mode & 0o777;
  if (header.mode & 0o4000) mode += GoMode.setuid;
  if (header.mode & 0o2000) mode += GoMode.setgid;
  if (header.mode & 0o1000) mode += GoMode.sticky;
  switch (header.type) {
    case TypeFlag.dir:
      return mode + GoMode.dir;
    case TypeFlag.symlink:
      return mode + GoMode.symlink;
    case TypeFlag.fifo:
      return mode + GoMode.namedPipe;
    case TypeFlag.char:
      return mode + GoMode.device + GoMode.charDevice;
    case TypeFlag.block:
      return mode + GoMode.device;
    default:
      return mode;
  }
}

/** The Go `FileMode` of a Unix `st_mode` (for directories found outside the plan). */
function goModeOfUnix(unixMode: number): number {
  let mode = unixMode & 0o777;
  if (unixMode & 0o4000) mode += GoMode.setuid;
  if (unixMode & 0o2000) mode += GoMode.setgid;
  if (unixMode & 0o1000) mode += GoMode.sticky;
  return mode + GoMode.dir;
}

function nanoseconds(entry: ContextEntry): bigint {
  return entry.mtimeNs ?? BigInt(entry.header.mtime) * 1_000_000_000n;
}

/** An fsutil stat of one plan entry (owner and group 0, as the engine CLI maps the context). */
function syncEntryOf(entry: ContextEntry): SyncEntry {
  const h = entry.header;
  const out: SyncEntry = {
    path: entry.path,
    mode: goFileMode(h),
    uid: 0,
    gid: 0,
    size: 0,
    mtimeNs: nanoseconds(entry),
    linkname: "",
    devmajor: h.devmajor ?? 0,
    devminor: h.devminor ?? 0,
  };
  switch (h.type) {
    case TypeFlag.file:
      out.size = h.size;
      out.source = entry.source;
      out.content = entry.content;
      break;
    case TypeFlag.symlink:
      out.linkname = h.linkname ?? "";
      out.size = Buffer.byteLength(out.linkname);
      break;
    case TypeFlag.hardlink:
      out.linkname = h.linkname ?? "";
      break;
  }
  return out;
}

/**
 * The `context` directory: the plan's `buildContext` as fsutil stats, with any directory the ignore file
 * excluded but walked for an exception inserted (its own `lstat`) before the first entry it holds.
 * Hard links keep their first path's content source and size.
 * @throws the `lstat` error of such a directory that vanished since the walk.
 */
export function contextDir(plan: { root: string; buildContext: readonly ContextEntry[] }): SyncEntry[] {
  const out: SyncEntry[] = [];
  /** Regular files by path, built when the first hard link needs its first path. */
  let files: Map<string, SyncEntry> | undefined;
  /** The directories along the current path, innermost last. */
  const open: string[] = [];
  for (const entry of plan.buildContext) {
    const path = entry.path;
    while (open.length > 0 && !path.startsWith(`${open[open.length - 1]}/`)) open.pop();
    const slash = path.lastIndexOf("/");
    if (slash > 0) {
      const top = open.length === 0 ? "" : open[open.length - 1]!;
      if (path.slice(0, slash) !== top) {
        // Directories between `top` and the entry that were not sent: excluded, walked for an exception.
        let at = top === "" ? 0 : top.length + 1;
        for (let next = path.indexOf("/", at); next >= 0; next = path.indexOf("/", at)) {
          const dir = path.slice(0, next);
          out.push(excludedParent(plan.root, dir));
          open.push(dir);
          at = next + 1;
        }
      }
    }
    const stat = syncEntryOf(entry);
    const type = entry.header.type;
    if (type === TypeFlag.dir) open.push(path);
    else if (type === TypeFlag.file) files?.set(path, stat);
    else if (type === TypeFlag.hardlink) {
      files ??= new Map(
        out.filter((e) => e.source !== undefined && e.linkname === "").map((e) => [e.path, e]),
      );
      const first = files.get(stat.linkname);
      if (first) {
        stat.source = first.source;
        stat.content = first.content;
        stat.linkedSize = first.size;
      }
    }
    out.push(stat);
  }
  return out;
}

/** The stat of a directory found outside the plan (an excluded parent of re-included entries). */
function excludedParent(root: string, dir: string): SyncEntry {
  const stats = lstatSync(`${root}/${dir}`, { bigint: true });
  return {
    path: dir,
    mode: goModeOfUnix(Number(stats.mode)),
    uid: 0,
    gid: 0,
    size: 0,
    mtimeNs: stats.mtimeNs,
    linkname: "",
    devmajor: 0,
    devminor: 0,
  };
}

/**
 * The `dockerfile` directory: the build file alone, under the name the build is told. From a file, its
 * own permission bits and mtime; from standard input, mode 0600 and the time it was read (so a changed
 * build file is never taken for the one BuildKit kept from the previous build).
 * @throws the `lstat` error of a build file that vanished since planning.
 */
export function dockerfileDir(file: BuildFile, readAtNs: bigint): SyncEntry[] {
  const stats = file.path === undefined ? undefined : lstatSync(file.path, { bigint: true });
  return [
    {
      path: file.name,
      mode: stats ? Number(stats.mode) & 0o777 : 0o600,
      uid: 0,
      gid: 0,
      size: file.content?.length ?? Number(stats!.size),
      mtimeNs: stats?.mtimeNs ?? readAtNs,
      linkname: "",
      devmajor: 0,
      devminor: 0,
      source: file.content === undefined ? file.path : undefined,
      content: file.content,
    },
  ];
}
