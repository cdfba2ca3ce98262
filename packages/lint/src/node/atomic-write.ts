import { renameSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/**
 * Replaces `path`'s contents atomically: writes a temporary file in the same folder (same file system),
 * keeps the original's mode, then renames it over the original. A failure leaves the original untouched
 * and removes the temporary file. Throws the `fs` error.
 */
export function writeFileAtomic(path: string, text: string): void {
  const temp = join(
    dirname(path),
    `.${basename(path)}.enginekit-${process.pid}-${process.getBuiltinModule("node:crypto").randomBytes(4).toString("hex")}.tmp`,
  );
  let mode: number | undefined;
  try {
    mode = statSync(path).mode & 0o7777;
  } catch {
    mode = undefined;
  }
  try {
    writeFileSync(temp, text, { encoding: "utf8", flag: "wx", ...(mode !== undefined ? { mode } : {}) });
    renameSync(temp, path);
  } catch (error) {
    try {
      unlinkSync(temp);
    } catch {
      // the temporary file was not created
    }
    throw error;
  }
}
