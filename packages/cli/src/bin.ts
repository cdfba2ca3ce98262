#!/usr/bin/env node
/**
 * The `enginekit` executable: enables Node's compile cache, runs the command line on the process's
 * standard streams, and exits with its code once standard output has settled (docs/cli.md).
 */
// Node's on-disk compile cache (Node ≥ 22.1) saves re-parsing the command's code at every start; it
// only applies to modules loaded after this call, hence the dynamic imports below. (In the bundle, the
// chunk loader has enabled it already, to name its own code-cache folder: launch/chunk-loader.ts.)
process.getBuiltinModule("node:module").enableCompileCache?.();

// An async function rather than top-level await: the bundle runs this file as a script (docs/cli.md
// "Start-up"), where top-level await does not exist.
async function main(): Promise<void> {
  const { processIo } = await import("./io.js");
  const { settleStdout, watchStandardStreams } = await import("./stdout.js");
  const { runCommandLine } = await import("./command-line.js");

  watchStandardStreams();
  const code = await runCommandLine(process.argv.slice(2), processIo());
  // A failed write to standard output is never success (docs/cli.md "Output").
  const settled = await settleStdout(code);
  if (settled.message) process.stderr.write(settled.message);
  process.exitCode = settled.code;
  // A signal that arrived while a file was written synchronously is still pending: one turn of the event
  // loop delivers it, so the output writer's handler can clean up and end the process by that signal
  // (signal handles do not keep the loop alive; without this turn the signal would be lost).
  await new Promise((resolve) => setImmediate(resolve));
}

void main();
