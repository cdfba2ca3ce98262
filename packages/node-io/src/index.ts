/**
 * @enginekit/node-io: what every command shares at the edge between enginekit and the machine — the one
 * output writer (`-o`, `-f fmt=file`, `--fix`, `format`, `--iidfile`, `--output`: regular files replaced
 * atomically with mode, owner, symlink target and hard links kept; devices, FIFOs and stdout written
 * directly; docs/security.md "Output files"), the one reader of files a repository holds (regular files
 * only, up to a limit: docs/security.md "Files read from a repository"), the one escaper for untrusted text on a terminal
 * (docs/security.md "Untrusted text"), and `fs` errors in words for one-line messages. No dependencies.
 */

export {
  BoundedReadError,
  type BoundedReadOptions,
  formatLimit,
  MAX_CONFIG_FILE_BYTES,
  MAX_SOURCE_FILE_BYTES,
  readBoundedFile,
} from "./bounded-file.js";
export { describeIoError } from "./io-error.js";
export { OutputError, type OutputOptions, writeOutputFile, writeOutputStream } from "./output-file.js";
export { escapeForTerminal, escapeLinesForTerminal } from "./terminal-text.js";
