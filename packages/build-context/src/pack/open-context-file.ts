/**
 * Opening a context file to send its bytes, for the archive (`pack-stream.ts`) and for BuildKit's file sync
 * (`file-sync.ts`): read-only and without following a symbolic link in the last component (`O_NOFOLLOW`),
 * so a file the walk saw as a regular file that was replaced by a link before its bytes were sent is
 * refused, not followed to wherever the link points (docs/security.md: what a repository's context can
 * make enginekit read). A link put in place of a parent directory is still followed: Node has no
 * `openat2` with `RESOLVE_NO_SYMLINKS`. The engine CLI follows such a link in both paths (Go's `os.Open`).
 */
import { constants, openSync } from "node:fs";

/** `O_RDONLY | O_NOFOLLOW` where the platform has `O_NOFOLLOW` (Linux, macOS; not Windows). */
const FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0);

/** Opens `path` to read a context file's bytes. @throws the `open` error (`ELOOP` for a link). */
export function openContextFile(path: string): number {
  return openSync(path, FLAGS);
}

/**
 * What happened to a file that could not be opened, for `<path>: <what> while the context was being sent`:
 * `vanished`, `was replaced by a symbolic link` or `became unreadable`.
 */
export function openFailure(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return "vanished";
  if (code === "ELOOP") return "was replaced by a symbolic link";
  return "became unreadable";
}
