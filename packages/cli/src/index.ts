/** @enginekit/cli: the `enginekit` command (lint | build | lsp | secrets | engine), runnable in-process. */
export { CliError, ExitCode, type ExitCodeValue, setExitCode } from "./errors.js";
export { type CliIo, processIo } from "./io.js";
export { createProgram, runCli } from "./program.js";
