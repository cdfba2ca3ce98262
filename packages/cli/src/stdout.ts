/**
 * Standard output's failures, watched for the whole run (docs/cli.md "Output"): a write that fails
 * never passes for success. A write to a closed pipe (`enginekit lint | head -1` once the report outgrew the
 * pipe, EPIPE) ends the command quietly
 * with exit 141, the status of a Unix tool killed by SIGPIPE (Node ignores that signal); any other error
 * (`> /dev/full`: ENOSPC, EBADF) is one line on stderr and exit 3. Never a stack trace, never the
 * findings code. (A standard output closed before the start, `>&-`, cannot be told from `/dev/null`:
 * Node opens `/dev/null` read-write on a closed descriptor 0–2, as it does for a child's `"ignore"`.)
 */
import { ExitCode } from "./errors.js";

/** The first error standard output reported, if any. */
let failure: NodeJS.ErrnoException | undefined;
let watching = false;
/** Records standard output's (and ignores standard error's) errors instead of letting them crash. */
export function watchStandardStreams(): void {
  if (watching) return;
  watching = true;
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    failure ??= error;
  });
  process.stderr.on("error", () => undefined);
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
  if (!failure) return { code };
  // already reported by the command (a failed `build -o -`)
  if (code === ExitCode.unavailable || code === ExitCode.brokenPipe) return { code };
  if (failure.code === "EPIPE") return { code: ExitCode.brokenPipe };
  // loaded only on failure: start-up time
  const { describeIoError } = await import("@enginekit/node-io");
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
  for await (const chunk of source) {
    if (failure) throw failure;
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
