/**
 * The one writer for every file enginekit writes (`lint --fix`, `lint -f fmt=FILE`, `build -o FILE`,
 * `build --iidfile`), with the guarantees of docs/security.md "Output files":
 *
 * - a regular file, or a path that does not exist yet, is replaced atomically: the content goes to a
 *   temporary file in the same folder, which takes the old file's mode, owner and group (as far as the
 *   process may) and is renamed over it — a reader sees the old content or the new, never a part;
 * - a symbolic link is followed: its target is written (a dangling link's target is created) and the
 *   link stays a link;
 * - a regular file with other hard links is written in place, after the full content is ready (staged
 *   in a temporary file first), so every link sees the new content; so is a writable file in a folder
 *   where no temporary file may be created (`writeOutputFile` only: its content is whole in memory);
 * - anything else — a device (`/dev/full`, `/dev/null`), a FIFO, `/dev/fd/N` or `/dev/stdout` (a
 *   shell's `>(…)`) — is opened and written directly, never replaced;
 * - a read-only file (no write permission bits, or not writable by this process) is refused unless
 *   `force` is set;
 * - temporary files are named `.NAME.enginekit-PID-RANDOM.tmp`; they are removed on failure, at exit
 *   and on SIGINT/SIGTERM/SIGHUP (after which the signal takes its default course), and a later write
 *   in the same folder removes those left by a process that no longer runs (`kill -9`).
 *
 * Every failure is an {@link OutputError}: one line naming the target.
 */
