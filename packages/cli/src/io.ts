/**
 * The command's standard streams and environment, injectable so commands can be tested in-process.
 * `stdout`/`stderr` receive whole chunks of text; `isTTY` tells whether stdout is a terminal.
 */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  env: NodeJS.ProcessEnv;
  cwd: string;
  isTTY: boolean;
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
    get stdin() {
      return process.stdin;
    },
  };
}
