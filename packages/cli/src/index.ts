/** @enginekit/cli: the `enginekit` command (lint | build | lsp | secrets | engine), runnable in-process. */
export { CliError, ExitCode, type ExitCodeValue } from "./errors.js";
export { type CliIo, processIo } from "./io.js";
export { createProgram, runCli, setExitCode } from "./program.js";
