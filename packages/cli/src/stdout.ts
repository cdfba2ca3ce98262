/**
 * Standard output's failures, watched for the whole run (docs/cli.md "Output"): a write that fails
 * never passes for success. A closed pipe (`enginekit lint | head -1`, EPIPE) ends the command quietly
 * with exit 141, the status of a Unix tool killed by SIGPIPE (Node ignores that signal); any other error
 * (`> /dev/full`: ENOSPC, a closed descriptor: EBADF) is one line on stderr and exit 3. Never a stack
 * trace, never the findings code.
 */
import { ExitCode } from "./errors.js";

/** The first error standard output reported, if any. */
let failure: NodeJS.ErrnoException | undefined;
let watching = false;
/** Whether anything was written to standard output. */
let written = false;

/** Notes that output was written (a closed standard output then loses it). */
export function noteStdoutWrite(): void {
  written = true;
}

/**
 * Whether the process started with standard output closed (`>&-`). Node then opens `/dev/null` for
 * descriptor 1, read-write, where a shell's `>/dev/null` opens it write-only — told apart on Linux by
 * `/proc/self/fdinfo/1` (elsewhere: never detected).
 */
function startedWithStdoutClosed(): boolean {
  try {
    const fs = process.getBuiltinModule("node:fs");
    if (fs.readlinkSync("/proc/self/fd/1") !== "/dev/null") return false;
    const flags = /^flags:\s*([0-7]+)/m.exec(fs.readFileSync("/proc/self/fdinfo/1", "utf8"))?.[1];
    return flags !== undefined && (Number.parseInt(flags, 8) & 3) === 2;
  } catch {
    return false;
  }
}

/** Records standard output's (and ignores standard error's) errors instead of letting them crash. */
export function watchStandardStreams(): void {
  if (watching) return;
  watching = true;
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    failure ??= error;
  });
  process.stderr.on("error", () => undefined);
}

/** Whether standard output has failed (later output is then pointless). */
export function stdoutFailed(): boolean {
  return failure !== undefined;
}

/**
 * Waits until everything written to standard output has been handed to the system and returns the
 * exit code the run must end with: `code`, or 141 / 3 when standard output failed (with the line for
 * stderr).
 */
export async function settleStdout(code: number): Promise<{ code: number; message?: string }> {
  if (!failure && !process.stdout.destroyed)
    await new Promise<void>((done) =>
      process.stdout.write("", (error) => {
        if (error) failure ??= error;
        done();
      }),
    );
  if (!failure && written && startedWithStdoutClosed())
    failure = Object.assign(new Error("standard output is closed"), { code: "EBADF" });
  if (!failure) return { code };
  // already reported by the command (a failed `build -o -`)
  if (code === ExitCode.unavailable || code === ExitCode.brokenPipe) return { code };
  if (failure.code === "EPIPE") return { code: ExitCode.brokenPipe };
  // loaded only on failure: start-up time
  const { describeIoError } = await import("@enginekit/lint/files");
  return {
    code: ExitCode.unavailable,
    message: `enginekit: cannot write standard output: ${describeIoError(failure)}\n`,
  };
}

/**
 * Writes a byte stream (an archive) to standard output with backpressure, each chunk confirmed
 * before the next is read, so a failure stops the stream at once.
 * @throws the write error (EPIPE, ENOSPC …) — also recorded for {@link settleStdout}.
 */
export async function writeStreamToStdout(source: AsyncIterable<Uint8Array>): Promise<void> {
  if (startedWithStdoutClosed())
    throw Object.assign(new Error("standard output is closed"), { code: "EBADF" });
  for await (const chunk of source) {
    if (failure) throw failure;
    written = true;
    await new Promise<void>((done, fail) =>
      process.stdout.write(chunk, (error) => {
        if (error) {
          failure ??= error;
          fail(error);
        } else done();
      }),
    );
  }
}
