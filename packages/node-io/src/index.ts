/**
 * @enginekit/node-io: what every command shares at the edge between enginekit and the machine — the one
 * output writer (`-o`, `-f fmt=file`, `--fix`, `format`, `--iidfile`, `--output`: regular files replaced
 * atomically with mode, owner, symlink target and hard links kept; devices, FIFOs and stdout written
 * directly; docs/security.md "Output files"), the one escaper for untrusted text on a terminal
 * (docs/security.md "Untrusted text"), and `fs` errors in words for one-line messages. No dependencies.
 */

export { describeIoError } from "./io-error.js";
export { OutputError, type OutputOptions, writeOutputFile, writeOutputStream } from "./output-file.js";
export { escapeForTerminal, escapeLinesForTerminal } from "./terminal-text.js";
