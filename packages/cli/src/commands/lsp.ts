import type { Command } from "commander";
import type { CliIo } from "../io.js";

/** Registers `enginekit lsp` (not implemented yet: see the open issue for it). */
export function registerLspCommand(_program: Command, _io: CliIo): void {}
