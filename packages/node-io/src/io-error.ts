/**
 * `fs` errors in words, for the one-line messages of the output writer, the file discovery and the
 * command line ("cannot write F: no space left on device (ENOSPC)").
 */

const ERROR_TEXT: Record<string, string> = {
  ENOSPC: "no space left on device",
  EDQUOT: "disk quota exceeded",
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EROFS: "read-only file system",
  EISDIR: "is a directory",
  ENOTDIR: "a parent is not a directory",
  ENOENT: "no such file or directory",
  EPIPE: "the reader closed the pipe",
  ENXIO: "no reader (a socket or a FIFO nobody reads)",
  EBADF: "the descriptor is closed",
  EIO: "input/output error",
  ELOOP: "too many levels of symbolic links",
  EFBIG: "file too large",
};

/** The one-line reason for an `fs` error: a known code in words, else Node's message. */
export function describeIoError(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  const known = e?.code ? ERROR_TEXT[e.code] : undefined;
  if (known) return `${known} (${e.code})`;
  return e instanceof Error ? e.message : String(error);
}
