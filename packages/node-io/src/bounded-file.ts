/**
 * Reading a file a repository holds — a configuration, an ignore
 * file, an Enginefile, a manifest — without trusting it (docs/security.md "Files read from a
 * repository"). A link in a repository may lead to `/dev/zero`, `/dev/urandom` or a FIFO, and a regular
 * file may be huge: the engine CLI stops reading `.dockerignore` at `token too long`; enginekit refuses
 * anything that is not a regular file before reading a byte, and stops at a size limit, naming the file.
 * The open never blocks (`O_NONBLOCK`: a FIFO without a writer would wait forever) and never makes a
 * terminal the controlling one (`O_NOCTTY`). A path the user named on the command line may be a FIFO or
 * a device (`lint <(cmd)`): with `allowSpecial` it is read, still up to the limit.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";

/** Largest configuration file (`.enginekit.yaml`, `.hadolint.yaml`) and ignore file read: 4 MiB. */
export const MAX_CONFIG_FILE_BYTES = 4 * 1024 * 1024;
/** Largest file linted, formatted or sent as a build file, and largest standard input read: 16 MiB. */
export const MAX_SOURCE_FILE_BYTES = 16 * 1024 * 1024;

/**
 * A file that is not read: `reason` says why (not a regular file, or over the limit). The message is
 * one line, `<file>: <reason>`.
 */
export class BoundedReadError extends Error {
  override name = "BoundedReadError";
  constructor(
    readonly file: string,
    readonly reason: string,
    /** `ENOTREG` (not a regular file) or `EFBIG` (over the limit), as `fs` errors carry a code. */
    readonly code: "ENOTREG" | "EFBIG",
  ) {
    super(`${file}: ${reason}`);
  }
}

/** Options of {@link readBoundedFile}. */
export interface BoundedReadOptions {
  /** Largest size read, in bytes. */
  maxBytes: number;
  /** What the file is, for the message: `the configuration file`, `the ignore file`… */
  what: string;
  /** Read a FIFO, a character device or a socket too (a path the user named), up to `maxBytes`. */
  allowSpecial?: boolean;
  /** The file's name in messages (default `path`). */
  display?: string;
}

/** `16 MiB`, `512 KiB`, `10 bytes`. */
export function formatLimit(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/**
 * The bytes of `path` (see the module comment).
 * @throws BoundedReadError when it is not a regular file (and `allowSpecial` is not set) or holds more
 *   than `maxBytes`; the `fs` error (ENOENT, EACCES, EISDIR…) as it is otherwise.
 */
export function readBoundedFile(path: string, options: BoundedReadOptions): Buffer {
  const shown = options.display ?? path;
  const tooLarge = () =>
    new BoundedReadError(
      shown,
      `${options.what} is larger than ${formatLimit(options.maxBytes)}, the limit enginekit reads`,
      "EFBIG",
    );
  let fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  try {
    const stat = fstatSync(fd);
    // A folder goes on to the read, which fails with the usual EISDIR.
    if (!stat.isFile() && !stat.isDirectory()) {
      if (!options.allowSpecial) {
        throw new BoundedReadError(
          shown,
          `${options.what} is not a regular file (${kindOf(stat)})`,
          "ENOTREG",
        );
      }
      // The user named it: read it as a stream of bytes, blocking as a pipe does.
      closeSync(fd);
      fd = openSync(path, constants.O_RDONLY | constants.O_NOCTTY);
    } else if (stat.isFile() && stat.size > options.maxBytes) {
      throw tooLarge();
    }
    const chunks: Buffer[] = [];
    let total = 0;
    if (stat.isFile() && stat.size > 0) {
      // the size is known: one buffer of that size, as readFileSync does (linting thousands of files)
      const whole = Buffer.allocUnsafe(stat.size);
      while (total < whole.length) {
        const n = readSync(fd, whole, total, whole.length - total, null);
        if (n === 0) break;
        total += n;
      }
      chunks.push(whole.subarray(0, total));
    }
    // A device, a FIFO, or a regular file that grew since the stat: read on, in chunks.
    const chunk = Buffer.allocUnsafe(stat.isFile() ? 4096 : 64 * 1024);
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      total += n;
      // A file may grow between the stat and the read, and a device has no size: count while reading.
      if (total > options.maxBytes) throw tooLarge();
      chunks.push(Buffer.from(chunk.subarray(0, n)));
    }
    return chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

function kindOf(stat: ReturnType<typeof fstatSync>): string {
  if (stat.isCharacterDevice()) return "a character device";
  if (stat.isBlockDevice()) return "a block device";
  if (stat.isFIFO()) return "a FIFO";
  if (stat.isSocket()) return "a socket";
  return "not a file";
}