import {
  accessSync,
  closeSync,
  constants,
  copyFileSync,
  fchmodSync,
  fchownSync,
  open as fsOpen,
  fstatSync,
  write as fsWrite,
  lstatSync,
  openSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  renameSync,
  type Stats,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { describeIoError } from "./io-error.js";

/** A failure to write an output: `message` is one line naming the target (as the user gave it). */
export class OutputError extends Error {
  /** The target as the user named it. */
  readonly target: string;
  /** The `fs` error code (`ENOSPC`, `EACCES` …), when there is one. */
  readonly code: string | undefined;

  constructor(target: string, message: string, code?: string) {
    super(message);
    this.name = "OutputError";
    this.target = target;
    this.code = code;
  }
}

/** Options of {@link writeOutputFile} and {@link writeOutputStream}. */
export interface OutputOptions {
  /** Replace a read-only file anyway (`--force`). */
  force?: boolean;
  /** The target as the user named it, for messages (default: the path). */
  display?: string;
}

/** How a target is written (see the module comment). */
type OutputPlan =
  | { how: "replace"; path: string; stats: Stats | undefined }
  | { how: "in-place"; path: string; stats: Stats }
  | { how: "direct"; path: string; stats: Stats | undefined };

/** Paths that name an open descriptor of this process: always written directly. */
const DESCRIPTOR_PATH = /^\/(?:dev\/(?:fd\/\d+|stdout|stderr)|proc\/(?:self|\d+)\/fd\/\d+)$/;

/** The longest chain of symbolic links followed for a dangling link (Linux's limit). */
const MAX_SYMLINKS = 40;

function outputError(display: string, error: unknown): OutputError {
  if (error instanceof OutputError) return error;
  return new OutputError(
    display,
    `cannot write ${display}: ${describeIoError(error)}`,
    (error as NodeJS.ErrnoException)?.code,
  );
}

/** The final path a chain of symbolic links points to (the chain may end at a missing file). */
function followLinks(path: string): string {
  let at = path;
  for (let i = 0; i < MAX_SYMLINKS; i++) {
    let st: Stats;
    try {
      st = lstatSync(at);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return at;
      throw error;
    }
    if (!st.isSymbolicLink()) return realpathSync(at);
    at = resolve(dirname(at), readlinkSync(at));
  }
  throw Object.assign(new Error("too many levels of symbolic links"), { code: "ELOOP" });
}

function isReadOnly(path: string, stats: Stats): boolean {
  if ((stats.mode & 0o222) === 0) return true;
  try {
    accessSync(path, constants.W_OK);
    return false;
  } catch {
    return true;
  }
}

/** Decides how `path` (absolute) is written. Throws `fs` errors and {@link OutputError}. */
function planOutput(path: string, options: OutputOptions, display: string): OutputPlan {
  if (DESCRIPTOR_PATH.test(path)) return { how: "direct", path, stats: statSync(path) };
  const real = followLinks(path);
  const stats = statSync(real, { throwIfNoEntry: false });
  if (stats === undefined) return { how: "replace", path: real, stats: undefined };
  if (stats.isDirectory()) throw Object.assign(new Error("is a directory"), { code: "EISDIR" });
  if (!stats.isFile()) return { how: "direct", path: real, stats };
  if (!options.force && isReadOnly(real, stats))
    throw new OutputError(
      display,
      `cannot write ${display}: the file is read-only (use --force to replace it)`,
      "EACCES",
    );
  return stats.nlink > 1 ? { how: "in-place", path: real, stats } : { how: "replace", path: real, stats };
}

// --- temporary files ------------------------------------------------------------------------------

const TEMP_NAME = /^\..*\.enginekit-(\d+)-[0-9a-f]+\.tmp$/;
const liveTemps = new Set<string>();
const sweptFolders = new Set<string>();
let handlersInstalled = false;

function tempPathFor(path: string): string {
  const random = process.getBuiltinModule("node:crypto").randomBytes(6).toString("hex");
  return join(dirname(path), `.${basename(path)}.enginekit-${process.pid}-${random}.tmp`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Removes, once per folder and run, temporary files left by processes that no longer run. */
function sweepStaleTemps(folder: string): void {
  if (sweptFolders.has(folder)) return;
  sweptFolders.add(folder);
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    const m = TEMP_NAME.exec(name);
    if (!m || Number(m[1]) === process.pid || isRunning(Number(m[1]))) continue;
    try {
      unlinkSync(join(folder, name));
    } catch {
      // another run removed it, or the folder is not ours to clean
    }
  }
}

function removeTemp(temp: string): void {
  liveTemps.delete(temp);
  try {
    unlinkSync(temp);
  } catch {
    // never created, or already renamed
  }
}

function removeAllTemps(): void {
  for (const t of [...liveTemps]) removeTemp(t);
}

/**
 * On SIGINT/SIGTERM/SIGHUP: removes the temporary files, then lets the signal take its course — when
 * no other listener handles it, the listener steps aside and the signal is raised again, so the
 * process ends as the signal's default action would (exit status 128 + signal number).
 */
function onSignal(signal: NodeJS.Signals): void {
  removeAllTemps();
  if (process.listenerCount(signal) > 1) return;
  process.removeListener(signal, onSignal);
  process.kill(process.pid, signal);
}

/**
 * Installs the clean-up handlers (once). They stay installed: a signal that arrives during a
 * synchronous write is delivered when the write is done, so the file is whole or untouched.
 */
function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on("exit", removeAllTemps);
  for (const s of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(s, onSignal);
}

function createTemp(path: string, stats: Stats | undefined): { temp: string; fd: number } {
  installHandlers();
  sweepStaleTemps(dirname(path));
  const temp = tempPathFor(path);
  liveTemps.add(temp);
  let fd: number | undefined;
  try {
    fd = openSync(temp, "wx", stats ? 0o600 : 0o666);
    if (stats) keepProperties(fd, stats);
    return { temp, fd };
  } catch (error) {
    if (fd !== undefined) closeSync(fd);
    removeTemp(temp);
    throw error;
  }
}

/** Gives the temporary file the replaced file's mode, owner and group, as far as the process may. */
function keepProperties(fd: number, stats: Stats): void {
  const mine = fstatSync(fd);
  if (mine.uid !== stats.uid || mine.gid !== stats.gid) {
    try {
      fchownSync(fd, stats.uid, stats.gid);
    } catch {
      try {
        fchownSync(fd, mine.uid, stats.gid); // keep at least the group when we are a member
      } catch {
        // not permitted: the file becomes ours, as with any editor's save
      }
    }
  }
  fchmodSync(fd, stats.mode & 0o7777);
}

// --- writing ---------------------------------------------------------------------------------------

function writeAllSync(fd: number, data: Uint8Array): void {
  let at = 0;
  while (at < data.length) at += writeSync(fd, data, at, data.length - at);
}

/** Flags for a direct target: never create or truncate a device; append to a regular file behind a descriptor. */
function directFlags(stats: Stats | undefined): number {
  return stats?.isFile() ? constants.O_WRONLY | constants.O_APPEND : constants.O_WRONLY;
}

/**
 * Writes `data` to the file at `path` (absolute) as the module comment describes. Synchronous: a
 * signal is handled after the file is whole.
 * @throws OutputError naming the target (read-only refused, ENOSPC, EACCES, EISDIR …).
 */
export function writeOutputFile(path: string, data: string | Uint8Array, options: OutputOptions = {}): void {
  const display = options.display ?? path;
  const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
  let temp: string | undefined;
  try {
    const plan = planOutput(path, options, display);
    if (plan.how === "direct") {
      const fd = openSync(plan.path, directFlags(plan.stats));
      try {
        writeAllSync(fd, bytes);
      } finally {
        closeSync(fd);
      }
      return;
    }
    let created: { temp: string; fd: number };
    try {
      created = createTemp(plan.path, plan.stats);
    } catch (error) {
      // A folder that does not let us create a file, holding a file we may write: written in place
      // (the content is whole in memory), as editors do.
      if (plan.stats === undefined || !isFolderRefusal(error)) throw error;
      const fd = openSync(plan.path, constants.O_WRONLY | constants.O_TRUNC);
      try {
        writeAllSync(fd, bytes);
      } finally {
        closeSync(fd);
      }
      return;
    }
    temp = created.temp;
    try {
      writeAllSync(created.fd, bytes);
    } finally {
      closeSync(created.fd);
    }
    finish(plan, temp);
  } catch (error) {
    throw outputError(display, error);
  } finally {
    if (temp !== undefined) removeTemp(temp);
  }
}

/** Whether creating a file in a folder failed for lack of permission (not for lack of space). */
function isFolderRefusal(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "EACCES" || code === "EPERM";
}

/** Moves a complete temporary file into place: renamed over the target, or copied into it (hard links). */
function finish(plan: OutputPlan, temp: string): void {
  if (plan.how === "in-place") {
    // copyFileSync opens the existing target with O_TRUNC: same inode, so the other links see it.
    copyFileSync(temp, plan.path);
    return;
  }
  renameSync(temp, plan.path);
  liveTemps.delete(temp);
}

/**
 * Writes a stream of bytes (an archive) to the file at `path` (absolute) as the module comment
 * describes; a regular file is written only once the stream has ended without error. A FIFO is opened
 * without blocking the event loop (the open waits for a reader on a pool thread).
 * @throws OutputError naming the target; the source's own error as it is.
 */
export async function writeOutputStream(
  path: string,
  source: AsyncIterable<Uint8Array>,
  options: OutputOptions = {},
): Promise<void> {
  const display = options.display ?? path;
  const named = <T>(step: () => T): T => {
    try {
      return step();
    } catch (error) {
      throw outputError(display, error);
    }
  };
  let temp: string | undefined;
  let fd: number | undefined;
  try {
    const plan = named(() => planOutput(path, options, display));
    if (plan.how === "direct")
      fd = await openAsync(plan.path, directFlags(plan.stats)).catch((error: unknown) => {
        throw outputError(display, error);
      });
    else ({ temp, fd } = named(() => createTemp(plan.path, plan.stats)));
    for await (const chunk of source) {
      let at = 0;
      while (at < chunk.length) {
        at += await writeAsync(fd, chunk, at, chunk.length - at).catch((error: unknown) => {
          throw outputError(display, error);
        });
      }
    }
    const closing = fd;
    fd = undefined;
    named(() => closeSync(closing));
    if (temp !== undefined) {
      const written = temp;
      named(() => finish(plan, written));
    }
  } finally {
    if (fd !== undefined) closeSync(fd);
    if (temp !== undefined) removeTemp(temp);
  }
}

function openAsync(path: string, flags: number): Promise<number> {
  return new Promise((done, fail) => fsOpen(path, flags, (error, fd) => (error ? fail(error) : done(fd))));
}

function writeAsync(fd: number, data: Uint8Array, offset: number, length: number): Promise<number> {
  return new Promise((done, fail) =>
    fsWrite(fd, data, offset, length, null, (error, written) => (error ? fail(error) : done(written))),
  );
}
