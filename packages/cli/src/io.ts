/**
 * `CliIo`, the command's standard streams, environment and working directory, injectable for in-process
 * tests: `processIo` for the real process, and `readStdin`/`readStdinText` reading standard input up to the
 * size limit of a source file (docs/security.md).
 */
import { formatLimit, MAX_SOURCE_FILE_BYTES } from "@enginekit/node-io";
import { CliError, ExitCode } from "./errors.js";

/**
 * The command's standard streams and environment, injectable so commands can be tested in-process.
 * `stdout`/`stderr` receive whole chunks of text; `isTTY` tells whether stdout is a terminal,
 * `stderrIsTTY` whether stderr is (progress displays; absent = no).
 */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
  cwd: string;
  isTTY: boolean;
  stderrIsTTY?: boolean;
  stdin: NodeJS.ReadableStream;
}

/**
 * The real process streams (stdin is opened only when a command reads it: start-up time). Writes to a
 * standard output that has failed (see `stdout.ts`) are dropped.
 */
export function processIo(): CliIo {
  return {
    stdout: (text) => {
      if (!process.stdout.destroyed) process.stdout.write(text);
    },
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
    isTTY: Boolean(process.stdout.isTTY),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    get stdin() {
      return process.stdin;
    },
  };
}

/**
 * Reads the command's standard input to its end, as bytes (`enginekit build -f -`, `lint -`, `format -`),
 * up to {@link MAX_SOURCE_FILE_BYTES}, the limit of a file read from disk (docs/security.md "Files read
 * from a repository"): more is refused once the limit is crossed, without reading the rest.
 * @throws CliError (exit 3) past the limit; rejects with the stream's error.
 */
export async function readStdin(io: CliIo): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of io.stdin) {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    total += bytes.length;
    if (total > MAX_SOURCE_FILE_BYTES) {
      throw new CliError(
        `standard input is larger than ${formatLimit(MAX_SOURCE_FILE_BYTES)}, the limit enginekit reads`,
        ExitCode.unavailable,
      );
    }
    chunks.push(bytes);
  }
  return Buffer.concat(chunks, total);
}

/**
 * Standard input as UTF-8 text (`enginekit lint -`, `enginekit format -`), decoded as a file's bytes
 * are: invalid sequences become U+FFFD and a byte-order mark stays U+FEFF (`stream/consumers` `text`
 * would drop it, and shift every offset after it against the same file read from disk).
 */
export async function readStdinText(io: CliIo): Promise<string> {
  return (await readStdin(io)).toString("utf8");
}
